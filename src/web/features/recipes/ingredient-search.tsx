import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { cn } from '../../lib/cn.ts';
import { useIngredientSearch } from './api.ts';

const SEARCH_MIN_CHARS = 3;
const SEARCH_DEBOUNCE_MS = 300;
const CLOSE_AFTER_BLUR_MS = 200;

/**
 * The ingredient dropdown of docs/product/spec.md: starts at 3 characters after a 300 ms pause, shows
 * « Recherche en cours... » and « Aucun ingrédient trouvé », closes 200 ms after blur, and
 * works with the arrows and Enter (ARIA combobox pattern).
 */
export function IngredientSearch({ onSelect, id }: { onSelect: (hit: IngredientHit) => void; id?: string }) {
  const listId = useId();
  const ownId = useId();
  const inputId = id ?? ownId;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const query = text.trim();
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= SEARCH_MIN_CHARS;

  const search = useIngredientSearch(debounced, enabled);

  useEffect(() => {
    if (search.isError) toast.error('Erreur lors de la recherche d’ingrédients');
  }, [search.isError]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hits = search.isError ? [] : (search.data ?? []);
  const waiting = query.length >= SEARCH_MIN_CHARS && (query !== debounced || search.isFetching);
  const showList = open && query.length >= SEARCH_MIN_CHARS;

  const choose = (hit: IngredientHit | undefined) => {
    if (!hit) return;
    onSelect(hit);
    setText('');
    setActive(0);
    setOpen(false);
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        Rechercher un ingrédient (table Ciqual)
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && hits[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Ex. : tomate, crème fraîche, farine…"
        className="mt-1 block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), CLOSE_AFTER_BLUR_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, Math.max(hits.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === 'Enter') {
            if (showList && hits.length > 0 && !waiting) {
              event.preventDefault();
              choose(hits[active]);
            } else if (showList) event.preventDefault();
          } else if (event.key === 'Escape') setOpen(false);
        }}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Ingrédients trouvés"
          className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-stone-200 bg-white py-1 text-sm shadow-lg"
        >
          {waiting ? (
            <li className="px-3 py-2 text-stone-500" role="presentation">
              Recherche en cours...
            </li>
          ) : hits.length === 0 ? (
            <li className="px-3 py-2 text-stone-500" role="presentation">
              Aucun ingrédient trouvé
            </li>
          ) : (
            hits.map((hit, index) => (
              <li
                key={`${hit.kind}-${hit.id}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer px-3 py-2',
                  index === active ? 'bg-brand-50 text-brand-900' : 'hover:bg-stone-50',
                )}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(hit)}
              >
                <span className="block">{hit.name}</span>
                <span className="block text-xs text-stone-500">
                  {hit.per100g.energyKcal === null
                    ? 'énergie inconnue'
                    : `${Math.round(hit.per100g.energyKcal)} kcal / 100 g`}
                  {hit.group ? ` · ${hit.group}` : ''}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
