import type { LineUnit } from '../../../shared/api/recipes.ts';
import { readQuantityWithUnit } from '../../../shared/unit-words.ts';
import { DecimalInput } from '../../components/ui/decimal-input.tsx';
import { formatNumber } from '../../lib/format.ts';
import { lineFieldError, lineGrams, lineUnitLabel, lineUnits, type DraftLine, type LineField } from './draft-lines.ts';
import { LineConversion } from './line-conversion.tsx';
import type { LineCost } from './line-costs.ts';
import { LinePrice } from './line-price.tsx';

/** Errors of the lines, keyed `${line.key}.${field}` (they follow a line when another is removed). */
export type LineErrors = Record<string, string>;

export function IngredientLines({
  lines,
  onChange,
  errors,
  onErrorsChange,
  onLineDone,
  costs,
}: {
  /** Each line's price (src/web/features/recipes/line-costs.ts), by key; absent: prices are not shown. */
  costs?: Record<string, LineCost>;
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  errors: LineErrors;
  onErrorsChange: (update: (current: LineErrors) => LineErrors) => void;
  /** Enter on a line's unit: the next line starts (the form puts the focus back in the search). */
  onLineDone?: () => void;
}) {
  const showError = (line: DraftLine, field: LineField, always: boolean) =>
    onErrorsChange((current) => {
      const key = `${line.key}.${field}`;
      // While typing, an error already shown follows the text; a new one waits for the field to be left.
      if (!always && !(key in current)) return current;
      const { [key]: _previous, ...rest } = current;
      const message = lineFieldError(line, field);
      return message ? { ...rest, [key]: message } : rest;
    });
  const update = (line: DraftLine, patch: Partial<DraftLine>, field?: LineField, always = false) => {
    const next = { ...line, ...patch };
    onChange(lines.map((l) => (l.key === line.key ? next : l)));
    if (field) showError(next, field, always);
    // A new unit asks at once for what it needs (« 1 unité = … g », « densité »), and drops the other's error.
    if (patch.unit) for (const conversion of ['gramsPerUnit', 'gramsPerMl'] as const) showError(next, conversion, true);
  };
  // « 20 cl » typed in the quantity: the unit goes to its list; a unit the line does not take is
  // refused at once, next to the field, and the line counts for nothing until it is corrected.
  const typeQuantity = (line: DraftLine, text: string) => {
    const read = readQuantityWithUnit(text, lineUnits(line), line.servings === 1);
    if ('unit' in read && read.unit) update(line, { quantity: read.quantity, unit: read.unit as LineUnit }, 'quantity');
    else update(line, { quantity: text }, 'quantity', 'error' in read);
  };
  if (lines.length === 0) return null;
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Ingrédients de la recette">
      {lines.map((line) => {
        const quantityError = errors[`${line.key}.quantity`];
        const codeError = errors[`${line.key}.code`];
        return (
          <li
            key={line.key}
            className="grid grid-cols-[1fr_auto] gap-2 p-3 sm:grid-cols-[1fr_7rem_6rem_auto] sm:items-start"
          >
            <div className="col-start-1 row-start-1 min-w-0 sm:col-auto sm:row-auto sm:pt-2">
              <p className="truncate text-sm font-medium" title={line.name}>
                {line.name}
              </p>
              {line.recipeId !== null && (
                <p className="text-xs text-brand-800">
                  {line.servings === 1 ? 'Ma recette de base (une fournée)' : 'Ma recette (sous-recette)'}
                </p>
              )}
              {line.productId !== null && (
                <p className="text-xs text-brand-800">
                  Mon produit{line.allergens.length > 0 ? ` · contient : ${line.allergens.join(', ')}` : ''}
                </p>
              )}
              {line.per100g.energyKcal === null && (
                <p className="text-xs text-orange-700">
                  {line.productId === null ? 'Énergie inconnue dans Ciqual' : 'Énergie non renseignée'}
                </p>
              )}
              {codeError && <p className="text-xs text-red-600">{codeError}</p>}
              {errors[`${line.key}.productId`] && (
                <p className="text-xs text-red-600">{errors[`${line.key}.productId`]}</p>
              )}
              {costs?.[line.key] && <LinePrice line={line} cost={costs[line.key]!} />}
            </div>
            <div className="col-span-2 flex gap-2 sm:contents">
              <div className="w-28 sm:w-full">
                <label className="sr-only" htmlFor={`qty-${line.key}`}>
                  Quantité de {line.name}
                </label>
                <DecimalInput
                  id={`qty-${line.key}`}
                  className="w-full"
                  value={line.quantity}
                  aria-invalid={quantityError ? true : undefined}
                  aria-describedby={quantityError ? `qty-${line.key}-error` : undefined}
                  onValueChange={(text) => typeQuantity(line, text)}
                  onBlur={() => showError(line, 'quantity', true)}
                  // Keyboard entry (docs/decisions/0025-menu-editor-and-recipe-form.md): Enter goes on to the unit instead of sending the form.
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    document.getElementById(`unit-${line.key}`)?.focus();
                  }}
                />
              </div>
              <div>
                <label className="sr-only" htmlFor={`unit-${line.key}`}>
                  Unité de {line.name}
                </label>
                <select
                  id={`unit-${line.key}`}
                  className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm"
                  value={line.unit}
                  onChange={(event) => update(line, { unit: event.target.value as LineUnit })}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' || !onLineDone) return;
                    event.preventDefault();
                    onLineDone();
                  }}
                >
                  {lineUnits(line).map((unit) => (
                    <option key={unit} value={unit}>
                      {lineUnitLabel(line, unit)}
                    </option>
                  ))}
                </select>
                {line.recipeId !== null && <SubRecipeWeight line={line} />}
              </div>
            </div>
            <button
              type="button"
              className="col-start-2 row-start-1 h-9 self-start rounded-lg px-2 text-sm text-red-700 hover:bg-red-50 sm:col-auto sm:row-auto"
              aria-label={`Retirer ${line.name}`}
              onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
            >
              Retirer
            </button>
            {quantityError && (
              // Under the quantity, on the whole width left of it: one line, not a narrow column.
              <p
                id={`qty-${line.key}-error`}
                className="col-span-2 -mt-1 text-xs text-red-600 sm:col-span-3 sm:col-start-2"
                role="alert"
              >
                {quantityError}
              </p>
            )}
            <LineConversion
              line={line}
              errors={errors}
              onChange={(patch, field) => update(line, patch, field)}
              onLeave={(field) => showError(line, field, true)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** What a sub-recipe line weighs as typed: « 1 fournée = 420 g », « 2 portions = 150 g ». */
function SubRecipeWeight({ line }: { line: DraftLine }) {
  const grams = lineGrams(line);
  if (grams === null || line.unit !== 'portion') return null;
  return (
    <p className="mt-1 whitespace-nowrap text-xs text-stone-600" data-testid="sub-recipe-weight">
      {`= ${formatNumber(grams, grams < 10 ? 1 : 0)}\u00a0g`}
    </p>
  );
}
