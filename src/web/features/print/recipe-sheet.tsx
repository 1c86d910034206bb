import type { ReactNode } from 'react';
import type { Recipe, RecipeIngredient } from '../../../shared/api/recipes.ts';
import { CIQUAL_ATTRIBUTION } from '../../../shared/ciqual.ts';
import { isVolume } from '../../../shared/units.ts';
import { ALLERGEN_STATEMENTS } from '../../../shared/allergens.ts';
import { NutriScoreScale, NutriScoreTable } from '../../components/nutri-score-scale.tsx';
import { NutritionDeclaration } from '../../components/nutrition-declaration.tsx';
import { formatEuros, formatNumber } from '../../lib/format.ts';
import { printDate } from './print-document.tsx';
import { ingredientTree } from './ingredient-tree.ts';
import { SheetCostBlock } from './sheet-cost-block.tsx';
import { useCan } from '../../lib/use-can.ts';
import { unitLabel } from '../../../shared/unit-words.ts';

/**
 * The fiche technique is the kitchen's own sheet: an unconfirmed list says so in the team's words;
 * the diner's « demandez au personnel » belongs to the public menu.
 */
const SHEET_UNVERIFIED = 'Allergènes non vérifiés : liste à confirmer dans la recette avant de servir';

const quantity = (value: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value);
/** What turned the line into grams: « 17 g » a unit, « 0,92 g/ml » for a volume (docs/product/decisions.md 17). */
const conversion = (line: RecipeIngredient) =>
  line.unit === 'unité' && line.gramsPerUnit
    ? `${quantity(line.gramsPerUnit)} g`
    : line.unit !== 'portion' && isVolume(line.unit) && line.gramsPerMl
      ? `${quantity(line.gramsPerMl)} g/ml`
      : '';

