/** A fieldset of checkboxes (scopes of a key, events of a webhook), its error under it. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-2" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex items-start gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-stone-400 accent-brand-700"
            checked={value.includes(option)}
            onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
          />
          <span>
            <code className="rounded bg-stone-100 px-1 text-xs">{option}</code> {labels[option]}
          </span>
        </label>
      ))}
      {error && (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
