import type { Per100g } from '../../../shared/nutrition.ts';
import { UNITS, type Unit } from '../../../shared/units.ts';

export interface DraftLine {
  key: string;
  code: string;
  name: string;
  quantity: number;
  unit: Unit;
  gramsPerUnit: number | null;
  per100g: Per100g;
}

/** SPEC.md: numeric, minimum 0, step 0.1; an invalid number becomes 0. */
export const parseQuantity = (raw: string) => {
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : 0;
};

export function IngredientLines({
  lines,
  onChange,
  errors,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  errors: Record<string, string>;
}) {
  const update = (index: number, patch: Partial<DraftLine>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  if (lines.length === 0) return null;
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Ingrédients de la recette">
      {lines.map((line, index) => {
        const weightError = errors[`ingredients.${index}.gramsPerUnit`];
        return (
          <li key={line.key} className="grid grid-cols-[1fr_auto] gap-2 p-3 sm:grid-cols-[1fr_7rem_6rem_auto] sm:items-center">
            <div className="col-start-1 row-start-1 min-w-0 sm:col-auto sm:row-auto">
              <p className="truncate text-sm font-medium" title={line.name}>
                {line.name}
              </p>
              {line.per100g.energyKcal === null && <p className="text-xs text-orange-700">Énergie inconnue dans Ciqual</p>}
              {errors[`ingredients.${index}.code`] && <p className="text-xs text-red-600">{errors[`ingredients.${index}.code`]}</p>}
            </div>
            <div className="col-span-2 flex gap-2 sm:contents">
              <label className="sr-only" htmlFor={`qty-${line.key}`}>
                Quantité de {line.name}
              </label>
              <input
                id={`qty-${line.key}`}
                type="number"
                min={0}
                step={0.1}
                inputMode="decimal"
                className="h-9 w-24 rounded-lg border border-stone-300 px-2 text-sm sm:w-full"
                defaultValue={line.quantity}
                onChange={(event) => update(index, { quantity: parseQuantity(event.target.value) })}
              />
              <label className="sr-only" htmlFor={`unit-${line.key}`}>
                Unité de {line.name}
              </label>
              <select
                id={`unit-${line.key}`}
                className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm"
                value={line.unit}
                onChange={(event) => update(index, { unit: event.target.value as Unit })}
              >
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="col-start-2 row-start-1 h-9 self-start rounded-lg px-2 text-sm text-red-700 hover:bg-red-50 sm:col-auto sm:row-auto sm:self-auto"
              aria-label={`Retirer ${line.name}`}
              onClick={() => onChange(lines.filter((_, i) => i !== index))}
            >
              Retirer
            </button>
            {line.unit === 'unité' && (
              <div className="col-span-2 flex items-center gap-2 text-sm sm:col-span-4">
                <label htmlFor={`gpu-${line.key}`}>Poids d’une unité (g)</label>
                <input
                  id={`gpu-${line.key}`}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="decimal"
                  aria-invalid={weightError ? true : undefined}
                  className="h-9 w-24 rounded-lg border border-stone-300 px-2"
                  value={line.gramsPerUnit ?? ''}
                  onChange={(event) => update(index, { gramsPerUnit: event.target.value === '' ? null : parseQuantity(event.target.value) || null })}
                />
                {(weightError || !line.gramsPerUnit) && <span className="text-xs text-red-600">{weightError ?? 'Indiquez le poids d’une unité (en grammes)'}</span>}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
