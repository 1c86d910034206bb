import { useState, type ReactNode } from 'react';
import { LABEL_FORMAT_NAMES, LABEL_FORMATS, type LabelFormat } from '../../../shared/api/labels.ts';
import { parisToday } from '../../../shared/labels/dates.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { decimalInputProps } from '../../components/ui/decimal-input.tsx';
import { pdfHref, type PrintChoice } from './api.ts';

const GRID_FIELDS = [
  ['columns', 'Colonnes', true],
  ['rows', 'Rangées', true],
  ['width', 'Largeur d’une étiquette (mm)', false],
  ['height', 'Hauteur d’une étiquette (mm)', false],
  ['top', 'Marge du haut (mm)', false],
  ['left', 'Marge de gauche (mm)', false],
  ['gapX', 'Espace entre colonnes (mm)', false],
  ['gapY', 'Espace entre rangées (mm)', false],
] as const;

/**
 * How to print: the format (A4 sheets, a grid the owner sizes, rolls), copies, the labels
 * already used on the sheet, the production date; then a link that opens the PDF made by the
 * server. `fields` adds what the print itself may change (lot, shelf life…).
 */
export function PrintPanel({
  path,
  withCopies = true,
  extra = {},
  fields,
  fits,
  label = 'Imprimer (PDF)',
  dateLabel = 'Date de fabrication',
  initialDate,
  onDateChange,
}: {
  path: string;
  withCopies?: boolean;
  extra?: Record<string, string>;
  fields?: (choice: PrintChoice, set: (patch: Partial<PrintChoice>) => void) => ReactNode;
  /** For a recipe: the format's message when the label does not fit it. */
  fits?: (format: LabelFormat) => string | null;
  label?: string;
  dateLabel?: string;
  /** The date to start from (today by default). */
  initialDate?: string;
  /** The page shows what depends on the date (a day's plats témoins). */
  onDateChange?: (date: string) => void;
}) {
  const [choice, setChoice] = useState<PrintChoice>({
    format: 'a4-3x8',
    copies: '1',
    skip: '0',
    date: initialDate ?? parisToday(),
    grid: { columns: '3', rows: '8', width: '70', height: '37', top: '0', left: '0', gapX: '0', gapY: '0' },
  });
  const set = (patch: Partial<PrintChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const sheet = choice.format.startsWith('a4');
  const warning = fits?.(choice.format) ?? null;
  return (
    <div className="space-y-4" data-testid="print-panel">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Format"
          value={choice.format}
          onChange={(e) => set({ format: e.target.value as LabelFormat })}
          options={LABEL_FORMATS.map((value) => ({ value, label: LABEL_FORMAT_NAMES[value] }))}
        />
        <Field
          label={dateLabel}
          type="date"
          value={choice.date}
          onChange={(e) => {
            set({ date: e.target.value });
            onDateChange?.(e.target.value);
          }}
        />
        {withCopies && (
          <Field
            label="Exemplaires"
            {...decimalInputProps({ value: choice.copies, onValueChange: (copies) => set({ copies }), integer: true })}
          />
        )}
        {sheet && (
          <Field
            label="Étiquettes déjà utilisées sur la planche"
            hint="L’impression commence à la suivante."
            {...decimalInputProps({ value: choice.skip, onValueChange: (skip) => set({ skip }), integer: true })}
          />
        )}
        {fields?.(choice, set)}
      </div>
      {choice.format === 'a4-grid' && (
        <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-4">
          <legend className="px-1 text-sm font-medium">Grille de la planche A4</legend>
          {GRID_FIELDS.map(([key, text, integer]) => (
            <Field
              key={key}
              label={text}
              {...decimalInputProps({
                value: choice.grid[key],
                onValueChange: (value) => set({ grid: { ...choice.grid, [key]: value } }),
                integer,
                maxDigits: 2,
              })}
            />
          ))}
        </fieldset>
      )}
      {warning && (
        <p role="alert" className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900" data-testid="fit-warning">
          {warning}
        </p>
      )}
      <a
        href={pdfHref(path, choice, extra)}
        target="_blank"
        rel="noopener"
        className={buttonClass()}
        data-testid="print-pdf"
      >
        {label}
      </a>
    </div>
  );
}
