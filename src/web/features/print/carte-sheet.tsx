import type { ReactNode } from 'react';
import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import { DINER_TEXTS } from '../../../shared/diner/texts.ts';
import { decimalText } from '../../../shared/decimal.ts';
import type { Carte, CarteDish } from './carte.ts';

const t = DINER_TEXTS.fr;
const euros = (value: number) => `${decimalText(value, 2, 2)}\u00a0€`;

/** A name and its price on one line, joined by dots as on a paper carte. */
function PricedLine({ name, price, children }: { name: ReactNode; price: number | null; children?: ReactNode }) {
  return (
    <div className="flex items-baseline gap-2">
      <h3 className="text-[15px] font-semibold text-stone-900">{name}</h3>
      {children}
      <span aria-hidden="true" className="min-w-4 flex-1 translate-y-[-3px] border-b border-dotted border-stone-400" />
      {price !== null && (
        <span className="whitespace-nowrap text-[15px] font-semibold tabular-nums">{euros(price)}</span>
      )}
    </div>
  );
}

/** The allergen line, never empty (docs/product/decisions.md 15): the list, « aucun des 14 » or « demandez au personnel ». */
function allergenLine(dish: CarteDish): string {
  if (dish.allergenStatus === 'unverified') return ALLERGEN_STATEMENTS.unverified;
  const parts = [
    dish.allergens.length ? `${t.allergens} ${dish.allergens.join(', ')}` : `${t.allergens} ${t.allergensNone}`,
  ];
  if (dish.traces.length) parts.push(`${t.traces} ${dish.traces.join(', ')}`);
  return parts.join(' · ');
}

function Dish({ dish }: { dish: CarteDish }) {
  return (
    <li className="break-inside-avoid py-1.5" data-testid="carte-dish">
      <PricedLine name={dish.name} price={dish.price}>
        {dish.homemade && (
          <span className="rounded-full border border-brand-700 px-1.5 text-[10px] font-semibold uppercase tracking-wide text-brand-800">
            {t.homemade}
          </span>
        )}
      </PricedLine>
      {dish.description && <p className="text-[13px] italic text-stone-700">{dish.description}</p>}
      {dish.origins.length > 0 && <p className="text-[12px] text-stone-700">{dish.origins.join(' · ')}</p>}
      <p className="text-[12px] text-stone-600">{allergenLine(dish)}</p>
    </li>
  );
}

/**
 * The A4 carte (docs/product/formules.md): what the public page shows, on paper, headed by the establishment,
 * the formules first, the legal mentions and the QR code of the phone page at the foot.
 */
export function CarteSheet({
  carte,
  menuName,
  restaurantName,
  contact,
  qr,
}: {
  carte: Carte;
  menuName: string;
  restaurantName: string;
  contact: string | null;
  qr: ReactNode;
}) {
  const homemade = carte.sections.some((s) => s.dishes.some((d) => d.homemade));
  return (
    <article className="space-y-5 font-serif text-stone-900" aria-label={`Carte ${menuName}`}>
      <header className="border-b-2 border-brand-700 pb-3 text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-accent-700">{restaurantName}</p>
        <h1 className="mt-1 break-words text-3xl font-bold">{menuName}</h1>
        {contact && <p className="mt-1 text-xs text-stone-600">{contact}</p>}
      </header>
      {carte.formules.length > 0 && (
        <section
          aria-labelledby="carte-formules"
          className="break-inside-avoid rounded-lg border border-brand-700 px-4 py-3"
        >
          <h2 id="carte-formules" className="text-center text-sm font-bold uppercase tracking-[0.2em] text-brand-800">
            {t.setMenus}
          </h2>
          <ul className="mt-2 space-y-1.5">
            {carte.formules.map((f) => (
              <li key={f.id} data-testid="carte-formule">
                <PricedLine name={f.name} price={f.price} />
                <p className="text-[13px] text-stone-700">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="gap-8 sm:columns-2 print:columns-2">
        {carte.sections.map((section) => (
          <section key={section.id} aria-labelledby={`carte-${section.id}`} className="mb-4 break-inside-avoid-column">
            <h2
              id={`carte-${section.id}`}
              className="border-b border-stone-300 pb-1 text-lg font-bold uppercase tracking-wide text-brand-800"
            >
              {section.name}
            </h2>
            {section.description && <p className="mt-1 text-[13px] italic text-stone-600">{section.description}</p>}
            <ul>
              {section.dishes.map((dish) => (
                <Dish key={dish.id} dish={dish} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <footer className="flex break-inside-avoid items-center gap-4 border-t border-stone-300 pt-3">
        <div className="shrink-0">{qr}</div>
        <div className="space-y-1 text-[12px] text-stone-700">
          <p className="font-semibold text-stone-900">
            Scannez pour lire la carte sur votre téléphone, en cinq langues, avec les informations nutritionnelles.
          </p>
          <p>{t.pricesNote}.</p>
          {homemade && <p>{t.homemadeLegend}.</p>}
        </div>
      </footer>
    </article>
  );
}
