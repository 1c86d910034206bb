import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { FirstHourStep } from './first-hour.ts';

/** The first hour's guide (docs/decisions/0024): four steps, the next one highlighted, each linking to its page. */
export function FirstHourChecklist({ steps }: { steps: FirstHourStep[] }) {
  const next = steps.find((s) => !s.done);
  const doneCount = steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="first-hour-title"
      className="rounded-card border border-brand-100 bg-white p-5 shadow-sm"
      data-testid="first-hour"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-hour-title" className="text-heading font-semibold">
          Votre première heure
        </h2>
        <p className="text-small text-stone-600">
          {doneCount} / {steps.length} étapes
        </p>
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(doneCount / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 grid gap-2">
        {steps.map((step, index) => (
          <li key={step.id} data-testid={`first-hour-${step.id}`} data-done={step.done}>
            <Link
              to={step.to}
              className={cn(
                'flex items-start gap-3 rounded-control border p-3 hover:border-brand-600',
                step === next ? 'border-brand-600 bg-brand-50' : 'border-stone-200',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-small font-semibold',
                  step.done ? 'bg-brand-700 text-white' : 'border border-stone-300 text-stone-700',
                )}
              >
                {step.done ? '✓' : index + 1}
              </span>
              <span className="min-w-0">
                <span className={cn('block font-medium', step.done ? 'text-stone-600 line-through' : 'text-stone-900')}>
                  {step.label}
                </span>
                <span className="block text-small text-stone-600">
                  <span className="sr-only">{step.done ? 'Fait. ' : 'À faire. '}</span>
                  {step.hint}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
