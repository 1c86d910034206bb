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
  /** API error message of GET /api/public/menus/:id (docs/product/spec.md section 8, « Public pages »). */
  notFoundApi: 'Menu non trouvé ou inactif',
  /** A switched-off menu or QR code (unavailable-page.ts): calm, no « Erreur ». */
  unavailableTitle: 'Ce menu n’est pas disponible pour le moment',
  unavailableText: 'Le restaurant l’a mis en pause. Demandez la carte au personnel, ou revenez un peu plus tard.',
} as const;
