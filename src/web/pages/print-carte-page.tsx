import { useMemo } from 'react';
import { useParams } from 'react-router';
import { establishmentContactLine } from '../../shared/establishment.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishment } from '../features/establishments/api.ts';
import { useMenu, useMenuSections } from '../features/menus/api.ts';
import { useFormules } from '../features/menus/formules-api.ts';
import { buildCarte } from '../features/print/carte.ts';
import { CarteSheet } from '../features/print/carte-sheet.tsx';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { useQrCodes } from '../features/qr/api.ts';
import { QrDrawing } from '../features/qr/qr-drawing.tsx';
import { useRecipes } from '../features/recipes/api.ts';
import { ApiError } from '../lib/api.ts';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /menus/:id/carte: the printable A4 carte (docs/product/formules.md) with prices, formules, origins, allergens
 * and a QR code: the menu's first active code (its scans are counted), else the page's own address.
 */
export default function PrintCartePage() {
  const menuId = useParams().id ?? '';
  const menu = useMenu(menuId);
  const sections = useMenuSections(menuId);
  const recipes = useRecipes();
  const formules = useFormules(menuId);
  const qrCodes = useQrCodes();
  const { establishment, isError: establishmentError } = useEstablishment(menu.data?.establishmentId);
  const carte = useMemo(
    () =>
      sections.data && recipes.data && formules.data ? buildCarte(sections.data, recipes.data, formules.data) : null,
    [sections.data, recipes.data, formules.data],
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
  if (
    menu.isError ||
    sections.isError ||
    recipes.isError ||
    formules.isError ||
    qrCodes.isError ||
    establishmentError
  ) {
    return (
      <DocumentMessage
        title="Erreur lors du chargement du menu"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  }
  // Prices and allergens on paper must be the current ones: fresh data only, never a cached copy.
  const fresh =
    menu.isFetchedAfterMount &&
    sections.isFetchedAfterMount &&
    recipes.isFetchedAfterMount &&
    formules.isFetchedAfterMount;
  if (!menu.data || !carte || !fresh || !establishment || !qrCodes.data)
    return <Spinner label="Chargement de la carte..." />;
  const code = qrCodes.data.find((c) => c.menu.id === menuId && c.status === 'active');
  const qrData = code?.qrData ?? `${window.location.origin}/menu/${menuId}`;
  const warnings = [
    !menu.data.isActive &&
      'Ce menu est inactif : un client qui scanne le code lira « Ce menu n’est pas disponible pour le moment ».',
    carte.unpriced.length > 0 && `Sans prix (la loi impose de l’afficher) : ${carte.unpriced.join(', ')}.`,
    carte.originMissing.length > 0 && `Origine des viandes à compléter : ${carte.originMissing.join(', ')}.`,
  ].filter((w): w is string => typeof w === 'string');

  return (
    <PrintDocument
      paper="A4 portrait"
      title={`Carte - ${menu.data.name}`}
      back={back}
      notice={
        warnings.length > 0 && (
          <div role="alert" className="space-y-1 rounded-lg bg-orange-50 p-3 text-sm text-orange-900">
            {warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
          </div>
        )
      }
    >
      <CarteSheet
        carte={carte}
        menuName={menu.data.name}
        restaurantName={establishment.name}
        contact={establishmentContactLine(establishment)}
        qr={<QrDrawing key={qrData} data={qrData} size={110} type="svg" label={`Code QR du menu ${menu.data.name}`} />}
      />
    </PrintDocument>
  );
}
