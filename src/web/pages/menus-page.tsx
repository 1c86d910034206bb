import { Suspense, useEffect, useState } from 'react';
import { toast } from '../lib/toast.ts';
import type { Menu } from '../../shared/api/menus.ts';
import { limitsMessages } from '../../shared/messages/limits.ts';
import { LimitBanner } from '../components/limit-banner.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { useDeleteMenu, useMenus, useSetMenuActive } from '../features/menus/api.ts';
import { toastConflict } from '../lib/versions.ts';
import { MenuCard } from '../features/menus/menu-card.tsx';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

// The form (react-hook-form, zod) is not needed to read the list.
const { Component: MenuForm, usePreload: usePreloadMenuForm } = lazyComponent(
  () => import('../features/menus/menu-form.tsx'),
  (m) => m.MenuForm,
);

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; menu: Menu };

/** Mes Menus (docs/product/spec.md « Mes Menus »). */
function MenusPageContent() {
  const { data: me } = useMe();
  const menus = useMenus();
  const remove = useDeleteMenu();
  const setActive = useSetMenuActive();
  const establishments = useEstablishments();
  const canWrite = useCan('content:write');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  usePreloadMenuForm();
  const atLimit = Boolean(me && me.limits.menus !== null && me.usage.menus >= me.limits.menus);

  useEffect(() => {
    if (menus.isError) toast.error('Erreur lors du chargement des menus');
  }, [menus.isError]);

  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success('Menu supprimé avec succès');
        if (form.mode === 'edit' && form.menu.id === id) setForm({ mode: 'closed' });
      },
      onError: () => toast.error('Erreur lors de la suppression'),
    });

  const onToggle = (menu: Menu, version = menu.version) =>
    setActive.mutate(
      { id: menu.id, isActive: !menu.isActive, version },
      {
        onSuccess: (updated) =>
          toast.success(updated.isActive ? 'Menu activé avec succès' : 'Menu désactivé avec succès'),
        onError: (error) => {
          if (!toastConflict(error, (saved) => onToggle(menu, saved)))
            toast.error('Erreur lors de la modification du statut');
        },
      },
    );

  const openCreate = () => setForm({ mode: 'create' });
  // The establishment is worth naming only when there is a choice (docs/product/organisations.md).
  const sites = establishments.data ?? [];
  const establishmentName = (menu: Menu) =>
    sites.length > 1 ? (sites.find((site) => site.id === menu.establishmentId)?.name ?? null) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Mes Menus</h1>
          <p className="text-sm text-stone-600">
            Regroupez vos recettes en sections pour composer la carte que vos clients consultent.
          </p>
        </div>
        {canWrite && (
          <Button onClick={openCreate} disabled={atLimit || form.mode !== 'closed'} className="self-start sm:self-auto">
            Nouveau menu
          </Button>
        )}
      </div>
      {canWrite && atLimit && <p className="text-sm text-orange-800">{limitsMessages.menus}</p>}
      {canWrite && <LimitBanner resource="menus" />}

      {form.mode !== 'closed' && (
        <Card>
          <h2 className="mb-4 text-xl font-semibold">{form.mode === 'edit' ? 'Modifier le menu' : 'Nouveau menu'}</h2>
          <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
            <MenuForm
              key={form.mode === 'edit' ? `${form.menu.id}@${form.menu.version}` : 'new'}
              menu={form.mode === 'edit' ? form.menu : null}
              establishments={sites}
              onDone={() => setForm({ mode: 'closed' })}
              onReload={(saved) => setForm({ mode: 'edit', menu: saved })}
            />
          </Suspense>
        </Card>
      )}

      {menus.isPending ? (
        <Spinner label="Chargement des menus..." />
      ) : menus.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des menus
        </p>
      ) : menus.data.length === 0 ? (
        <Card className="py-12 text-center">
          <p className="text-lg font-semibold">Aucun menu trouvé</p>
          <p className="mt-1 text-sm text-stone-600">
            {canWrite
              ? 'Créez un menu, puis ajoutez-y des sections et vos recettes.'
              : 'L’équipe n’a pas encore créé de menu.'}
          </p>
          {canWrite && form.mode === 'closed' && (
            <Button className="mt-4" onClick={openCreate} disabled={atLimit}>
              Créer mon premier menu
            </Button>
          )}
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {menus.data.map((menu) => (
            <MenuCard
              key={menu.id}
              menu={menu}
              establishmentName={establishmentName(menu)}
              actions={
                canWrite
                  ? {
                      toggling: setActive.isPending && setActive.variables.id === menu.id,
                      onToggle: () => onToggle(menu),
                      onEdit: () => {
                        setForm({ mode: 'edit', menu });
                        window.scrollTo({ top: 0 });
                      },
                      onDelete: () => onDelete(menu.id),
                    }
                  : null
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function MenusPage() {
  return (
    <>
      <title>Mes menus – NutriCarte</title>
      <MenusPageContent />
    </>
  );
}
