import { ALLERGEN_NAMES, ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import { cn } from '../../lib/cn.ts';
import type { ReactNode } from 'react';
import type { AllergenGroup, AllergenPresence, AllergenRow } from './allergen-table.ts';
import { printDate } from './print-document.tsx';

const SYMBOL: Record<AllergenPresence, { glyph: string; text: string }> = {
  contains: { glyph: '●', text: 'Contient' },
  traces: { glyph: '○', text: 'Traces possibles' },
  none: { glyph: '', text: '' },
};

function Cell({ presence }: { presence: AllergenPresence }) {
  const { glyph, text } = SYMBOL[presence];
  return (
    <td className="border border-stone-300 text-center align-middle text-lg leading-none" data-state={presence}>
      {glyph && (
        <>
          <span aria-hidden="true" className={presence === 'contains' ? 'text-stone-900' : 'text-stone-700'}>
            {glyph}
          </span>
          <span className="sr-only">{text}</span>
        </>
      )}
    </td>
  );
}

/** The 14 cells, or one sentence across them: never an empty row a diner could misread (docs/product/decisions.md 15). */
function RowCells({ row }: { row: AllergenRow }) {
  const across = (className: string, children: ReactNode) => (
    <td
      colSpan={ALLERGEN_NAMES.length}
      className={cn('border border-stone-300 px-2 py-1 text-center text-xs', className)}
      data-state={row.status}
    >
      {children}
    </td>
  );
  if (!row.cells) return across('text-red-700', 'Fiche recette introuvable : vérifiez ce plat avant d’imprimer.');
  if (row.status === 'unverified') {
    return across(
      'bg-orange-50 font-semibold text-orange-900',
      <>
        {ALLERGEN_STATEMENTS.unverified}
        {/* One message: what an unconfirmed list names would read as the answer (docs/decisions/0036). */}
      </>,
    );
  }
  if (row.status === 'none') return across('text-stone-700', ALLERGEN_STATEMENTS.none);
  return row.cells.map((presence, i) => <Cell key={ALLERGEN_NAMES[i]} presence={presence} />);
}

function Legend() {
  return (
    <dl
      className="flex flex-wrap items-center gap-x-6 gap-y-1 text-xs"
      aria-label="Légende"
      data-testid="allergen-legend"
    >
      <div className="flex items-center gap-2">
        <dt aria-hidden="true" className="text-base leading-none">
          ●
        </dt>
        <dd>Contient cet allergène</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt aria-hidden="true" className="text-base leading-none">
          ○
        </dt>
        <dd>Peut contenir des traces (contamination possible)</dd>
      </div>
      <div className="flex items-center gap-2">
        <dt aria-hidden="true" className="inline-block h-3.5 w-3.5 border border-stone-400" />
        <dd>Case vide : absent de la recette (liste confirmée par l’établissement)</dd>
      </div>
    </dl>
  );
}

/**
 * The allergen table French restaurants must make available (règlement (UE) n° 1169/2011,
 * décret n° 2015-447): one row per dish, one column per regulated allergen.
 */
export function AllergenSheet({
  groups,
  menuName,
  restaurantName,
  contact = null,
}: {
  groups: AllergenGroup[];
  menuName: string;
  restaurantName: string;
  contact?: string | null;
}) {
  const dishes = groups.reduce((n, g) => n + g.rows.length, 0);
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="allergen-sheet">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b-2 border-brand-700 pb-3">
        <div className="min-w-0">
          {restaurantName && (
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">{restaurantName}</p>
          )}
          {contact && (
            <p className="text-xs text-stone-600" data-testid="sheet-establishment">
              {contact}
            </p>
          )}
          <h1 className="mt-1 text-2xl font-bold leading-tight">Tableau des allergènes</h1>
          <p className="mt-0.5 break-words text-base text-stone-700">
            Menu : <span className="font-semibold text-stone-900">{menuName}</span>
          </p>
        </div>
        <p className="text-right text-xs text-stone-600">
          Établi le {printDate()}
          <br />
          {dishes} plat{dishes > 1 ? 's' : ''}
        </p>
      </header>

      {dishes === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-600">
          Aucun plat lié à une recette dans ce menu : ajoutez des recettes au menu pour établir son tableau des
          allergènes.
        </p>
      ) : (
        // `relative`: the screen-reader texts (sr-only, absolutely positioned) stay inside this
        // scroller; without it they escape to the page and widen it on a phone (e2e/phone.spec.ts).
        // A named region in the tab order: on a phone the keyboard scrolls it (RGAA 12.9, axe
        // `scrollable-region-focusable`).
        <div
          className="relative overflow-x-auto print:overflow-visible"
          role="region"
          aria-label={`Tableau des allergènes du menu ${menuName}`}
          tabIndex={0}
        >
          <table
            className="w-full min-w-[900px] table-fixed border-collapse print:min-w-0"
            data-testid="allergen-table"
          >
            <caption className="sr-only">
              Allergènes des plats du menu {menuName} : ● contient, ○ traces possibles, case vide : absent.
            </caption>
            <colgroup>
              <col className="w-[24%]" />
              {ALLERGEN_NAMES.map((name) => (
                <col key={name} />
              ))}
            </colgroup>
            <thead>
              <tr className="bg-stone-100">
                <th
                  scope="col"
                  className="border border-stone-300 px-2 py-1 text-left align-bottom text-xs font-semibold"
                >
                  Plat
                </th>
                {ALLERGEN_NAMES.map((name) => (
                  <th
                    key={name}
                    scope="col"
                    className="border border-stone-300 px-0.5 py-1.5 text-center align-bottom text-[11px] font-semibold leading-tight"
                  >
                    {/* Read from bottom to top, as on printed allergen charts: 14 columns fit a landscape A4. */}
                    <span className="inline-block max-h-[7.5rem] rotate-180 text-left [writing-mode:vertical-rl]">
                      {name}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.sectionId} className="break-inside-avoid">
                <tr>
                  <th
                    scope="rowgroup"
                    colSpan={ALLERGEN_NAMES.length + 1}
                    className="border border-stone-300 bg-brand-50 px-2 py-1 text-left text-xs font-bold uppercase tracking-wide text-brand-800"
                  >
                    {group.name}
                  </th>
                </tr>
                {group.rows.map((row) => (
                  <tr
                    key={row.itemId}
                    className={cn('even:bg-stone-50', !row.available && 'text-stone-500')}
                    data-testid="allergen-row"
                  >
                    <th scope="row" className="border border-stone-300 px-2 py-1 text-left font-medium">
                      <span className="break-words">{row.name}</span>
                      {row.recipeName && (
                        <span className="block text-[10px] font-normal text-stone-500">Recette : {row.recipeName}</span>
                      )}
                      {row.origins.length > 0 && (
                        <span className="block text-[10px] font-normal text-stone-600">{row.origins.join(' · ')}</span>
                      )}
                      {!row.available && <span className="text-[10px] font-normal italic"> (indisponible)</span>}
                    </th>
                    <RowCells row={row} />
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}

      <Legend />
      <footer className="space-y-1 border-t border-stone-300 pt-2 text-[10px] leading-snug text-stone-500">
        <p>
          Les 14 allergènes à déclaration obligatoire (règlement (UE) n° 1169/2011, annexe II ; décret n° 2015-447 du 17
          avril 2015), d’après les fiches recettes de l’établissement. Pour toute question sur la composition d’un plat,
          adressez-vous à notre personnel.
        </p>
        <p className="text-right">NutriCarte</p>
      </footer>
    </div>
  );
}
