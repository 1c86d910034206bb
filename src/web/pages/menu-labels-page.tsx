import { Link, useParams } from 'react-router';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useMenu } from '../features/menus/api.ts';
import { PrintPanel } from '../features/labels/print-panel.tsx';

/** /menus/:id/etiquettes: one label of each dish of the menu made from a recipe (docs/product/labels.md). */
function MenuLabelsPageContent() {
  const id = useParams().id ?? '';
  const menu = useMenu(id);
  if (menu.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
        Menu introuvable ou erreur de chargement
      </p>
    );
  if (!menu.data) return <Spinner label="Chargement du menu..." />;
  return (
    <div className="space-y-6">
      <div>
        <Link to={`/menus/${id}`} className="text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> Retour au menu
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Étiquettes : {menu.data.name}</h1>
        <p className="text-sm text-stone-600">
          Une étiquette de chaque plat fait d’une recette, au nom et à l’adresse de l’établissement du menu. Les plats
          sans recette (boissons…) n’en ont pas. Les réglages de chaque étiquette se font depuis sa recette.
        </p>
      </div>
      <Card className="max-w-2xl">
        <PrintPanel path={`/api/menus/${id}/labels.pdf`} />
      </Card>
    </div>
  );
}

/** The page under its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */
export default function MenuLabelsPage() {
  return (
    <>
      <title>Étiquettes du menu – NutriCarte</title>
      <MenuLabelsPageContent />
    </>
  );
}
