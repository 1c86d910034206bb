import { PRODUCT_LABEL_NAMES, PRODUCT_LABELS, type ProductLabel } from '../../../shared/api/products.ts';

/** The EGalim labels of a product, as checkboxes (several may apply: bio and AOP). */
export function ProductLabels({
  value,
  onChange,
}: {
  value: ProductLabel[];
  onChange: (next: ProductLabel[]) => void;
}) {
  const toggle = (label: ProductLabel) =>
    onChange(
      value.includes(label)
        ? value.filter((l) => l !== label)
        : PRODUCT_LABELS.filter((l) => l === label || value.includes(l)),
    );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">Labels et signes de qualité (EGalim)</legend>
      <div className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
        {PRODUCT_LABELS.map((label) => (
          <label key={label} className="flex min-h-8 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={value.includes(label)} onChange={() => toggle(label)} />
            {PRODUCT_LABEL_NAMES[label]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
