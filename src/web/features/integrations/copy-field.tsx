import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** A value to copy (a key, a secret, a snippet): selectable text and a « Copier » button. */
export function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const className =
    'block w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-xs text-stone-900 break-all';
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {multiline ? (
          <textarea id={id} readOnly rows={3} value={value} className={className} onFocus={(e) => e.target.select()} />
        ) : (
          <input id={id} readOnly value={value} className={className} onFocus={(e) => e.target.select()} />
        )}
        <Button type="button" variant="secondary" onClick={copy} className="shrink-0">
          {copied ? 'Copié' : 'Copier'}
        </Button>
      </div>
    </div>
  );
}
