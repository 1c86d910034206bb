import { Suspense, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { formuleChoicesText, type Formule } from '../../../shared/api/formule-vocabulary.ts';
import type { MenuSection } from '../../../shared/api/menus.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/card.tsx';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { formatNumber } from '../../lib/format.ts';
import { useCan } from '../../lib/use-can.ts';
import { formuleDraftId, useDeleteFormule, useFormules } from './formules-api.ts';
import { useDraftList } from '../../lib/saved-drafts.ts';
import { DraftNotices } from '../../components/draft-banner.tsx';
import { FORMULES_DESCRIPTION, FORMULES_TITLE } from './formules-stand-in.tsx';

// The form (react-hook-form, zod) opens on demand: its code loads once the page has painted.
const { Component: FormuleForm, usePreload } = lazyComponent(
  () => import('./formule-form.tsx'),
  (m) => m.FormuleForm,
);

/** « Entrée + Plat ou Plat + Dessert » from the sections as they are now (a deleted one is gone). */
const choicesText = (formule: Formule, sections: readonly MenuSection[]) =>
  formuleChoicesText(
    formule.choices.map((ids) => ids.flatMap((id) => sections.find((s) => s.id === id)?.name ?? [])),
    'ou',
  );

/**
 * The menu's formules in the menu editor (src/shared/api/formules.ts): shown first
 * on the public page and on the printed carte. Owners and editors add, change and delete them.
 */
export function FormulesCard({ menuId, sections }: { menuId: string; sections: readonly MenuSection[] }) {
  const formules = useFormules(menuId);
  const canWrite = useCan('content:write');
  const [editing, setEditing] = useState<Formule | 'new' | null>(null);
  const [resume, setResume] = useState(false);
  const open = (target: Formule | 'new' | null, withDraft = false) => {
    setResume(withDraft);
    setEditing(target);
  };
  // Formules of this menu begun or changed and not saved (src/web/lib/saved-drafts.ts).
  const drafts = useDraftList<unknown>('formule').filter(
    (d) =>
      editing === null && (d.id === formuleDraftId(menuId, null) || Boolean(formules.data?.some((f) => f.id === d.id))),
  );
  usePreload();
  const remove = useDeleteFormule(menuId, {
    onSuccess: () => toast.success('Formule supprimée'),
    onError: () => toast.error('Erreur lors de la suppression de la formule'),
  });
  if (!canWrite && !formules.data?.length) return null;
  return (
    <TitledCard title={FORMULES_TITLE} description={FORMULES_DESCRIPTION}>
      {formules.isError && (
        <p role="alert" className="text-sm text-red-700">
          Erreur lors du chargement des formules
        </p>
      )}
      {formules.data && formules.data.length > 0 && (
        <ul className="divide-y divide-stone-100" aria-label="Formules du menu">
          {formules.data.map((formule) =>
            editing !== 'new' && editing?.id === formule.id ? (
              <li key={formule.id} className="py-3">
                <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
                  <FormuleForm
                    menuId={menuId}
                    sections={sections}
                    formule={formule}
                    resumeDraft={resume}
                    onDone={() => open(null)}
                  />
                </Suspense>
              </li>
            ) : (
              <li
                key={formule.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="formule-row"
              >
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {`${formule.name} · ${formatNumber(formule.price, 2)}\u00a0€`}
                  </p>
                  <p className="text-sm text-stone-600">
                    {choicesText(formule, sections) || 'Aucune section : modifiez la formule (elle n’est pas affichée)'}
                  </p>
                </div>
                {canWrite && (
                  <EditDeleteButtons
                    subject={`la formule ${formule.name}`}
                    confirmTitle={`Supprimer la formule « ${formule.name} » ?`}
                    onEdit={() => open(formule)}
                    onDelete={() => remove.mutate(formule.id)}
                  />
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {canWrite && (
        <DraftNotices
          drafts={drafts}
          describe={(d) =>
            d.id === formuleDraftId(menuId, null)
              ? `Formule commencée et pas encore enregistrée : « ${d.title} ».`
              : `Modifications non enregistrées de « ${d.title} ».`
          }
          onResume={(d) => open(formules.data?.find((f) => f.id === d.id) ?? 'new', true)}
        />
      )}
      {canWrite &&
        (editing === 'new' ? (
          <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
            <FormuleForm
              menuId={menuId}
              sections={sections}
              formule={null}
              resumeDraft={resume}
              onDone={() => open(null)}
            />
          </Suspense>
        ) : (
          <Button variant="secondary" onClick={() => open('new')} disabled={sections.length === 0}>
            Nouvelle formule
          </Button>
        ))}
    </TitledCard>
  );
}
