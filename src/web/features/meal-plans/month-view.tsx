import type { PlannedDay } from '../../../shared/api/meal-plans.ts';
import { servicesWithDishes } from './api.ts';
import { SLOT_LABELS, type Service } from '../../../shared/catering/catering.ts';
import { Badge, Card } from '../../components/ui/card.tsx';
import { shortDayLabel } from './dates.ts';

/** The month at a glance: each planned day with its components for the chosen service. */
export function MonthView({ days, service }: { days: readonly PlannedDay[]; service: Service }) {
  const planned = days.filter((d) => servicesWithDishes(d).some((s) => s.service === service));
  if (planned.length === 0)
    return <Card className="text-sm text-stone-600">Aucun repas planifié ce mois-ci pour ce service.</Card>;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {planned.map((day) => (
        <Card key={day.date} className="space-y-1 p-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold first-letter:uppercase">{shortDayLabel(day.date)}</h2>
            {day.vegetarianLunch && <Badge tone="green">Végétarien</Badge>}
          </div>
          <ul className="text-stone-700">
            {day.services
              .find((s) => s.service === service)!
              .components.map((c) => (
                <li key={c.slot}>
                  <span className="text-stone-500">{SLOT_LABELS[c.slot]}&nbsp;:</span> {c.recipeName}
                </li>
              ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
