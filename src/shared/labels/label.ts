import type { Label, LabelPrintQuery, LabelWarning } from '../api/labels.ts';
import { NBSP, frenchInteger } from '../typography.ts';
import { addDaysIso, dateLot, frenchDate } from './dates.ts';
import {
  containsSegments,
  listSegments,
  orderIngredients,
  publicIngredients,
  tracesText,
  type LabelRecipeInput,
  type OrderedNode,
} from './ingredient-list.ts';
import { labelDeclaration, nutritionSentences, type LabelNutritionSource } from './nutrition-text.ts';
import { namedInDenomination, quidOf } from './quid.ts';
import { toHtml, toText, type Segment } from './rich-text.ts';
import { DEFAULT_SHELF_LIFE_DAYS, DEFAULT_STORAGE, type LabelSettings } from './settings.ts';

/** Everything a recipe's label is computed from (the server reads it from the stored recipes). */
export interface LabelSource {
  recipeId: string;
  recipeName: string;
  homemade: boolean;
  /** The recipe's whole lists (own, products', sub-recipes'). */
  allergens: readonly string[];
  traces: readonly string[];
  allergensDeclared: boolean;
  tree: LabelRecipeInput;
  nutrition: LabelNutritionSource;
  settings: LabelSettings;
  establishment: { id: string; name: string; address: string | null } | null;
}

/** The label and the text runs its PDF prints. */
export interface ComputedLabel {
  label: Omit<Label, 'fits'>;
  /** « farine de **blé**, … » */
  ingredientSegments: Segment[];
  /** « Contient : **lait**. » for allergens no ingredient carries; empty otherwise. */
  containsSegments: Segment[];
}

function allNodes(nodes: readonly OrderedNode[]): OrderedNode[] {
  return nodes.flatMap((node) => [node, ...(node.children ? allNodes(node.children) : [])]);
}

/** A quantity as printed: « 250 g », « 1 250 ml », « 12,5 g ». */
export function quantityText(value: number, unit: string): string {
  const text = Number.isInteger(value)
    ? frenchInteger(value)
    : new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(value);
  return `${text}${NBSP}${unit}`;
}

/** The label of a recipe, on `print.date` (production), with this print's own lot, shelf life and net quantity. */
export function buildLabel(source: LabelSource, print: LabelPrintQuery & { date: string }): ComputedLabel {
  const { settings } = source;
  const denomination = settings.denomination ?? source.recipeName;
  const ordered = orderIngredients(source.tree);
  const names = new Map(allNodes(ordered.nodes).map((n) => [n.key, n.name]));
  const quidKeys = (settings.quid ?? namedInDenomination(denomination, ordered.nodes)).filter((k) => names.has(k));
  const quid = quidOf(source.tree, quidKeys, names);
  const quidTexts = new Map(quid.map((q) => [q.key, q.text]));
  const list = listSegments(ordered.nodes, quidTexts);
  const contains = source.allergens.filter((a) => !ordered.emphasised.has(a));
  const declaration = labelDeclaration(source.nutrition);
  const shown = settings.nutrition;
  const perPortion = shown === 'per_100g_and_portion' ? declaration.perPortion : null;
  const portionGrams = Math.round(declaration.portionGrams);
  const netValue = print.net ?? settings.netQuantity ?? portionGrams;
  const netUnit = print.net === undefined && settings.netQuantity !== null ? settings.netQuantityUnit : 'g';
  const shelfLifeDays = print.shelfLifeDays ?? settings.shelfLifeDays ?? DEFAULT_SHELF_LIFE_DAYS;
  const useBy = addDaysIso(print.date, shelfLifeDays);
  const lot = print.lot ?? dateLot(print.date);

  const warnings: LabelWarning[] = [];
  if (source.tree.lines.length === 0)
    warnings.push({ code: 'no_ingredients', message: 'La recette n’a aucun ingrédient : la liste est vide.' });
  if (!source.allergensDeclared)
    warnings.push({
      code: 'allergens_unverified',
      message:
        'Les allergènes de cette recette ne sont pas confirmés : l’étiquette souligne ceux que suggèrent les ingrédients. Confirmez-les dans la recette avant de vendre.',
    });
  if (contains.length > 0)
    warnings.push({
      code: 'allergen_unplaced',
      message: `Aucun ingrédient de la liste ne porte ${contains.join(', ')} : l’étiquette l’indique dans « Contient ». Nommez l’ingrédient qui le contient (nom sur l’étiquette, ou liste d’ingrédients du produit).`,
    });
  if (ordered.unweighed.length > 0)
    warnings.push({
      code: 'unweighed',
      message: `Sans poids, placé en fin de liste : ${ordered.unweighed.join(', ')}. Indiquez le poids d’une unité dans la recette.`,
    });
  if (shown !== 'none' && declaration.partial.length > 0)
    warnings.push({
      code: 'nutrition_partial',
      message:
        'Valeurs nutritionnelles incomplètes : des données manquent pour certains ingrédients (les valeurs sont des minimums). Complétez les produits concernés, ou retirez la déclaration.',
    });
  if (print.shelfLifeDays === undefined && settings.shelfLifeDays === null)
    warnings.push({
      code: 'shelf_life_default',
      message: `Durée de conservation par défaut : ${DEFAULT_SHELF_LIFE_DAYS} jours après la fabrication (arrêté du 21 décembre 2009, plats préparés à l’avance). Indiquez celle de cette recette.`,
    });
  if (source.establishment === null)
    warnings.push({
      code: 'no_establishment',
      message: 'Aucun établissement : le nom et l’adresse de l’exploitant manquent. Ajoutez un établissement.',
    });

  const nutritionText =
    shown === 'none' ? [] : nutritionSentences(declaration.per100g, perPortion, declaration.portionGrams);
  const label: Omit<Label, 'fits'> = {
    recipeId: source.recipeId,
    recipeName: source.recipeName,
    denomination,
    ingredients: publicIngredients(ordered.nodes),
    ingredientsHtml: toHtml(list),
    ingredientsText: toText(list),
    contains,
    traces: [...source.traces],
    tracesText: tracesText(source.traces),
    quid: quid.map(({ key, name, percent, text }) => ({ key, name, percent, text })),
    nutrition: {
      shown,
      referenceGrams: Math.round(declaration.referenceGrams * 10) / 10,
      portionGrams,
      per100g: declaration.per100g,
      perPortion,
      partial: declaration.partial,
      text: nutritionText,
    },
    netQuantityGrams: netUnit === 'g' ? netValue : portionGrams,
    netQuantity: { value: netValue, unit: netUnit },
    storage: settings.storage ?? DEFAULT_STORAGE,
    shelfLifeDays,
    productionDate: print.date,
    useBy,
    lot,
    homemade: source.homemade,
    establishment: source.establishment,
    barcode:
      settings.barcode === 'none'
        ? null
        : {
            kind: settings.barcode,
            text:
              settings.barcode === 'gs1_128'
                ? `(17)${useBy.slice(2, 4)}${useBy.slice(5, 7)}${useBy.slice(8, 10)}(10)${lot}`
                : `${denomination}\nLot ${lot}\nÀ consommer jusqu’au ${frenchDate(useBy)}`,
          },
    settings,
    warnings,
  };
  return { label, ingredientSegments: list, containsSegments: containsSegments(contains) };
}
