import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { filterAllergens } from '../../../shared/allergens.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { searchAllergens } from './api.ts';

/**
 * Allergen search (300 ms pause). If the catalogue cannot be reached, the built-in list of
 * the 14 regulated allergens is used, filtered by the typed text (SPEC.md section 8).
 * An allergen already chosen cannot be added twice.
 */
export function AllergenPicker({
  value,
  onChange,
  legend = 'Allergènes',
  placeholder = 'Rechercher un allergène (gluten, lait, œufs…)',
  exclude = [],
  tone = 'red',
}: {
  value: string[];
  onChange: (next: string[]) => void;
  legend?: string;
  placeholder?: string;
  /** Allergens chosen in the other list (« contient » vs « peut contenir »): not offered here. */
  exclude?: string[];
  tone?: 'red' | 'amber';
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const debounced = useDebounced(text.trim(), 300);
  const search = useQuery({
    queryKey: ['allergens', debounced],
    queryFn: ({ signal }) => searchAllergens(debounced, signal),
    staleTime: Infinity,
    retry: false,
  });
  const fallback = search.isError;

  const options = (fallback ? filterAllergens(debounced) : (search.data ?? [])).filter((a) => !value.includes(a.name) && !exclude.includes(a.name)).slice(0, 10);
  const chip = tone === 'red' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900';

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${legend} : sélection`}>
          {value.map((name) => (
            <li key={name} className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ${chip}`}>
              {name}
              <button type="button" aria-label={`Retirer ${name}`} className="ml-1 rounded-full px-1 hover:bg-red-200" onClick={() => onChange(value.filter((v) => v !== name))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="sr-only">
        {placeholder}
      </label>
      <input
        id={inputId}
        placeholder={placeholder}
        className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm shadow-sm"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap gap-2" aria-label={`${legend} : propositions`}>
        {options.map((allergen) => (
          <button
            key={allergen.name}
            type="button"
            className="rounded-full border border-stone-300 bg-white px-2.5 py-1 text-xs text-stone-700 hover:border-red-400 hover:text-red-700"
            onClick={() => {
              if (!value.includes(allergen.name)) onChange([...value, allergen.name]);
              setText('');
            }}
          >
            + {allergen.name}{tone === 'amber' ? ' (traces)' : ''}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
