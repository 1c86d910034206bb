import { decimalText } from '../../../shared/decimal.ts';
import type { MeasureCitation } from '../../../shared/kitchen-measures.ts';
import { isVolume } from '../../../shared/units.ts';
import { DecimalInput } from '../../components/ui/decimal-input.tsx';
import type { DraftLine, LineField } from './draft-lines.ts';

type ConversionField = Extract<LineField, 'gramsPerUnit' | 'gramsPerMl'>;

/**
 * How a line in « unité », ml or l becomes grams, shown and editable on the line
 * (docs/product/decisions.md 17): « 1 unité = 17 g », « densité 0,92 g/ml », with the source of the
 * default, and a way back to it when the value differs (a line saved with density 1).
 */
export function LineConversion({
  line,
  errors,
  onChange,
  onLeave,
}: {
  line: DraftLine;
  errors: Record<string, string>;
  onChange: (patch: Partial<DraftLine>, field: ConversionField) => void;
  onLeave: (field: ConversionField) => void;
}) {
  const field: ConversionField | null =
    line.unit === 'unité' ? 'gramsPerUnit' : line.unit !== 'portion' && isVolume(line.unit) ? 'gramsPerMl' : null;
  if (!field) return null;
  const perUnit = field === 'gramsPerUnit';
  const id = `${field}-${line.key}`;
  const error = errors[`${line.key}.${field}`];
  const fallback = perUnit ? line.defaults.gramsPerUnit : (line.defaults.gramsPerMl ?? 1);
  const fallbackText = decimalText(fallback);
  const source = perUnit ? line.defaults.unitSource : line.defaults.densitySource;
  return (
    <div className="col-span-2 space-y-1 text-sm sm:col-span-4" data-testid="line-conversion">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id}>{perUnit ? '1 unité =' : 'densité'}</label>
        <DecimalInput
          id={id}
          className="w-20"
          aria-label={perUnit ? `Poids d’une unité de ${line.name} (g)` : `Densité de ${line.name} (g/ml)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          value={line[field]}
          onValueChange={(text) => onChange({ [field]: text }, field)}
          onBlur={() => onLeave(field)}
        />
        <span>{perUnit ? 'g' : 'g/ml'}</span>
        {fallback !== null && line[field] !== fallbackText && (
          <button
            type="button"
            className="rounded px-1 text-xs text-brand-700 underline"
            onClick={() => onChange({ [field]: fallbackText }, field)}
          >
            Utiliser {fallbackText}
          </button>
        )}
      </div>
      <div id={`${id}-note`} className="text-xs">
        {error ? (
          <p className="text-red-600" role="alert">
            {error}
          </p>
        ) : (
          <SourceNote perUnit={perUnit} source={source} />
        )}
      </div>
    </div>
  );
}

/** The source in one short line; the exact figure (food, portion, computation) one click away. */
function SourceNote({ perUnit, source }: { perUnit: boolean; source: MeasureCitation | null }) {
  if (!source) {
    return (
      <p className="text-stone-500">
        {perUnit
          ? 'Poids d’une unité inconnu pour cet aliment : pesez-en une.'
          : 'Densité inconnue pour cet aliment : 1 g/ml (celle de l’eau) par défaut.'}
      </p>
    );
  }
  return (
    <details className="text-stone-500">
      <summary className="cursor-pointer">Source de la valeur par défaut : {source.label}</summary>
      <p className="mt-1">{source.detail}</p>
    </details>
  );
}
