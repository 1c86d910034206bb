import { buildDeclaration, formatDeclared, RI_STATEMENT } from '../../shared/inco.ts';
import type { Nutrient } from '../../shared/nutrition.ts';
import { NBSP, withUnit } from '../../shared/typography.ts';
import { formatNumber } from '../lib/format.ts';
import { cn } from '../lib/cn.ts';

export interface DeclarationSource {
  servings: number;
  cookedWeightG: number | null;
  nutrition: {
    totals: Record<Nutrient, number | null>;
    missing: Partial<Record<Nutrient, string[]>>;
    totalGrams: number;
  };
}

/**
 * The EU nutrition declaration (INCO) of a recipe: per 100 g of the dish and per portion,
 * with % of the reference intakes. A gap is shown as a partial value (« ≥ »), never as zero.
 */
export function NutritionDeclaration({ recipe, className }: { recipe: DeclarationSource; className?: string }) {
  const d = buildDeclaration(
    recipe.nutrition.totals,
    recipe.nutrition.missing,
    recipe.nutrition.totalGrams,
    recipe.servings,
    recipe.cookedWeightG,
  );
  const partial = d.lines.some((l) => l.partial);
  // « ≥ 1 530 kJ » stays on one line: a narrow cell never parts a value from its unit.
  const atLeast = (isPartial: boolean) => (isPartial ? `≥${NBSP}` : '');
  const value = (key: Nutrient, v: number | null, isPartial: boolean, unit: string) =>
    withUnit(v === null ? '–' : `${atLeast(isPartial)}${formatDeclared(key, v)}`, unit);
  return (
    <figure className={cn('overflow-x-auto text-sm print:overflow-visible', className)}>
      <table className="w-full border-collapse" data-testid="nutrition-declaration">
        <caption className="pb-2 text-left font-semibold">Déclaration nutritionnelle</caption>
        <thead>
          <tr className="border-b-2 border-stone-800 text-left">
            <th scope="col" className="py-1 pr-1.5 sm:pr-2 font-medium">
              <span className="sr-only">Nutriment</span>
            </th>
            <th scope="col" className="py-1 pr-1.5 sm:pr-2 text-right font-medium">
              Pour 100 g
            </th>
            <th scope="col" className="py-1 pr-1.5 sm:pr-2 text-right font-medium">
              Par portion ({formatNumber(d.portionGrams)} g)
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              % AR*
            </th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l, i) => {
            const sub = l.label.startsWith('dont');
            const energyKcal = l.key === 'energyKcal';
            return (
              <tr key={l.key} className={cn(!energyKcal && i > 0 && 'border-t border-stone-200')}>
                <th
                  scope="row"
                  className={cn(
                    'py-1 pr-1.5 sm:pr-2 text-left font-normal',
                    sub && 'pl-4 text-stone-700',
                    energyKcal && 'sr-only',
                  )}
                >
                  {l.label}
                </th>
                <td className="py-1 pr-1.5 sm:pr-2 text-right tabular-nums">
                  {value(l.key, l.per100g, l.partial, l.unit)}
                </td>
                <td className="py-1 pr-1.5 sm:pr-2 text-right tabular-nums">
                  {value(l.key, l.perPortion, l.partial, l.unit)}
                </td>
                <td className="py-1 text-right tabular-nums">
                  {l.riPercent === null ? '' : withUnit(`${atLeast(l.partial)}${l.riPercent}`, '%')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <figcaption className="mt-2 space-y-1 text-xs text-stone-600">
        <p>* {RI_STATEMENT}.</p>
        <p>
          « Pour 100 g » se rapporte au plat{' '}
          {recipe.cookedWeightG
            ? `cuit (${formatNumber(recipe.cookedWeightG)} g au total)`
            : `cru (${formatNumber(recipe.nutrition.totalGrams)} g d’ingrédients)`}
          .
        </p>
        {partial && (
          <p className="text-orange-800">
            « ≥ » : valeur partielle, des ingrédients n’ont pas cette donnée dans la table Ciqual.
          </p>
        )}
      </figcaption>
    </figure>
  );
}
