import { CopyField } from './copy-field.tsx';

/** A key or a secret, shown this once after its creation, to copy (docs/product/integrations.md). */
export function ShownOnce({ message, label, value }: { message: string; label: string; value: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3" role="status">
      <p className="text-sm font-semibold text-brand-900">{message}</p>
      <CopyField label={label} value={value} />
    </div>
  );
}
