import { useId, useRef, useState, type DragEvent } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A zone to drop files on, or to pick them with the phone's or the computer's file picker
 * (docs/conventions.md 10: the upload shows its progress where it is used).
 */
export function FileDrop({
  label,
  hint,
  accept,
  multiple = false,
  disabled = false,
  onFiles,
}: {
  label: string;
  hint: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files].slice(0, multiple ? 50 : 1));
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors',
        over ? 'border-brand-500 bg-brand-50' : 'border-stone-300 bg-stone-50',
      )}
    >
      <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-700 underline underline-offset-2">
        {label}
      </label>
      <p className="mt-1 text-sm text-stone-600">{hint}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
