import { Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../lib/toast.ts';
import { Badge, Card, Spinner } from '../components/ui/card.tsx';
import { Button, buttonClass } from '../components/ui/button.tsx';
import {
  useAddItem,
  useCreateSection,
  useMenu,
  useMenuSections,
  useMoveContent,
  type MoveTarget,
} from '../features/menus/api.ts';
import { FormulesCardStandIn } from '../features/menus/formules-stand-in.tsx';
import type { PickableRecipe } from '../features/menus/recipe-picker-dialog.tsx';
import { SectionCard, usePreloadSectionCard } from '../features/menus/section-card.tsx';
import { MenuDnd, usePreloadMenuDnd } from '../features/menus/menu-dnd.tsx';
import { MenuPreview } from '../features/menus/menu-preview.tsx';
import { ApiError } from '../lib/api.ts';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useCan } from '../lib/use-can.ts';

// The recipe picker (Radix's dialog, its focus trap and scroll lock) opens on demand: its code
// loads once the page has painted, as the forms' do (docs/decisions/0041-first-load-javascript.md).
// So do the formules, under the sections, with a stand-in of the card.
const { Component: FormulesCard, usePreload: usePreloadFormulesCard } = lazyComponent(
  () => import('../features/menus/formules-card.tsx'),
  (m) => m.FormulesCard,
);
const { Component: RecipePicker, usePreload: usePreloadRecipePicker } = lazyComponent(
  () => import('./menu-editor/recipe-picker.tsx'),
  (m) => m.RecipePicker,
);

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The menu editor (docs/product/spec.md « Menu editor »), reached as /menu-editor/:id and /menus/:menuId
 * (docs/product/decisions.md 6). Another owner's menu answers 404 and reads « Menu non trouvé ».
 */
