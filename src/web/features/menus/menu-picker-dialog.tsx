import { useState } from 'react';
import type { Menu } from '../../../shared/api/menus.ts';
import { Badge, Spinner } from '../../components/ui/card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMenus } from './api.ts';
import { PickerDialog } from './picker-dialog.tsx';
import { filterByText } from './text-filter.ts';

/**
 * docs/product/spec.md « Mes Menus »: a dialog that loads the owner's menus and filters them by a text over
 * name and description (case-insensitive; accents ignored too). Render it to open it.
 */
export function MenuPickerDialog({ onSelect, onClose }: { onSelect: (menu: Menu) => void; onClose: () => void }) {
  const menus = useMenus();
  const [query, setQuery] = useState('');
  const shown = filterByText(menus.data ?? [], query);

  return (
    <PickerDialog
      title="Choisir un menu"
      description="Sélectionnez l’un de vos menus."
      searchLabel="Rechercher un menu"
      placeholder="Rechercher un menu..."
      query={query}
      onQueryChange={setQuery}
      onClose={onClose}
    >
      {menus.isPending ? (
        <Spinner label="Chargement des menus..." />
      ) : menus.isError ? (
        <p role="alert" className="py-10 text-center text-red-700">
          Erreur lors du chargement des menus
        </p>
      ) : shown.length === 0 ? (
        <p className="py-10 text-center text-stone-600">Aucun menu trouvé</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Menus">
          {shown.map((menu) => (
            <li
              key={menu.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{menu.name}</span>
                  <Badge tone={menu.isActive ? 'green' : 'neutral'}>{menu.isActive ? 'Actif' : 'Inactif'}</Badge>
                </p>
                {menu.description && (
                  <p className="line-clamp-2 break-words text-sm text-stone-600">{menu.description}</p>
                )}
              </div>
              <Button
                size="sm"
                className="self-start sm:self-auto"
                onClick={() => onSelect(menu)}
                aria-label={`Sélectionner ${menu.name}`}
              >
                Sélectionner
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PickerDialog>
  );
}
