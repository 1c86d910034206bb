import { Link } from 'react-router';
import { quantityWithUnit } from '../../../shared/unit-words.ts';
import type { Recipe } from '../../../shared/api/recipes.ts';
import { missingHeadlineIngredients } from '../../../shared/nutrition-headline.ts';
import { countOf } from '../../../shared/counts.ts';
import { useCan } from '../../lib/use-can.ts';
import { Badge, Card } from '../../components/ui/card.tsx';
import { formatDecimal } from '../../../shared/decimal.ts';
import { formatDate, formatEuros, formatNumber } from '../../lib/format.ts';
import { NutriScoreInfo } from '../../components/nutri-score-scale.tsx';
import { ALLERGEN_STATEMENTS } from '../../../shared/messages/allergen-statements.ts';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';
import { allergenConfirmation } from './allergen-confirmation.ts';
import { costPerServingText, marginText } from '../../lib/cost-text.ts';
import { productOriginText } from '../../../shared/product-origin-text.ts';

const PREVIEW = 3;

/** docs/product/decisions.md 15: an unconfirmed list says so, in orange; a confirmed empty one says « aucun ». */
function AllergenBadge({ recipe }: { recipe: Recipe }) {
  if (recipe.allergenStatus === 'unverified') {
    return (
      <Badge tone="orange" className="border border-orange-300 font-semibold" data-testid="allergen-status">
        Allergènes non vérifiés
      </Badge>
    );
  }
  const count = recipe.allergens.length;
  return (
    <Badge tone={count ? 'red' : 'green'} data-testid="allergen-status">
      {count ? `${count} allergène${count > 1 ? 's' : ''}` : ALLERGEN_STATEMENTS.none}
    </Badge>
  );
}

/**
 * A recipe of « Mes Recettes ». `onEdit` and `onDelete` are given to the roles that may write
 * (src/web/lib/use-can.ts): a viewer's card has neither button. « Historique » is for every member.
 */
export function RecipeCard({
  recipe,
  onEdit,
  onDelete,
  onShowHistory,
}: {
  recipe: Recipe;
  onEdit?: () => void;
  onDelete?: () => void;
  onShowHistory: () => void;
}) {
  const confirmation = allergenConfirmation(recipe);
  const missing = missingHeadlineIngredients(recipe.nutrition.missing);
  const moreIngredients = recipe.ingredients.length - PREVIEW;
  const moreAllergens = recipe.allergens.length - PREVIEW;
  const seesCosts = useCan('costs:read');
  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid="recipe-card">
      <div className="flex items-start gap-3">
        {recipe.photo && (
          <img
            src={recipe.photo.variants[0]!.url}
            width={recipe.photo.variants[0]!.width}
            height={recipe.photo.variants[0]!.height}
            alt={recipe.name}
            loading="lazy"
            decoding="async"
            className="h-16 w-16 shrink-0 rounded-lg object-cover"
            data-testid="recipe-photo"
          />
        )}
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{recipe.name}</h2>
          {recipe.description && <p className="mt-1 line-clamp-2 text-sm text-stone-600">{recipe.description}</p>}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Link
          to={`/recipes/${recipe.id}/fiche`}
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Fiche technique
        </Link>
        <Link
          to={`/recipes/${recipe.id}/etiquette`}
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Étiquette
        </Link>
        <button
          type="button"
          onClick={onShowHistory}
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          aria-label={`Historique de ${recipe.name}`}
        >
          Historique
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge>{countOf(recipe.servings, 'portion')}</Badge>
        <Badge tone="green" data-testid="kcal-badge">
          {recipe.caloriesPerServing === null ? '– kcal' : `${formatNumber(recipe.caloriesPerServing)} kcal`} / portion
        </Badge>
        <AllergenBadge recipe={recipe} />
        {recipe.price !== null && <Badge data-testid="price-badge">{formatEuros(recipe.price)}</Badge>}
        {recipe.homemade && <Badge>Fait maison</Badge>}
        {/* The decree requires the origin of these meats on the menu (docs/product/decisions.md 20). */}
        {recipe.meatOriginMissing && (
          <Badge tone="orange" className="border border-orange-300 font-semibold" data-testid="meat-origin-missing">
            Origine de la viande à renseigner
          </Badge>
        )}
      </div>
      {/* The owner's figure only: never on a diner's page, nor for a role without costs (src/shared/permissions.ts). */}
      {seesCosts && (
        <p
          className={recipe.costPerServing === null ? 'text-xs text-orange-800' : 'text-xs text-stone-700'}
          data-testid="cost-line"
        >
          {costPerServingText(recipe)}
          {marginText(recipe) && ` (${marginText(recipe)})`}
        </p>
      )}
      {recipe.origins.length > 0 && (
        <p className="text-xs text-stone-700" data-testid="product-origins">
          <strong>Viandes de vos produits :</strong> {recipe.origins.map(productOriginText).join(' · ')}
        </p>
      )}
      {confirmation && (
        <p className="text-xs text-stone-600" data-testid="allergens-confirmed">
          {confirmation}
        </p>
      )}
      {/* The grade, or why there is none when the owner wants it shown (never silently nothing). */}
      {(recipe.nutriScore.available || recipe.showNutriScore) && <NutriScoreInfo value={recipe.nutriScore} />}
      {missing.length > 0 && (
        <p className="text-xs text-orange-800">
          <strong>Valeur partielle</strong> : données Ciqual manquantes pour {missing.join(', ')}.
        </p>
      )}
      <ul className="space-y-0.5 text-sm text-stone-700">
        {recipe.ingredients.slice(0, PREVIEW).map((line) => (
          <li key={line.id} className="truncate">
            {quantityWithUnit(line.quantity, formatDecimal(line.quantity), line.unit, line.servings === 1)} ·{' '}
            {line.name}
          </li>
        ))}
        {moreIngredients > 0 && (
          <li className="text-stone-500">{`+${countOf(moreIngredients, 'autre ingrédient', 'autres ingrédients')}`}</li>
        )}
      </ul>
      {/* Named groups: on a bare div the name is neither valid (RGAA 8.2) nor said. */}
      {recipe.allergens.length > 0 && (
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Allergènes">
          {recipe.allergens.slice(0, PREVIEW).map((a) => (
            <Badge key={a} tone="red">
              {a}
            </Badge>
          ))}
          {moreAllergens > 0 && <Badge tone="red">+{moreAllergens}</Badge>}
        </div>
      )}
      {recipe.traces.length > 0 && (
        <p className="text-xs text-amber-900">
          <strong>Peut contenir :</strong> {recipe.traces.join(', ')}
        </p>
      )}
      {recipe.dietaryInfo.length > 0 && (
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Régimes alimentaires">
          {recipe.dietaryInfo.map((d) => (
            <Badge key={d} tone="green">
              {d}
            </Badge>
          ))}
        </div>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <span className="text-xs text-stone-500">Créée le {formatDate(recipe.createdAt)}</span>
        {onEdit && onDelete && (
          <EditDeleteButtons
            subject={`la recette ${recipe.name}`}
            confirmTitle="Êtes-vous sûr de vouloir supprimer cette recette ?"
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      </div>
    </Card>
  );
}
