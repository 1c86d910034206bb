import type { ProducedAmount, ProductionAnswer } from '../../../shared/api/meal-plans.ts';
import { POPULATION_LABELS, SERVICE_LABELS, SLOT_LABELS, type Population } from '../../../shared/catering/catering.ts';
import { PORTION_LINE_LABELS } from '../../../shared/catering/portions.ts';
import { formatNumber } from '../../lib/format.ts';

/** « 10,5 », « 2,25 », « 5 »: as many decimals as the number has (the API rounds it already). */
export const looseNumber = (value: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }).format(value);

/** « 21,9 kg », « 375 pièces », « 2,5 l »: as a cook reads them. */
export const amountText = (a: Pick<ProducedAmount, 'quantity' | 'unit'>) => `${looseNumber(a.quantity)}\u00a0${a.unit}`;

const kg = (grams: number) => `${formatNumber(grams / 1000, 1)}\u00a0kg`;

/** « PAI arachides » keeps its capitals; « Sans porc » reads « sans porc » inside a sentence. */
const inSentence = (label: string) => (label.startsWith('PAI') ? label : label.toLocaleLowerCase('fr'));

/** « Portion servie, plat protidique : élémentaire 70 g (source : arrêté du 30 septembre 2011, annexe II, steak haché…) ». */
function portionSentence(dish: ProductionAnswer['dishes'][number]): string {
  const cells = Object.entries(dish.portionGrams).map(([p, grams]) => {
    const population = p as Population;
    const source = dish.portionSourceTexts[population] ?? '';
    const weight = grams === null || grams === undefined ? 'une portion de la recette' : `${grams}\u00a0g`;
    const named = source && dish.portionSources[population] !== 'recette' ? ` (source\u00a0: ${source})` : '';
    return `${POPULATION_LABELS[population].toLocaleLowerCase('fr')} ${weight}${named}`;
  });
  const line =
    dish.portionLine === 'plat' || dish.portionLine === 'plat_compose' || dish.portionLine === 'patisserie'
      ? `, ${PORTION_LINE_LABELS[dish.portionLine].toLocaleLowerCase('fr')}`
      : '';
  const unscaled = dish.scaled
    ? ''
    : '. Poids de portion de la recette inconnu\u00a0: une portion de la recette par convive';
  return `Portion servie${line}\u00a0: ${cells.join(', ')}${unscaled}`;
}

/**
 * The production sheet of a day, on screen and on paper: each dish for the covers that eat
 * it (variants apart) in served weight, the raw quantities from the recipe's yield, then one
 * total per ingredient for the day.
 */
export function ProductionView({ sheet, headingLevel = 3 }: { sheet: ProductionAnswer; headingLevel?: 2 | 3 }) {
  // Under the page's h1 on the printed sheet, under the card's h2 in « Plans de menus » (RGAA 9.1).
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const covers = Object.entries(sheet.covers).filter(([, n]) => n > 0);
  return (
    <div className="space-y-4 text-sm" data-testid="production-sheet">
      <p className="text-stone-700">
        {covers.length === 0
          ? 'Aucun convive ce jour-là.'
          : `Convives (${sheet.coversSource === 'etablissement' ? 'de l’établissement' : 'saisis'})\u00a0: ${covers
              .map(([p, n]) => `${POPULATION_LABELS[p as Population].toLocaleLowerCase('fr')} ${n}`)
              .join(', ')}`}
        {sheet.variants.length > 0 &&
          ` · dont ${sheet.variants.map((v) => `${v.count}\u00a0${inSentence(v.label)}`).join(', ')}`}
      </p>
      {sheet.closed && <p className="font-medium text-orange-900">Pas de service ce jour-là&nbsp;: {sheet.closed}.</p>}
      {sheet.warnings.length > 0 && (
        <ul className="rounded-lg bg-orange-50 p-3 text-orange-900" role="note">
          {sheet.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {sheet.dishes.length === 0 ? (
        <p className="text-stone-600">Aucun plat planifié ce jour-là.</p>
      ) : (
        <>
          {sheet.dishes.map((d) => (
            <section key={`${d.service}-${d.slot}-${d.variant ?? ''}`} className="break-inside-avoid">
              <Heading className="font-semibold">
                {SERVICE_LABELS[d.service]}, {SLOT_LABELS[d.slot].toLocaleLowerCase('fr')}
                {d.variantLabel ? ` (${inSentence(d.variantLabel)})` : ''}&nbsp;: {d.recipeName}
              </Heading>
              <p className="text-xs text-stone-600">
                {d.coversTotal} convives
                {d.servedGrams !== null ? ` · ${kg(d.servedGrams)} servis (cuits)` : ''}
                {d.yieldPercent !== null && d.yieldPercent !== 100
                  ? ` · rendement de la recette ${formatNumber(d.yieldPercent, 1)}\u00a0%`
                  : ''}
              </p>
              <p className="text-xs text-stone-500">{portionSentence(d)}</p>
              <table className="mt-1 w-full text-left">
                <caption className="sr-only">Quantités crues à sortir pour {d.recipeName}</caption>
                <tbody>
                  {d.ingredients.map((i, n) => (
                    <tr key={n} className="border-t border-stone-100">
                      <th scope="row" className="py-0.5 pr-2 text-left font-normal">
                        {i.name}
                      </th>
                      <td className="py-0.5 text-right tabular-nums whitespace-nowrap">{amountText(i)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <section className="break-inside-avoid">
            <Heading className="font-semibold">Total du jour, par ingrédient (cru)</Heading>
            <table className="mt-1 w-full text-left" data-testid="production-totals">
              <tbody>
                {sheet.totals.map((i) => (
                  <tr key={i.name + i.unit} className="border-t border-stone-100">
                    <th scope="row" className="py-0.5 pr-2 text-left font-normal">
                      {i.name}
                    </th>
                    <td className="py-0.5 text-right tabular-nums whitespace-nowrap">{amountText(i)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
