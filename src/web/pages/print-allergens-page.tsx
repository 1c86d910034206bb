import { useMemo } from 'react';
import { useParams } from 'react-router';
import { establishmentContactLine } from '../../shared/establishment.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishment } from '../features/establishments/api.ts';
import { useMenu, useMenuSections } from '../features/menus/api.ts';
import { AllergenSheet } from '../features/print/allergen-sheet.tsx';
import { buildAllergenTable } from '../features/print/allergen-table.ts';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { useRecipes } from '../features/recipes/api.ts';
import { ApiError } from '../lib/api.ts';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** /menus/:id/allergenes: the menu's allergen table, printed on A4 landscape (no app layout). */
export default function PrintAllergensPage() {
  const menuId = useParams().id ?? '';
  const menu = useMenu(menuId);
  const sections = useMenuSections(menuId);
  const recipes = useRecipes();
  const { establishment, isError: establishmentError } = useEstablishment(menu.data?.establishmentId);
  const groups = useMemo(
    () => (sections.data && recipes.data ? buildAllergenTable(sections.data, recipes.data) : null),
    [sections.data, recipes.data],
  );
  const back = { to: menuId ? `/menus/${menuId}` : '/menus', label: 'Retour à l’éditeur du menu' };

  if (menuId === '' || isNotFound(menu.error) || isNotFound(sections.error)) {
    return (
      <DocumentMessage
        title="Menu non trouvé"
        text="Ce menu n’existe pas ou n’appartient pas à votre organisation."
        back={{ to: '/menus', label: 'Retour aux menus' }}
      />
    );
  }
  if (menu.isError || sections.isError || recipes.isError || establishmentError) {
    return (
      <DocumentMessage
        title="Erreur lors du chargement du menu"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  }
  // Printed allergen information must be the current one: wait for fresh data, never a cached copy.
  const fresh = menu.isFetchedAfterMount && sections.isFetchedAfterMount && recipes.isFetchedAfterMount;
  if (!menu.data || !groups || !fresh || !establishment)
    return <Spinner label="Chargement du tableau des allergènes..." />;

  return (
    <PrintDocument paper="A4 landscape" title={`Allergènes - ${menu.data.name}`} back={back}>
      {/* Headed by the menu's establishment (docs/product/organisations.md « Establishments »). */}
      <AllergenSheet
        groups={groups}
        menuName={menu.data.name}
        restaurantName={establishment.name}
        contact={establishmentContactLine(establishment)}
      />
    </PrintDocument>
  );
}
