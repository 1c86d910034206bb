/**
 * Every query key of the web app, in one place (docs/conventions.md « Data access »). A feature's
 * `api.ts` names its queries' keys here, and a change in one feature refreshes another's answers
 * through the same names (a product's price refreshes the recipes' costs): renaming a key here
 * renames it everywhere. A key is the prefix of the keys listed under it, so invalidating
 * `queryKeys.recipes.all` refreshes every recipe query. Lint refuses any other key
 * (eslint/query-keys.js).
 */
export const queryKeys = {
  /** GET /api/me: the signed-in account and its organisation's usage. */
  me: ['me'] as const,
  /** GET /api/config. */
  config: ['config'] as const,
  accountSessions: ['account', 'sessions'] as const,
  admin: {
    environment: ['admin', 'environment'] as const,
    outbox: ['admin', 'outbox'] as const,
  },
  billing: {
    subscription: ['billing', 'subscription'] as const,
    demoCheckout: (id: string) => ['billing', 'demo-checkout', id] as const,
  },
  establishments: ['establishments'] as const,
  /** The Ciqual catalogue's search (GET /api/catalogue/ingredients). */
  ingredients: (search: string) => ['ingredients', search] as const,
  ingredientPrices: ['ingredient-prices'] as const,
  integrations: {
    keys: ['integrations', 'keys'] as const,
    keyCalls: (keyId: string) => ['integrations', 'keys', keyId, 'calls'] as const,
    webhooks: ['integrations', 'webhooks'] as const,
    deliveries: (endpointId: string) => ['integrations', 'webhooks', endpointId, 'deliveries'] as const,
    menus: ['integrations', 'menus'] as const,
  },
  invitation: (token: string) => ['invitation', token] as const,
  label: (recipeId: string) => ['labels', recipeId] as const,
  mealPlans: {
    all: ['meal-plans'] as const,
    range: (establishmentId: string, from: string, to: string, population: string) =>
      ['meal-plans', 'range', establishmentId, from, to, population] as const,
    gemrcn: (establishmentId: string, from: string, population: string) =>
      ['meal-plans', 'gemrcn', establishmentId, from, population] as const,
    egalim: (establishmentId: string, from: string, to: string) =>
      ['meal-plans', 'egalim', establishmentId, from, to] as const,
    production: (establishmentId: string, date: string, covers: Record<string, number> | null) =>
      ['meal-plans', 'production', establishmentId, date, covers] as const,
    orders: (establishmentId: string, from: string, to: string) =>
      ['meal-plans', 'orders', establishmentId, from, to] as const,
    calendar: (establishmentId: string, from: string, to: string) =>
      ['meal-plans', 'calendar', establishmentId, from, to] as const,
    diets: (establishmentId: string) => ['meal-plans', 'diets', establishmentId] as const,
    maCantine: (establishmentId: string, year: number) => ['meal-plans', 'ma-cantine', establishmentId, year] as const,
    portions: (establishmentId: string) => ['meal-plans', 'portions', establishmentId] as const,
    cateringTags: (recipeId: string) => ['meal-plans', 'tags', recipeId] as const,
  },
  menus: {
    all: ['menus'] as const,
    one: (id: string) => ['menus', id] as const,
    sections: (menuId: string) => ['menus', menuId, 'sections'] as const,
    formules: (menuId: string) => ['menus', menuId, 'formules'] as const,
  },
  organisation: {
    /** GET /api/organisation (its members and invitations); the history sits under it. */
    all: ['organisation'] as const,
    history: (before: string | null) => ['organisation', 'history', before] as const,
  },
  products: ['products'] as const,
  purchases: {
    all: ['purchases'] as const,
    invoices: ['purchases', 'invoices'] as const,
    invoice: (id: string) => ['purchases', 'invoice', id] as const,
    prices: (from: string, to: string) => ['purchases', 'prices', from, to] as const,
    history: (productId: string) => ['purchases', 'history', productId] as const,
    settings: ['purchases', 'settings'] as const,
    egalim: (from: string, to: string) => ['purchases', 'egalim', from, to] as const,
    engineering: (menuId: string, from: string, to: string) => ['purchases', 'engineering', menuId, from, to] as const,
    consumption: (from: string, to: string) => ['purchases', 'consumption', from, to] as const,
    priceLists: ['purchases', 'price-lists'] as const,
    priceList: (id: string) => ['purchases', 'price-list', id] as const,
  },
  qrCodes: {
    all: ['qr-codes'] as const,
    stats: (id: string, days: number) => ['qr-codes', id, 'stats', days] as const,
  },
  recipes: {
    all: ['recipes'] as const,
    one: (id: string) => ['recipes', id] as const,
    toEdit: (id: string) => ['recipes', 'edit', id] as const,
    history: (id: string) => ['recipes', id, 'history'] as const,
    summaries: ['recipes', 'summaries'] as const,
    costs: ['recipes', 'costs'] as const,
    count: (allergenStatus: string) => ['recipes', 'count', allergenStatus] as const,
    pages: (allergenStatus: string) => ['recipes', 'pages', allergenStatus] as const,
  },
  /** A day's plats témoins (GET /api/meal-plans/:establishmentId/temoins). */
  temoins: (establishmentId: string, date: string) => ['temoins', establishmentId, date] as const,
};
