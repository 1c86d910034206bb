import type { Population } from '../../../shared/catering/catering.ts';
import type { RecipeOption } from './day-card.tsx';
import { ClassificationForm } from './classification-form.tsx';
import { CopyForm } from './copy-form.tsx';
import { PortionsPanel } from './portions-panel.tsx';
import { ProductionSheet } from './production-sheet.tsx';

/**
 * The tools under the week's plan (copy, the owner's classifications, the grammages, the production sheet):
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
      <ClassificationForm recipes={recipes} canWrite={canWrite} />
      <ProductionSheet key={monday} establishmentId={establishmentId} date={monday} />
      <PortionsPanel
        key={establishmentId}
        establishmentId={establishmentId}
        canWrite={canWrite}
        highlight={population}
      />
    </>
  );
}
