import { Link } from 'react-router';
import { Card, Spinner } from '../components/ui/card.tsx';
import { CostsTable } from '../features/costs/costs-table.tsx';
import { useRecipeCosts } from '../features/recipes/api.ts';

/**
 * /recipes/couts: « Coûts », every recipe's food cost and margins (docs/decisions/0023), for the owner only.
 * It reads the costs only (`?view=costs`), not the whole list with lines and nutrition.
 */
function CostsPageContent() {
  const recipes = useRecipeCosts();
  return (
    <div className="space-y-4">
      <div>
        <Link to="/recipes" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Retour aux recettes
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Coûts</h1>
        <p className="text-sm text-stone-600">
          Coût matière par portion d’après vos prix HT : ceux des ingrédients (
          <Link to="/produits/prix" className="underline underline-offset-2">
            Prix des ingrédients
          </Link>
          ) et ceux de vos produits, saisis ou tirés de leur dernière facture ; prix de vente TTC ramené au HT selon la
          TVA de chaque recette. Cliquez sur un titre de colonne pour trier.
        </p>
      </div>
      {recipes.isPending ? (
        <Spinner label="Chargement des coûts..." />
      ) : recipes.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des recettes
        </p>
      ) : recipes.data.length === 0 ? (
        <Card className="py-12 text-center">
          <p className="text-lg font-semibold">Aucune recette</p>
        </Card>
      ) : (
        <CostsTable rows={recipes.data} />
      )}
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function CostsPage() {
  return (
    <>
      <title>Coûts des recettes – NutriCarte</title>
      <CostsPageContent />
    </>
  );
}
