// Apart from the zod schemas of src/shared/api/meal-plans.ts (which re-exports it): the web
// page that shows these messages does not load zod (docs/decisions/0041-first-load-javascript.md).

/** docs/product/api.md « Collective catering », completed in docs/product/meal-plans.md. */
export const mealPlanMessages = {
  establishmentRequired: 'Choisissez un établissement',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  rangeInvalid: 'La période doit finir après son début et durer au plus 400\u00a0jours',
  serviceInvalid: 'Service invalide (déjeuner, dîner ou goûter)',
  slotInvalid: 'Composante invalide',
  slotTwice: 'Chaque composante ne peut figurer qu’une fois par service',
  recipeInvalid: 'Recette introuvable dans votre organisation',
  populationInvalid: 'Population invalide (maternelle, élémentaire, adolescent ou adulte)',
  copyLengthInvalid: 'Choisissez un jour, une semaine ou un cycle de quatre semaines',
  copyOverlap: 'Les dates de destination ne peuvent pas recouvrir celles copiées',
  tagInvalid: 'Classification inconnue',
  yearInvalid: 'Année invalide',
  nothingToPublish: 'Aucun plat n’est planifié cette semaine',
  premiumOnly:
    'Les plans de menus de restauration collective sont réservés au plan Premium. Passez au Premium pour planifier vos repas.',
  coversInvalid: 'Nombre de couverts invalide (entier de 0 à 100\u00a0000)',
  portionGramsInvalid: 'Indiquez un nombre entier de grammes, de 1 à 2\u00a0000 (vide\u00a0: portion de la recette)',
  portionLineInvalid: 'Composante inconnue',
} as const;
