import type { RecipeOption } from './day-card.tsx';
import { ClassificationForm } from './classification-form.tsx';
import { CopyForm } from './copy-form.tsx';
import { ProductionSheet } from './production-sheet.tsx';

/**
 * The tools under the week's plan (copy, the owner's classifications, the production sheet):
 * below the fold, so their code loads after the page's first paint (src/web/pages/meal-plans-page.tsx,
 * docs/decisions/0022 « First-load JavaScript »).
 */
export function PlanTools({ establishmentId, monday, recipes, canWrite }: { establishmentId: string; monday: string; recipes: readonly RecipeOption[]; canWrite: boolean }) {
  return (
    <>
      {canWrite && <CopyForm key={`${establishmentId}-${monday}`} establishmentId={establishmentId} monday={monday} />}
      <ClassificationForm recipes={recipes} canWrite={canWrite} />
      <ProductionSheet key={monday} establishmentId={establishmentId} date={monday} />
    </>
  );
}
