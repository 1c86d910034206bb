import type { ReactNode } from 'react';

/** The recipe form's steps (docs/decisions/0025): all on one page, never hidden, so every error stays in sight. */
export const RECIPE_STEPS = [
  { id: 'ingredients', label: 'Ingrédients' },
  { id: 'allergens', label: 'Allergènes' },
  { id: 'nutrition', label: 'Valeurs et Nutri-Score' },
  { id: 'costs', label: 'Coûts' },
  { id: 'presentation', label: 'Présentation' },
] as const;

export type RecipeStepId = (typeof RECIPE_STEPS)[number]['id'];

const stepHeadingId = (id: RecipeStepId) => `recipe-step-${id}`;

/** Links to the steps: the page scrolls to the step and the focus lands on its title. */
export function RecipeStepNav() {
  const go = (id: RecipeStepId) => {
    const heading = document.getElementById(stepHeadingId(id));
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <nav aria-label="Étapes de la recette">
      <ol className="flex flex-wrap gap-2 text-sm">
        {RECIPE_STEPS.map((step, index) => (
          <li key={step.id}>
            <a
              href={`#${stepHeadingId(step.id)}`}
              onClick={(event) => {
                event.preventDefault();
                go(step.id);
              }}
              className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1 font-medium text-stone-700 hover:border-brand-600 hover:text-brand-800"
            >
              <span
                aria-hidden="true"
                className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-stone-100 text-xs"
              >
                {index + 1}
              </span>
              {step.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** One step: a titled, numbered section. */
export function RecipeStep({ id, className, children }: { id: RecipeStepId; className?: string; children: ReactNode }) {
  const index = RECIPE_STEPS.findIndex((step) => step.id === id);
  return (
    <section aria-labelledby={stepHeadingId(id)} className={className} data-testid={`recipe-step-${id}`}>
      <h3
        id={stepHeadingId(id)}
        tabIndex={-1}
        className="mb-3 flex scroll-mt-4 items-center gap-2 border-b border-stone-200 pb-2 text-base font-semibold outline-none"
      >
        <span
          aria-hidden="true"
          className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-700 text-xs text-white"
        >
          {index + 1}
        </span>
        {RECIPE_STEPS[index]!.label}
      </h3>
      <div className="space-y-4">{children}</div>
    </section>
  );
}
