/** French texts of the public menu page (docs/product/spec.md « Public menu page (/menu/{id}) », section 8). */
export const publicMenuTexts = {
  defaultRestaurantName: 'Restaurant',
  premium: 'Premium',
  nutritionTitle: 'Informations nutritionnelles',
  perServing: 'par portion',
  calories: 'Calories',
  protein: 'Protéines',
  carbs: 'Glucides',
  fat: 'Lipides',
  diets: 'Régimes alimentaires :',
  allergens: 'Allergènes :',
  traces: 'Peut contenir (traces) :',
  nutriScore: 'Nutri-Score',
  emptyTitle: 'Menu en cours de préparation',
  emptyText: 'Ce menu est actuellement vide. Revenez bientôt !',
  poweredBy: 'Menu numérique propulsé par',
  productName: 'NutriCarte',
  notFoundTitle: 'Menu non trouvé',
  notFoundText: 'Le menu demandé n’existe pas ou n’est plus disponible.',
  /**
   * The price mention at the end of the menu (arrêté du 27 mars 1987, docs/product/decisions.md 18):
   * prices are TTC and service included.
   */
  priceMention: 'Prix nets, service compris',
  /** Screen readers hear « Prix : 12,50 € ». */
  priceLabel: 'Prix :',
  /** Next to a homemade dish (code de la consommation L. 122-19, décret 2014-797). */
  homemade: 'Fait maison',
  /**
   * The explanatory sentence under the menu when a dish is homemade: no longer required since
   * décret 2015-505, still allowed and useful to diners (docs/decisions/0019-public-menu-for-diners.md).
   */
  homemadeLegend: 'Les plats « faits maison » sont élaborés sur place à partir de produits bruts.',
  /** Heading of the meat origin lines (décret 2002-1465 as amended in 2025). */
  meatOrigin: 'Origine des viandes :',
  /** API error message of GET /api/public/menus/:id (docs/product/spec.md section 8, « Public pages »). */
  notFoundApi: 'Menu non trouvé ou inactif',
  /** A switched-off menu or QR code (unavailable-page.ts): calm, no « Erreur ». */
  unavailableTitle: 'Ce menu n’est pas disponible pour le moment',
  unavailableText: 'Le restaurant l’a mis en pause. Demandez la carte au personnel, ou revenez un peu plus tard.',
} as const;
