import { frenchInteger } from '../typography.ts';

/** The labels' messages (docs/product/labels.md), without zod for the web app's pages. */
export const labelMessages = {
  denomination: 'La dénomination ne peut pas dépasser 200 caractères',
  shelfLife: 'La durée de conservation est un nombre entier de jours, de 0 à 365',
  storage: 'Les conditions de conservation ne peuvent pas dépasser 200 caractères',
  netQuantity: 'La quantité nette doit être comprise entre 0,1 et 100 000',
  netUnit: 'La quantité nette est en g ou en ml',
  nutrition: 'Choisissez la déclaration nutritionnelle : aucune, pour 100 g, ou pour 100 g et par portion',
  quid: 'Ingrédient mis en avant invalide',
  quidUnknown: 'Cet ingrédient n’est pas dans la recette',
  ingredientName: 'Le nom d’un ingrédient sur l’étiquette fait de 1 à 200 caractères',
  ingredientNameUnknown: 'Cet ingrédient n’est pas dans la recette',
  barcode: 'Code-barres inconnu : aucun, QR code ou GS1-128',
  establishment: 'Établissement inconnu',
  date: 'Date invalide (AAAA-MM-JJ)',
  lot: 'Le numéro de lot fait de 1 à 20 caractères : lettres, chiffres, « - », « / », « . » ou « _ »',
  format: 'Format d’étiquette inconnu',
  copies: 'Le nombre d’exemplaires est compris entre 1 et 500',
  skip: 'Le nombre d’étiquettes déjà utilisées est compris entre 0 et 299',
  gridColumns: 'La grille a de 1 à 10 colonnes',
  gridRows: 'La grille a de 1 à 30 rangées',
  gridWidth: 'La largeur d’une étiquette est comprise entre 20 et 210 mm',
  gridHeight: 'La hauteur d’une étiquette est comprise entre 15 et 297 mm',
  gridMargin: 'La marge est comprise entre 0 et 100 mm',
  gridGap: 'L’espace entre deux étiquettes est compris entre 0 et 50 mm',
  gridRequired: 'Indiquez les colonnes, les rangées, la largeur et la hauteur de la grille',
  gridTooWide: 'La grille dépasse la largeur d’une feuille A4 (210 mm)',
  gridTooTall: 'La grille dépasse la hauteur d’une feuille A4 (297 mm)',
  service: 'Service inconnu',
  time: 'Heure invalide (HH:MM)',
  noDishes: 'Aucun plat prévu ce jour-là pour cet établissement.',
  tooManyIngredients: (max: number) =>
    `La liste des ingrédients dépasserait ${frenchInteger(max)} mentions, plus qu’aucune étiquette ne peut en porter : des sous-recettes s’y répètent à plusieurs niveaux. Simplifiez la recette ou ses sous-recettes.`,
  tooManyLabels: (max: number, asked: number) =>
    `Au plus ${frenchInteger(max)} étiquettes par impression : celle-ci en ferait ${frenchInteger(asked)}. Réduisez le nombre d’exemplaires.`,
  menuWithoutRecipes: 'Aucun plat de ce menu n’est fait d’une recette : rien à étiqueter.',
} as const;
