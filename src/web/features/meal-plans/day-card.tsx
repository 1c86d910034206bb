import { useRef, useState } from 'react';
import type { PlannedDay } from '../../../shared/api/meal-plans.ts';
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
import type { PlannedService } from './api.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionConflict } from '../../lib/versions.ts';

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
  /**
   * Saves the whole service on `version` (the one read, src/shared/api/versions.ts); the card
   * sends its saves one after the other. A stale version's 409 comes back as a rejection.
   */
  onSave: (components: { slot: Slot; recipeId: string }[], version: number) => Promise<PlannedDay | undefined>;
  /** The service as saved now, for the conflict notice. */
  loadSaved: () => Promise<PlannedService>;
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
export function DayCard({ day, service, population, recipes, datalistId, canWrite, onSave, loadSaved }: Props) {
  const shown: PlannedService = day.services.find((s) => s.service === service) ?? {
    service,
    version: 0,
    components: [],
  };
  const planned = shown.components;
  const label = dayLabel(day.date);
  // Typing fast (Tab, Tab…) saves before the previous answer is back: each save starts from
  // the card's latest list and the version the previous save made, and saves go out in order,
  // so none overwrites a later one. Someone else's save in between is a conflict (409).
  const latest = useRef<PlannedService | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const conflict = useVersionConflict<PlannedService, PlannedService>();
  // « Recharger » drops what was typed: the fields are made again from the saved service.
  const [generation, setGeneration] = useState(0);

  const send = (next: PlannedService, base: PlannedService) => {
    latest.current = next;
    pending.current += 1;
    const components = next.components.map((c) => ({ slot: c.slot, recipeId: c.recipeId }));
    conflict.clear();
    queue.current = queue.current
      .then(() => onSave(components, latest.current?.version ?? next.version))
      .then((saved) => {
        const version = saved?.services.find((s) => s.service === service)?.version;
        if (version !== undefined && latest.current) latest.current = { ...latest.current, version };
      })
      .catch((error: unknown) => {
        conflict.caught(error, { base, mine: next, load: loadSaved });
        latest.current = null;
      })
      .finally(() => {
        pending.current -= 1;
      });
  };

  const commit = (slot: Slot, text: string) => {
    // While someone else's save is shown, nothing is sent until « Recharger » or « Garder ».
    if (conflict.state) return;
    const name = text.trim();
    // The card's own last save, until the refetched plan has caught up with it.
    const own = latest.current?.service === service ? latest.current : null;
    const base = own && (pending.current > 0 || own.version > shown.version) ? own : shown;
    const list = base.components;
    if ((list.find((c) => c.slot === slot)?.recipeName ?? '') === name) return;
    const recipe =
      name === '' ? null : recipes.find((r) => r.name.toLocaleLowerCase('fr') === name.toLocaleLowerCase('fr'));
    if (name !== '' && !recipe) return;
    const next = [
      ...list.filter((c) => c.slot !== slot),
      ...(recipe ? [{ slot, recipeId: recipe.id, recipeName: recipe.name }] : []),
    ];
    send({ service, version: base.version, components: next }, base);
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
            <label key={`${slot}-${current}-${generation}`} className="block text-xs font-medium text-stone-600">
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
      <ConflictNotice
        conflict={conflict}
        describe={(s: PlannedService) =>
          Object.fromEntries(
            SERVICE_SLOTS[service].map((slot) => [
              SLOT_LABELS[slot],
              s.components.find((c) => c.slot === slot)?.recipeName ?? '',
            ]),
          )
        }
        focus={false}
        onReload={() => setGeneration((n) => n + 1)}
        onKeepMine={(mine, version) => send({ ...mine, version }, { ...mine, version })}
      />
      <p className="text-xs text-stone-600">
        {nutritionLine(day, population)} · Coût par couvert&nbsp;:{' '}
        {day.costPerCover === null ? 'prix des produits non renseignés' : formatEuros(day.costPerCover)}
      </p>
    </Card>
  );
}