function MenuEditor() {
  const params = useParams();
  const menuId = params.id ?? params.menuId ?? '';
  const menu = useMenu(menuId);
  const sections = useMenuSections(menuId);
  const createSection = useCreateSection(menuId);
  const addItem = useAddItem(menuId);
  const move = useMoveContent(menuId);
  const canWrite = useCan('content:write');
  const [pickerSectionId, setPickerSectionId] = useState<string | null>(null);
  // While the menu loads: the code of what its first paint shows or may open.
  usePreloadSectionCard();
  usePreloadMenuDnd();
  usePreloadFormulesCard();
  usePreloadRecipePicker();

  const notFound = menuId === '' || isNotFound(menu.error) || isNotFound(sections.error);
  const failed = !notFound && (menu.isError || sections.isError);
  useEffect(() => {
    if (failed) toast.error('Erreur lors du chargement du menu');
  }, [failed]);

  if (notFound) {
    return (
      <Card className="mx-auto max-w-lg py-12 text-center" role="alert">
        <h1 className="text-2xl font-bold">Menu non trouvé</h1>
        <p className="mt-2 text-stone-600">Ce menu n’existe pas ou n’appartient pas à votre organisation.</p>
        <Link to="/menus" className={buttonClass('primary', 'md', 'mt-6')}>
          Retour aux menus
        </Link>
      </Card>
    );
  }
  if (failed) {
    return (
      <div className="space-y-4">
        <BackLink />
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement du menu
        </p>
      </div>
    );
  }
  const current = menu.data;
  if (!current || !sections.data) return <Spinner label="Chargement du menu..." />;

  const ordered = [...sections.data].sort((a, b) => a.displayOrder - b.displayOrder);

  const onCreateSection = () =>
    createSection.mutate(undefined, {
      onSuccess: () => toast.success('Section créée avec succès'),
      onError: () => toast.error('Erreur lors de la création de la section'),
    });

  // The list has moved already (optimistic); a refusal puts it back and says so.
  const onMove = (target: MoveTarget) =>
    move.mutate(target, {
      onError: () => toast.error('Le nouvel ordre n’a pas pu être enregistré : l’ordre précédent est rétabli.'),
    });

  const onPickRecipe = (recipe: PickableRecipe) => {
    if (!pickerSectionId) return;
    addItem.mutate(
      { sectionId: pickerSectionId, recipeId: recipe.id },
      {
        onSuccess: () => toast.success('Recette ajoutée au menu'),
        onError: () => toast.error('Erreur lors de l’ajout de la recette'),
      },
    );
    setPickerSectionId(null);
  };

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <BackLink />
        {/* The buttons wrap under the title rather than squeeze it to nothing (640 px, or text at 200 %: RGAA 10.4). */}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold sm:text-3xl">
              {canWrite ? `Éditer : ${current.name}` : current.name}
            </h1>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <Badge tone={current.isActive ? 'green' : 'neutral'}>{current.isActive ? 'Actif' : 'Inactif'}</Badge>
              {current.description && <span className="break-words">{current.description}</span>}
            </div>
          </div>
          <Link
            to={`/menus/${menuId}/carte`}
            className={buttonClass('secondary', 'md', 'self-start sm:ml-auto sm:self-auto')}
          >
            Carte à imprimer
          </Link>
          <Link
            to={`/menus/${menuId}/allergenes`}
            className={buttonClass('secondary', 'md', 'self-start sm:self-auto')}
          >
            Tableau des allergènes
          </Link>
          <Link
            to={`/menus/${menuId}/etiquettes`}
            className={buttonClass('secondary', 'md', 'self-start sm:self-auto')}
          >
            Étiquettes des plats
          </Link>
          {canWrite && (
            <Button onClick={onCreateSection} disabled={createSection.isPending} className="self-start sm:self-auto">
              Nouvelle section
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_376px]">
        <div className="order-2 min-w-0 lg:order-1">
          {ordered.length === 0 ? (
            <Card className="py-12 text-center">
              <p className="text-lg font-semibold">Aucune section trouvée</p>
              <p className="mt-1 text-sm text-stone-600">
                {canWrite
                  ? 'Organisez votre menu en sections (entrées, plats, desserts…), puis ajoutez-y vos recettes.'
                  : 'Ce menu n’a pas encore de contenu.'}
              </p>
              {canWrite && (
                <Button className="mt-4" onClick={onCreateSection} disabled={createSection.isPending}>
                  Créer ma première section
                </Button>
              )}
            </Card>
          ) : (
            <MenuDnd sections={ordered} onMove={onMove}>
              <div className="space-y-4">
                {ordered.map((section, index) => (
                  <SectionCard
                    key={section.id}
                    menuId={menuId}
                    section={section}
                    index={index}
                    count={ordered.length}
                    onMove={onMove}
                    onAddRecipe={() => setPickerSectionId(section.id)}
                  />
                ))}
              </div>
            </MenuDnd>
          )}

          {ordered.length > 0 && (
            <Suspense fallback={<FormulesCardStandIn />}>
              <FormulesCard menuId={menuId} sections={ordered} />
            </Suspense>
          )}
        </div>
        <div className="order-1 min-w-0 lg:order-2">
          <MenuPreview menuId={menuId} isActive={current.isActive} version={sections.dataUpdatedAt} />
        </div>
      </div>

      {pickerSectionId && (
        <Suspense fallback={null}>
          <RecipePicker onSelect={onPickRecipe} onClose={() => setPickerSectionId(null)} />
        </Suspense>
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/menus" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <span aria-hidden="true">←</span> Retour aux menus
    </Link>
  );
}

/** The editor under the menu's name (RGAA 8.6): two menus open side by side are told apart. */
export default function MenuEditorPage() {
  const params = useParams();
  const name = useMenu(params.id ?? params.menuId ?? '').data?.name;
  return (
    <>
      <title>{`${name ? `${name} · Éditeur de menu` : 'Éditeur de menu'} – NutriCarte`}</title>
      <MenuEditor />
    </>
  );
}
