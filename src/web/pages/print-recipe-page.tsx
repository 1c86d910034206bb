import { useParams } from 'react-router';
import { establishmentContactLine } from '../../shared/establishment.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useRecipe } from '../features/print/api.ts';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { RecipeSheet } from '../features/print/recipe-sheet.tsx';
import { ApiError } from '../lib/api.ts';
import { useMe } from '../lib/queries.ts';
import { useRecipes } from '../features/recipes/api.ts';

const back = { to: '/recipes', label: 'Retour aux recettes' };

/** /recipes/:id/fiche: the recipe's fiche technique, printed on A4 (no app layout). */
export default function PrintRecipePage() {
  const id = useParams().id ?? '';
  const recipe = useRecipe(id);
  const { data: me } = useMe();
  // The sub-recipes' own lines, printed under them (the fiche technique's tree, docs/decisions/0023).
  const all = useRecipes();

  if (id === '' || (recipe.error instanceof ApiError && recipe.error.status === 404)) {
    return (
      <DocumentMessage
        title="Recette non trouvée"
        text="Cette recette n’existe pas ou n’appartient pas à votre organisation."
        back={back}
      />
    );
  }
  if (recipe.isError) {
    return (
      <DocumentMessage
        title="Erreur lors du chargement de la recette"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  }
  if (!recipe.data || !recipe.isFetchedAfterMount || all.isPending)
    return <Spinner label="Chargement de la fiche technique..." />;

  return (
    <PrintDocument paper="A4 portrait" title={`Fiche technique - ${recipe.data.name}`} back={back}>
      <RecipeSheet
        recipe={recipe.data}
        restaurantName={me?.profile.restaurantName ?? ''}
        contact={establishmentContactLine(me?.profile)}
        recipes={new Map((all.data ?? []).map((r) => [r.id, r]))}
      />
    </PrintDocument>
  );
}
