// Apart from the zod schemas of src/shared/api/meal-plans.ts (which re-exports it): the web
// page that shows these messages does not load zod (docs/decisions/0041-first-load-javascript.md).

/** docs/product/api.md « Collective catering », completed in docs/product/meal-plans.md. */
export const mealPlanMessages = {
  establishmentRequired: 'Choisissez un établissement',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  dateOutOfRange: 'Date hors des années 2000 à 2099',
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
  /**
   * Planning on a day without service: what to do where the establishment can do something (a
   * day it closed itself, its Wednesdays, a weekday without covers); a public or school holiday
   * and a weekend only say why.
   */
  closedDay: (label: string, kind: 'weekend' | 'ferie' | 'vacances' | 'mercredi' | 'ferme' | 'sans_service') =>
    `Pas de service ce jour-là (${label})` +
    (kind === 'ferme'
      ? '\u00a0: rouvrez-le dans «\u00a0Jours fermés\u00a0» pour y planifier un repas'
      : kind === 'mercredi'
        ? '\u00a0: décochez «\u00a0Pas d’école le mercredi\u00a0» dans l’établissement pour y planifier un repas'
        : kind === 'sans_service'
          ? '\u00a0: indiquez des couverts ce jour-là dans l’établissement pour y planifier un repas'
          : ''),
  variantInvalid: 'Menu de substitution inconnu',
  substituteUnsuited: (variant: string, problem: string) =>
    `Ne convient pas au menu «\u00a0${variant}\u00a0»\u00a0: ${problem}`,
  substituteWithoutDish: 'Un plat de substitution remplace un plat planifié\u00a0: planifiez d’abord ce plat',
  validationRequired: 'Cette semaine doit d’abord être validée par un diététicien de l’organisation',
  notPublished: 'Cette semaine n’est pas publiée',
  versionInvalid: 'Version invalide',
  dietCountInvalid: 'Nombre de convives invalide (entier de 0 à 10\u00a0000)',
  closedDayLabelInvalid: 'Indiquez un motif (1 à 120 caractères)',
  closedDayTaken: 'Ce jour est déjà fermé',
  icsInvalid: 'Fichier illisible\u00a0: envoyez un calendrier au format iCalendar (.ics), 800 jours au plus',
  coversMissing:
    'Indiquez les couverts par jour de l’établissement (page Établissements)\u00a0: sans eux, les achats ne peuvent pas être estimés',
  pricesMissing:
    'Aucun prix d’achat n’est connu pour les plats planifiés cette année\u00a0: indiquez les prix de vos produits',
  siretMissing: 'Indiquez le SIRET de l’établissement (page Établissements)\u00a0: «\u00a0ma cantine\u00a0» l’exige',
  formInvalid: 'Forme invalide (simple ou détaillée)',
  /** The « ma cantine » bilan's source, said on the screen and in the file's name. */
  maCantineFromPurchases: (invoices: number) =>
    `D’après vos achats : ${invoices} ${invoices > 1 ? 'factures et avoirs confirmés' : 'facture ou avoir confirmé'} de l’année (montants HT de vos fournisseurs)`,
  maCantineEstimate:
    'Estimation à partir du plan (couverts × portions × prix de vos produits) : aucune facture d’achat confirmée cette année',
  purchasesForbidden:
    'Ce bilan vient des factures d’achat de l’organisation : votre rôle ne permet pas de les consulter.',
  formatInvalid: 'Format invalide (csv ou xlsx)',
  /** Deleting a recipe planned on `days` (« lundi 7 septembre 2026 (Cantine Jules Ferry) »…). */
  recipePlanned: (days: string) =>
    `Cette recette est planifiée le ${days}. La supprimer la retire de ces jours\u00a0: confirmez pour continuer.`,
  recipePublished: (days: string) =>
    `Cette recette est au menu publié du ${days}\u00a0: remplacez-la dans le plan avant de la supprimer.`,
  ordersRangeInvalid: 'La période doit finir après son début et durer au plus 62\u00a0jours',
} as const;
