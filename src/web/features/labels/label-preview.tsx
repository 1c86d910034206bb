import type { Label } from '../../../shared/api/labels.ts';
import { frenchDate } from '../../../shared/labels/dates.ts';
import { quantityText } from '../../../shared/labels/label.ts';

/**
 * The label as it prints, in the page: its text only (the PDF sets it to the label's size).
 * `ingredientsHtml` comes from the server, every text escaped and each allergen in <strong>.
 */
export function LabelPreview({ label }: { label: Label }) {
  return (
    <article
      className="max-w-md space-y-1.5 rounded-lg border-2 border-dashed border-stone-300 bg-white p-4 text-sm leading-snug text-stone-900"
      aria-label="Aperçu de l’étiquette"
      data-testid="label-preview"
    >
      <h3 className="text-base font-bold">{label.denomination}</h3>
      {label.homemade && <p className="font-semibold">Fait maison</p>}
      <p>
        <strong>Ingrédients&nbsp;: </strong>
        <span dangerouslySetInnerHTML={{ __html: label.ingredientsHtml }} />.
        {label.contains.length > 0 && (
          <>
            {' '}
            Contient&nbsp;: <strong>{label.contains.join(', ').toLowerCase()}</strong>.
          </>
        )}{' '}
        {label.tracesText}
      </p>
      {label.nutrition.text.map((sentence) => (
        <p key={sentence} className="text-xs">
          {sentence}
        </p>
      ))}
      <p>
        <strong>À consommer jusqu’au&nbsp;: {frenchDate(label.useBy)}</strong> · Lot&nbsp;: {label.lot}
      </p>
      <p>
        {label.netQuantity.unit === 'ml' ? 'Volume net' : 'Poids net'}&nbsp;:{' '}
        {quantityText(label.netQuantity.value, label.netQuantity.unit)} · {label.storage}
      </p>
      {label.establishment && (
        <p className="text-stone-700">
          {[label.establishment.name, label.establishment.address].filter(Boolean).join(', ')}
        </p>
      )}
    </article>
  );
}

/** What the owner should check before printing, each in a sentence. */
export function LabelWarnings({ label }: { label: Label }) {
  if (label.warnings.length === 0) return null;
  return (
    <ul className="space-y-1.5 rounded-lg bg-orange-50 p-3 text-sm text-orange-900" data-testid="label-warnings">
      {label.warnings.map((w) => (
        <li key={w.code}>{w.message}</li>
      ))}
    </ul>
  );
}