/** « 1 h 15 min », « 20 min »; null when not given. */
function formatMinutes(minutes: number | null): string | null {
  if (minutes === null) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-[6.5rem] flex-1 px-3 py-2">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

function Block({
  title,
  children,
  className,
  breakable = false,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  /** A block that may run onto the next page (its rows do not); others move whole. */
  breakable?: boolean;
}) {
  return (
    <section className={`${breakable ? '' : 'break-inside-avoid'} ${className ?? ''}`}>
      <h2 className="mb-2 border-b border-stone-300 pb-1 text-sm font-bold uppercase tracking-wide text-brand-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The fiche technique of a recipe: what a cook and a customer asking questions both need, on one A4 page. */
/**
 * `recipes`: the organisation's recipes, so each sub-recipe's lines print under it, indented
 * (src/web/features/print/ingredient-tree.ts); without them a sub-recipe is one line.
 */
export function RecipeSheet({
  recipe,
  restaurantName,
  contact = null,
  recipes = new Map(),
}: {
  recipe: Recipe;
  restaurantName: string;
  contact?: string | null;
  recipes?: ReadonlyMap<string, Recipe>;
}) {
  const seesCosts = useCan('costs:read');
  // « (table Ciqual) » only when every line is a Ciqual food: an own product is the supplier's label.
  const allCiqual = recipe.ingredients.every((line) => line.kind === 'ciqual');
  const facts = [
    { label: 'Portions', value: String(recipe.servings) },
    { label: 'Préparation', value: formatMinutes(recipe.prepTime) ?? '–' },
    { label: 'Cuisson', value: formatMinutes(recipe.cookTime) ?? '–' },
    { label: 'Poids cuit', value: recipe.cookedWeightG ? `${formatNumber(recipe.cookedWeightG)} g` : '–' },
    ...(recipe.price !== null ? [{ label: 'Prix', value: formatEuros(recipe.price) }] : []),
  ];
  return (
    <div className="flex min-h-full flex-col gap-5 text-sm" data-testid="recipe-sheet">
      <header className="flex items-start justify-between gap-4 border-b-2 border-brand-700 pb-3">
        <div className="min-w-0">
          {restaurantName && (
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">{restaurantName}</p>
          )}
          {contact && (
            <p className="text-xs text-stone-600" data-testid="sheet-establishment">
              {contact}
            </p>
          )}
          <h1 className="mt-1 break-words text-3xl font-bold leading-tight">{recipe.name}</h1>
          {recipe.description && <p className="mt-1 whitespace-pre-line text-stone-700">{recipe.description}</p>}
        </div>
        <p className="shrink-0 rounded border border-stone-300 px-2 py-1 text-xs font-semibold uppercase tracking-wide text-stone-600">
          Fiche technique
        </p>
      </header>

      <dl className="flex flex-wrap divide-x divide-stone-200 rounded-lg border border-stone-200">
        {facts.map((fact) => (
          <Fact key={fact.label} {...fact} />
        ))}
      </dl>

      {/* The table may run onto the next page (rows whole, headers repeated): a long list never leaves the first page half empty. */}
      <Block title="Ingrédients" breakable>
        {/* Smaller on a phone so the five columns fit; scrolled sideways if a name still does not. */}
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full border-collapse text-xs sm:text-sm" data-testid="ingredients-table">
            <thead>
              <tr className="border-b border-stone-800 text-left text-xs text-stone-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {allCiqual ? 'Ingrédient (table Ciqual)' : 'Ingrédient'}
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Quantité
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Unité
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Poids unitaire ou densité
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Poids
                </th>
              </tr>
            </thead>
            <tbody>
              {ingredientTree(recipe, recipes).map(({ key, line, depth, quantity: used, grams }) => (
                <tr
                  key={key}
                  className={`break-inside-avoid border-b border-stone-200 align-top ${depth > 0 ? 'text-stone-700' : ''}`}
                  data-depth={depth}
                >
                  <th
                    scope="row"
                    className={`py-1 pr-2 text-left ${line.recipeId ? 'font-semibold' : 'font-normal'}`}
                    style={{ paddingLeft: `${depth * 1.25}rem` }}
                  >
                    {depth > 0 && <span aria-hidden="true">└ </span>}
                    {line.name}
                    {line.recipeId && (
                      <span className="ml-1 text-[10px] font-normal uppercase tracking-wide text-brand-700">
                        sous-recette
                      </span>
                    )}
                  </th>
                  <td className="py-1 pr-2 text-right tabular-nums">{quantity(used)}</td>
                  <td className="py-1 pr-2">
                    {line.unit === 'portion' && line.servings === 1 ? 'fournée' : unitLabel(line.unit)}
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">{conversion(line)}</td>
                  <td className="py-1 text-right tabular-nums">{grams === null ? '–' : `${formatNumber(grams)} g`}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" colSpan={4} className="py-1 pr-2 text-left">
                  Total des ingrédients (cru)
                </th>
                <td className="py-1 text-right tabular-nums">{formatNumber(recipe.nutrition.totalGrams)} g</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </Block>

      {recipe.progression.length > 0 && (
        <Block title="Progression">
          <ol className="list-decimal space-y-1 pl-6" data-testid="sheet-progression">
            {recipe.progression.map((step, index) => (
              <li key={index} className="whitespace-pre-line">
                {step}
              </li>
            ))}
          </ol>
        </Block>
      )}

      <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_14rem] print:grid-cols-[minmax(0,1fr)_14rem]">
        {/* The block's title already names the table: its own caption is left to screen readers. */}
        <Block
          title="Déclaration nutritionnelle"
          className="[&_caption]:sr-only sm:[&_thead_th]:whitespace-nowrap print:[&_thead_th]:whitespace-nowrap"
        >
          <NutritionDeclaration recipe={recipe} />
        </Block>

        <div className="space-y-5">
          <Block title="Allergènes">
            <div className="space-y-2">
              {recipe.allergenStatus === 'unverified' && (
                <p
                  className="rounded-md border-2 border-orange-500 bg-orange-50 p-2 font-bold text-orange-900"
                  data-testid="sheet-allergens-unverified"
                >
                  {SHEET_UNVERIFIED}
                </p>
              )}
              <div className="rounded-md border-2 border-stone-800 p-2" data-testid="sheet-allergens">
                <p className="font-bold">Contient :</p>
                <p>
                  {recipe.allergens.length > 0
                    ? recipe.allergens.join(', ')
                    : recipe.allergenStatus === 'declared'
                      ? ALLERGEN_STATEMENTS.none
                      : 'liste non confirmée'}
                </p>
              </div>
              <div className="rounded-md border border-dashed border-stone-500 p-2" data-testid="sheet-traces">
                <p className="font-semibold">Peut contenir (traces) :</p>
                <p>{recipe.traces.length > 0 ? recipe.traces.join(', ') : 'aucune trace signalée'}</p>
              </div>
              <p className="text-xs text-stone-500">
                Allergènes du règlement (UE) n° 1169/2011, annexe II, déclarés par l’établissement.
              </p>
            </div>
          </Block>

          <Block title="Régimes">
            <p data-testid="sheet-diets">
              {recipe.dietaryInfo.length > 0 ? recipe.dietaryInfo.join(' · ') : 'Aucun régime indiqué'}
            </p>
          </Block>

          <Block title="Nutri-Score">
            <div data-testid="sheet-nutriscore">
              {recipe.nutriScore.available ? (
                <div className="space-y-1">
                  <NutriScoreScale letter={recipe.nutriScore.letter} />
                  {recipe.fruitVegLegumePercent !== null && (
                    <p className="text-xs text-stone-600">
                      Fruits, légumes et légumineuses : {formatNumber(recipe.fruitVegLegumePercent)}
                      {'\u00a0'}%
                    </p>
                  )}
                  <NutriScoreTable value={recipe.nutriScore} />
                </div>
              ) : (
                <div className="space-y-1">
                  <p className="text-stone-600">Non calculé : {recipe.nutriScore.reason}</p>
                  <NutriScoreTable value={recipe.nutriScore} />
                </div>
              )}
            </div>
          </Block>
        </div>
      </div>

      {/* A kitchen that prices nothing (no selling price, no line with a price) gets no block of dashes. */}
      {seesCosts && (recipe.price !== null || recipe.costMissing.length < recipe.ingredients.length) && (
        <Block title="Coûts">
          <SheetCostBlock recipe={recipe} />
        </Block>
      )}

      <footer className="mt-auto space-y-1 border-t border-stone-300 pt-2 text-[10px] leading-snug text-stone-500">
        <p>{CIQUAL_ATTRIBUTION}</p>
        <p className="flex justify-between gap-4">
          <span>Imprimé le {printDate()}</span>
          <span>NutriCarte</span>
        </p>
      </footer>
    </div>
  );
}
