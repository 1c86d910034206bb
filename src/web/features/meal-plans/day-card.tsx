import { useRef } from 'react';
import type { PlannedComponent, PlannedDay } from '../../../shared/api/meal-plans.ts';
import {
  POPULATION_LABELS,
  SERVICE_SLOTS,
  SLOT_LABELS,
  type Population,
  type Service,
  type Slot,
} from '../../../shared/catering/catering.ts';
import { Badge, Card } from '../../components/ui/card.tsx';
import { formatEuros, formatNumber } from '../../lib/format.ts';
import { dayLabel } from './dates.ts';

export interface RecipeOption {
  id: string;
  name: string;
}

interface Props {
  day: PlannedDay;
  service: Service;
  /** The day's figures are for one cover of this population (the establishment's grammages). */
  population: Population;
  recipes: readonly RecipeOption[];
  datalistId: string;
  canWrite: boolean;
  /** Saves the whole service; the card sends its saves one after the other. */
  onSave: (components: { slot: Slot; recipeId: string }[]) => Promise<unknown>;
}

function nutritionLine(day: PlannedDay, population: Population): string {
  const n = day.nutrition;
  if (n.energyKcal === null) return 'Valeurs nutritionnelles\u00a0: incomplètes';
  const grams = (label: string, value: number | null) =>
    value === null ? '' : ` · ${label} ${formatNumber(value, 1)}\u00a0g`;
  return `${formatNumber(n.energyKcal)}\u00a0kcal${grams('protéines', n.protein)}${grams('glucides', n.carbs)}${grams('lipides', n.fat)} par convive ${POPULATION_LABELS[population].toLocaleLowerCase('fr')}`;
}

/**
 * One day of the week view: a field per component, typed with the browser's own suggestions
 * (a datalist of the organisation's recipes), so the whole week is planned from the keyboard:
 * Tab to the next component, type, Enter or Tab to save.
 */
export function DayCard({ day, service, population, recipes, datalistId, canWrite, onSave }: Props) {
  const planned = day.services.find((s) => s.service === service)?.components ?? [];
  const label = dayLabel(day.date);
  // Typing fast (Tab, Tab…) saves before the previous answer is back: each save starts from
  // the card's latest list, and saves go out in order, so none overwrites a later one.
  const latest = useRef<{ service: Service; components: readonly PlannedComponent[] } | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  const commit = (slot: Slot, text: string) => {
    const name = text.trim();
    const list = pending.current > 0 && latest.current?.service === service ? latest.current.components : planned;
    if ((list.find((c) => c.slot === slot)?.recipeName ?? '') === name) return;
    const recipe =
      name === '' ? null : recipes.find((r) => r.name.toLocaleLowerCase('fr') === name.toLocaleLowerCase('fr'));
    if (name !== '' && !recipe) return;
    const next = [
      ...list.filter((c) => c.slot !== slot),
      ...(recipe ? [{ slot, recipeId: recipe.id, recipeName: recipe.name }] : []),
    ];
    latest.current = { service, components: next };
    pending.current += 1;
    const components = next.map((c) => ({ slot: c.slot, recipeId: c.recipeId }));
    queue.current = queue.current
      .then(() => onSave(components))
      .catch(() => undefined)
      .finally(() => {
        pending.current -= 1;
      });
  };

  return (
    <Card className="space-y-3 p-4" data-testid={`day-${day.date}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold first-letter:uppercase text-stone-900">{label}</h2>
        {day.vegetarianLunch && <Badge tone="green">Menu végétarien</Badge>}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {SERVICE_SLOTS[service].map((slot) => {
          const current = planned.find((c) => c.slot === slot)?.recipeName ?? '';
          return (
            <label key={`${slot}-${current}`} className="block text-xs font-medium text-stone-600">
              {SLOT_LABELS[slot]}
              <input
                className="mt-0.5 block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 shadow-sm disabled:bg-stone-50"
                list={datalistId}
                defaultValue={current}
                disabled={!canWrite}
                aria-label={`${label}, ${SLOT_LABELS[slot]}`}
                placeholder="Rechercher une recette"
                onBlur={(e) => commit(slot, e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commit(slot, e.currentTarget.value);
                }}
              />
            </label>
          );
        })}
      </div>
      <p className="text-xs text-stone-600">
        {nutritionLine(day, population)} · Coût par couvert&nbsp;:{' '}
        {day.costPerCover === null ? 'prix des produits non renseignés' : formatEuros(day.costPerCover)}
      </p>
    </Card>
  );
}
