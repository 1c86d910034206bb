import type { Population } from '../../../shared/catering/catering.ts';
import type { RecipeOption } from './day-card.tsx';
import { addDays } from '../../../shared/catering/catering.ts';
import { CalendarPanel } from './calendar-panel.tsx';
import { ClassificationForm } from './classification-form.tsx';
import { DietsPanel } from './diets-panel.tsx';
import { CopyForm } from './copy-form.tsx';
import { PortionsPanel } from './portions-panel.tsx';
import { ProductionSheet } from './production-sheet.tsx';

/**
 * The tools under the week's plan (copy, the production sheet, diet variants, closed days, the
 * owner's classifications, the grammages):
 * below the fold, so their code loads after the page's first paint (src/web/pages/meal-plans-page.tsx,
 * docs/decisions/0041-first-load-javascript.md).
 */
export function PlanTools({
  establishmentId,
  monday,
  recipes,
  canWrite,
  population,
}: {
  establishmentId: string;
  monday: string;
  recipes: readonly RecipeOption[];
  canWrite: boolean;
  population: Population;
}) {
  return (
    <>
      {canWrite && <CopyForm key={`${establishmentId}-${monday}`} establishmentId={establishmentId} monday={monday} />}
      <ProductionSheet key={`${establishmentId}-${monday}`} establishmentId={establishmentId} date={monday} />
      <DietsPanel key={`diets-${establishmentId}`} establishmentId={establishmentId} canWrite={canWrite} />
      <CalendarPanel establishmentId={establishmentId} from={monday} to={addDays(monday, 90)} canWrite={canWrite} />
      <ClassificationForm recipes={recipes} canWrite={canWrite} />
      <PortionsPanel
        key={establishmentId}
        establishmentId={establishmentId}
        canWrite={canWrite}
        highlight={population}
      />
    </>
  );
}
