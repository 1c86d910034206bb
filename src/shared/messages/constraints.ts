/** Database CHECK constraints mapped to the « Erreur de validation » messages. */
export const constraintsMessages = {
  /** Quantities, weights and prices are greater than 0 (docs/product/decisions.md 16). */
  pricePositive: 'Le prix doit être supérieur à 0',
  /** A menu item may cost 0 € (docs/product/spec.md section 3: its default), never less. */
  priceNotNegative: 'Le prix ne peut pas être négatif',
  prepTimePositive: 'Le temps de préparation doit être positif',
  cookTimePositive: 'Le temps de cuisson doit être positif',
  servingsPositive: 'Le nombre de portions doit être supérieur à 0',
  nameRequired: 'Le nom est requis',
  quantityPositive: 'La quantité doit être supérieure à 0',
  unitInvalid: 'Unité invalide',
  gramsPerUnitRequired: 'Indiquez le poids d’une unité (en grammes)',
  gramsPerMlRequired: 'Indiquez la densité (en g/ml), supérieure à 0',
  cookedWeightPositive: 'Le poids cuit doit être supérieur à 0',
  percentRange: 'La part doit être comprise entre 0 et 100 %',
  nutriScoreCategoryInvalid:
    'Choisissez le tableau du Nutri-Score : automatique, aliment, fromage, matières grasses, boisson ou eau',
} as const;
