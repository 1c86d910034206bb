import { Button } from '../../components/ui/button.tsx';

/**
 * « Progression » of the fiche technique (docs/decisions/0023): the steps the owner writes, numbered in
 * order. Blank steps are dropped on save (src/shared/api/recipes.ts).
 */
export function ProgressionField({ steps, onChange }: { steps: string[]; onChange: (steps: string[]) => void }) {
  const set = (index: number, text: string) => onChange(steps.map((step, i) => (i === index ? text : step)));
  return (
    <fieldset className="space-y-2" data-testid="progression-field">
      <legend className="text-sm font-medium text-stone-800">Progression</legend>
      <ol className="space-y-2">
        {steps.map((step, index) => (
          <li key={index} className="flex items-start gap-2">
            <label htmlFor={`progression-step-${index}`} className="mt-2 w-16 shrink-0 text-sm text-stone-600">
              Étape {index + 1}
            </label>
            <textarea
              id={`progression-step-${index}`}
              rows={2}
              maxLength={2000}
              value={step}
              onChange={(event) => set(index, event.target.value)}
              className="block w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm shadow-sm"
            />
            <button
              type="button"
              onClick={() => onChange(steps.filter((_, i) => i !== index))}
              className="mt-2 shrink-0 text-sm text-red-700 underline underline-offset-2"
              aria-label={`Retirer l’étape ${index + 1}`}
            >
              Retirer
            </button>
          </li>
        ))}
      </ol>
      {steps.length < 100 && (
        <Button variant="secondary" onClick={() => onChange([...steps, ''])}>
          Ajouter une étape
        </Button>
      )}
    </fieldset>
  );
}
