/**
 * Where hostile-input.reliability.ts sends its fuzz: every route that reads a JSON body (with a
 * valid body and the fields to mutate), the mutating routes that read none and why, and the
 * routes that read query parameters. A route added to the app joins one of these lists: the
 * suite fails on a mutating route found in none.
 */
import { TEST_PASSWORD, uniqueEmail } from '../../test/harness.ts';

export interface Ids {
  recipe: string;
  menu: string;
  section: string;
  item: string;
  qr: string;
  establishment: string;
  /** An editor of the fuzzer's organisation. */
  member: string;
  organisation: string;
  /** Path segments of a planned service (meal plans, docs/decisions/0021-meal-plans-gemrcn-egalim.md). */
  date: string;
  service: string;
  /** An own product (docs/decisions/0018-products-sub-recipes-costs.md). */
  product: string;
  /** A formule of the fuzzer's menu (docs/decisions/0019-public-menu-for-diners.md). */
  formule: string;
  /** A day the fuzzer's establishment closed (migration 0024). */
  closedDay: string;
  /** A Ciqual food's code, priced by the organisation (src/shared/ingredient-prices.ts). */
  food: string;
  /** Supplier invoices (docs/product/purchases.md): a draft and one of its lines; another draft to confirm. */
  invoice: string;
  invoiceLine: string;
  confirmInvoice: string;
  /** Suppliers' price lists (docs/product/purchases.md « Tarifs fournisseurs »): a draft and one of its lines; another draft to confirm. */
  priceList: string;
  priceListLine: string;
  confirmPriceList: string;
  /** A webhook endpoint of the fuzzer's organisation (docs/product/integrations.md). */
  webhook: string;
}

export interface JsonEndpoint {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** Sent with the fuzzing owner's session (sign-up and sign-in without), or with its API key (/api/v1). */
  signedIn: boolean | 'apiKey';
  /** A valid body, mutated by the fuzzer; `fields` are the paths it mutates. */
  valid: () => Record<string, unknown>;
  fields: string[];
  /** Every field is optional: an object of unknown keys is a valid body (unknown keys are dropped). */
  allOptional?: true;
  /** What a valid body answers when it is not 201 (a confirmation answers 200). */
  okStatus?: 200;
}

export const recipeBody = () => ({
  name: 'Tarte aux pommes',
  description: 'Pâte brisée',
  servings: 4,
  ingredients: [
    { code: '13039', quantity: 500, unit: 'g' },
    { code: '22000', quantity: 2, unit: 'unité', gramsPerUnit: 50 },
    { code: '19041', quantity: 0.1, unit: 'l', gramsPerMl: 1.03 },
    // A kitchen unit, weighed with the food's density (src/shared/units.ts).
    { code: '17270', quantity: 2, unit: 'cs' },
  ],
  allergens: ['Gluten'],
  dietaryInfo: ['Végétarien'],
  prepTime: 20,
  cookTime: 35,
  price: 6.5,
  traces: ['Lait'],
  saleMode: 'a_emporter',
  progression: ['Préchauffer le four', 'Cuire 35 min'],
  cookedWeightG: 900,
  fruitVegLegumePercent: 40,
  showNutriScore: true,
  allergensDeclared: true,
  nutriScoreCategory: 'general',
});
const recipeFields = [
  ...Object.keys(recipeBody()),
  'ingredients.0',
  'ingredients.0.code',
  'ingredients.0.quantity',
  'ingredients.0.unit',
  'ingredients.1.gramsPerUnit',
  'ingredients.2.gramsPerMl',
  'ingredients.3.unit',
  'allergens.0',
  'dietaryInfo.0',
  'traces.0',
  'progression.0',
];

/** An own product from its label (docs/product/products.md). */
export const productBody = () => ({
  name: 'Pâte feuilletée pur beurre',
  supplier: 'Grossiste Y',
  basedOnCode: '23000',
  per100g: {
    energyKcal: 400,
    energyKj: 1670,
    fat: 25,
    saturatedFat: 16,
    carbs: 38,
    sugars: 2,
    fiber: 1.5,
    protein: 6,
    salt: 1,
  },
  allergens: ['Gluten', 'Lait'],
  traces: ['Œufs'],
  price: { amount: 6.4, per: 'unité' },
  gramsPerUnit: 230,
  // A country per stage (src/shared/product-origin-stages.ts); `origin` fuzzed beside it is refused (both given).
  origin: null,
  originStages: { born: null, reared: 'Espagne', slaughtered: 'France' },
  meatKind: 'volaille',
  labels: ['label_rouge', 'bio'],
  seasonMonths: [6, 7, 8],
  pack: { quantity: 5, unit: 'kg' },
});
const productFields = [
  ...Object.keys(productBody()),
  'per100g.energyKcal',
  'per100g.fat',
  'per100g.saturatedFat',
  'allergens.0',
  'traces.0',
  'price.amount',
  'price.per',
  'labels.0',
  'originStages.born',
  'originStages.slaughtered',
  'seasonMonths.0',
  'pack.quantity',
  'pack.unit',
];

const establishmentBody = () => ({
  name: 'Chez Fuzz',
  address: '12 rue des Halles',
  postalCode: '75001',
  city: 'Paris',
  phone: '+33 1 23 45 67 89',
  kind: 'college',
  siret: '21340172201787',
  schoolZone: 'C',
  coversPerDay: { lundi: 300, mardi: 300 },
  coversPerService: { diner: { lundi: 40 } },
  ageMix: { adolescent: 90, adulte: 10 },
  wednesdaysClosed: false,
  needsValidation: false,
  // The restaurant's « Mentions légales » (src/shared/legal-notice.ts).
  legalName: 'SARL Fuzz',
  publicationDirector: 'Marie Durand',
  accessibilityContact: 'accessibilite@chez-fuzz.fr',
});
const establishmentFields = [
  ...Object.keys(establishmentBody()),
  'coversPerDay.lundi',
  'coversPerService.diner',
  'coversPerService.diner.lundi',
  'ageMix.adolescent',
];

/** Every JSON body of the API. The coverage test keeps this list complete. */
/**
 * Every route that reads a JSON body, with a valid body for the fuzzer to mutate. `ids` and
 * `email` are read when a body is built: the fuzzing organisation exists only once the suite has
 * set it up (hostile-input.reliability.ts).
 */
export function jsonEndpoints(ids: () => Ids, email: () => string): JsonEndpoint[] {
  return [
    {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      signedIn: false,
      valid: () => ({ email: uniqueEmail('fuzz'), password: TEST_PASSWORD, name: 'Chef', restaurantName: 'Chez Fuzz' }),
      fields: ['email', 'password', 'name', 'restaurantName'],
    },
    {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      signedIn: false,
      valid: () => ({ email: email(), password: TEST_PASSWORD }),
      fields: ['email', 'password'],
    },
    // Accounts (docs/decisions/0006-accounts-and-data-rights.md). The fuzzer's account must survive: the valid bodies carry a wrong password or
    // its own address, so a mutation can at most be refused.
    {
      method: 'POST',
      path: '/api/auth/request-password-reset',
      signedIn: false,
      valid: () => ({ email: uniqueEmail('inconnu') }),
      fields: ['email'],
    },
    {
      method: 'POST',
      path: '/api/auth/reset-password',
      signedIn: false,
      valid: () => ({ token: 'jeton-inconnu', newPassword: 'nouveau-secret' }),
      fields: ['token', 'newPassword'],
    },
    {
      method: 'POST',
      path: '/api/auth/change-password',
      signedIn: true,
      valid: () => ({ currentPassword: 'pas-le-bon', newPassword: 'nouveau-secret', revokeOtherSessions: false }),
      fields: ['currentPassword', 'newPassword', 'revokeOtherSessions'],
    },
    {
      method: 'POST',
      path: '/api/auth/change-email',
      signedIn: true,
      valid: () => ({ newEmail: email() }),
      fields: ['newEmail'],
    },
    ...[
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/disable',
      '/api/auth/two-factor/generate-backup-codes',
    ].map((path): JsonEndpoint => ({
      method: 'POST',
      path,
      signedIn: true,
      valid: () => ({ password: 'pas-le-bon' }),
      fields: ['password'],
    })),
    {
      method: 'POST',
      path: '/api/auth/two-factor/verify-totp',
      signedIn: true,
      valid: () => ({ code: '123456' }),
      fields: ['code', 'trustDevice'],
    },
    {
      method: 'POST',
      path: '/api/auth/two-factor/verify-backup-code',
      signedIn: true,
      valid: () => ({ code: 'abcde-fghij' }),
      fields: ['code', 'trustDevice'],
    },
    { method: 'POST', path: '/api/recipes', signedIn: true, valid: recipeBody, fields: recipeFields },
    { method: 'PUT', path: '/api/recipes/:recipe', signedIn: true, valid: recipeBody, fields: recipeFields },
    { method: 'POST', path: '/api/products', signedIn: true, valid: productBody, fields: productFields },
    // A recipe's label settings (docs/product/labels.md); every field has a default.
    {
      method: 'PUT',
      path: '/api/recipes/:recipe/label',
      signedIn: true,
      valid: () => ({
        denomination: 'Tarte fine aux pommes',
        shelfLifeDays: 2,
        storage: 'À conserver entre 0 et 4 °C',
        netQuantity: 250,
        netQuantityUnit: 'g',
        nutrition: 'per_100g_and_portion',
        quid: ['food:13039'],
        ingredientNames: { 'food:13039': 'pommes' },
        barcode: 'qr',
        establishmentId: ids().establishment,
      }),
      fields: [
        'denomination',
        'shelfLifeDays',
        'storage',
        'netQuantity',
        'netQuantityUnit',
        'nutrition',
        'quid',
        'quid.0',
        'ingredientNames',
        'ingredientNames.food:13039',
        'barcode',
        'establishmentId',
        'version',
      ],
      allOptional: true,
    },
    { method: 'PUT', path: '/api/products/:product', signedIn: true, valid: productBody, fields: productFields },
    {
      method: 'POST',
      path: '/api/menus',
      signedIn: true,
      valid: () => ({
        name: 'Carte',
        description: 'Midi',
        isActive: true,
        establishmentId: ids().establishment,
        translations: { de: { name: 'Mittagskarte' } },
      }),
      fields: ['name', 'description', 'isActive', 'establishmentId', 'translations', 'translations.de.name'],
    },
    {
      method: 'PUT',
      path: '/api/menus/:menu',
      signedIn: true,
      valid: () => ({
        name: 'Carte',
        description: 'Soir',
        isActive: true,
        establishmentId: ids().establishment,
        translations: { en: { name: 'Evening menu', description: 'Evening' } },
      }),
      fields: ['name', 'description', 'isActive', 'establishmentId', 'translations', 'translations.en.description'],
    },
    {
      method: 'PATCH',
      path: '/api/menus/:menu',
      signedIn: true,
      valid: () => ({ isActive: true }),
      fields: ['isActive'],
    },
    {
      method: 'POST',
      path: '/api/menus/:menu/sections',
      signedIn: true,
      valid: () => ({ name: 'Entrées', description: 'Froides' }),
      fields: ['name', 'description'],
      allOptional: true,
    },
    {
      method: 'PUT',
      path: '/api/sections/:section',
      signedIn: true,
      valid: () => ({ name: 'Plats', description: 'Chauds', translations: { en: { name: 'Mains' } } }),
      fields: ['name', 'description', 'translations', 'translations.en', 'translations.en.name'],
    },
    // The price of a Ciqual food for the organisation (docs/product/api.md « Kitchen »).
    {
      method: 'PUT',
      path: '/api/ingredient-prices/:food',
      signedIn: true,
      valid: () => ({ amount: 1.2, per: 'kg', supplier: 'Minoterie', version: 1 }),
      fields: ['amount', 'per', 'supplier', 'version'],
    },
    // Formules, priced combinations of the menu's sections.
    ...(['POST /api/menus/:menu/formules', 'PUT /api/formules/:formule'] as const).map((route): JsonEndpoint => {
      const [method, path] = route.split(' ') as ['POST' | 'PUT', string];
      return {
        method,
        path,
        signedIn: true,
        valid: () => ({
          name: 'Formule déjeuner',
          price: 18.5,
          choices: [[ids().section]],
          translations: { en: { name: 'Lunch set menu' } },
        }),
        fields: ['name', 'price', 'choices', 'choices.0', 'choices.0.0', 'translations', 'translations.en.name'],
      };
    }),
    {
      method: 'POST',
      path: '/api/sections/:section/move',
      signedIn: true,
      valid: () => ({ position: 0 }),
      fields: ['position'],
    },
    {
      method: 'POST',
      path: '/api/sections/:section/items',
      signedIn: true,
      valid: () => ({ recipeId: ids().recipe }),
      fields: ['recipeId'],
    },
    // An item without a recipe (a drink, docs/product/decisions.md 18): the other body of the same route.
    {
      method: 'POST',
      path: '/api/sections/:section/items',
      signedIn: true,
      valid: () => ({
        name: 'Café',
        price: 2.2,
        description: 'Arabica',
        allergens: ['Lait'],
        traces: ['Soja'],
        dietaryInfo: ['Végan'],
        allergensDeclared: true,
      }),
      fields: ['name', 'price', 'description', 'allergens', 'traces', 'dietaryInfo', 'allergensDeclared'],
    },
    {
      method: 'PUT',
      path: '/api/items/:item',
      signedIn: true,
      valid: () => ({
        name: 'Gratin',
        description: 'Maison',
        isAvailable: true,
        price: 12.5,
        allergens: ['Lait'],
        traces: [],
        dietaryInfo: [],
        allergensDeclared: true,
      }),
      fields: [
        'name',
        'description',
        'isAvailable',
        'price',
        'allergens',
        'traces',
        'dietaryInfo',
        'allergensDeclared',
      ],
    },
    // The item may move into another section of its menu (drag and drop).
    {
      method: 'POST',
      path: '/api/items/:item/move',
      signedIn: true,
      valid: () => ({ position: 0, sectionId: ids().section }),
      fields: ['position', 'sectionId'],
    },
    // « Épuisé » in one tap.
    {
      method: 'PUT',
      path: '/api/items/:item/sold-out',
      signedIn: true,
      valid: () => ({ soldOut: true }),
      fields: ['soldOut'],
    },
    {
      method: 'POST',
      path: '/api/qr-codes',
      signedIn: true,
      valid: () => ({ name: 'Table 4', menuId: ids().menu }),
      fields: ['name', 'menuId'],
    },
    {
      method: 'PATCH',
      path: '/api/qr-codes/:qr',
      signedIn: true,
      valid: () => ({ status: 'active' }),
      fields: ['status'],
    },
    {
      method: 'POST',
      path: '/api/qr-codes/:qr/downloads',
      signedIn: true,
      valid: () => ({ size: 400 }),
      fields: ['size'],
    },
    {
      method: 'POST',
      path: '/api/billing/checkout',
      signedIn: true,
      valid: () => ({ tier: 'premium', billingType: 'monthly' }),
      fields: ['tier', 'billingType'],
    },
    {
      method: 'POST',
      path: '/api/billing/demo/portal',
      signedIn: true,
      valid: () => ({ action: 'cancel' }),
      fields: ['action'],
    },
    {
      method: 'POST',
      path: '/api/tracking/page-views',
      signedIn: true,
      valid: () => ({ path: '/dashboard' }),
      fields: ['path'],
    },
    // Establishment profile became the organisation's establishments (docs/decisions/0016-organisations.md) (phone and postal code are normalized, then CHECKed by the database).
    {
      method: 'POST',
      path: '/api/establishments',
      signedIn: true,
      valid: establishmentBody,
      fields: establishmentFields,
    },
    {
      method: 'PUT',
      path: '/api/establishments/:establishment',
      signedIn: true,
      valid: establishmentBody,
      fields: establishmentFields,
    },
    // The organisation, its team, the active organisation.
    {
      method: 'PUT',
      path: '/api/organisation',
      signedIn: true,
      valid: () => ({ name: 'Cuisine centrale' }),
      fields: ['name'],
    },
    {
      method: 'POST',
      path: '/api/organisation/invitations',
      signedIn: true,
      valid: () => ({ email: uniqueEmail('invite'), role: 'editor' }),
      fields: ['email', 'role'],
    },
    {
      method: 'PATCH',
      path: '/api/organisation/members/:member',
      signedIn: true,
      valid: () => ({ role: 'editor' }),
      fields: ['role'],
    },
    {
      method: 'PUT',
      path: '/api/me/organisation',
      signedIn: true,
      valid: () => ({ organisationId: ids().organisation }),
      fields: ['organisationId'],
    },
    // Meal plans and the owner's GEMRCN classifications.
    {
      method: 'PUT',
      path: '/api/meal-plans/:establishment/:date/:service',
      signedIn: true,
      valid: () => ({
        components: [
          { slot: 'plat', recipeId: ids().recipe, substitutes: [{ variant: 'texture_5', recipeId: ids().recipe }] },
        ],
      }),
      fields: [
        'components',
        'components.0',
        'components.0.slot',
        'components.0.recipeId',
        'components.0.substitutes',
        'components.0.substitutes.0.variant',
        'components.0.substitutes.0.recipeId',
      ],
    },
    ...(['validate', 'unpublish'] as const).map((action): JsonEndpoint => ({
      method: 'POST',
      path: `/api/meal-plans/:establishment/${action}`,
      signedIn: true,
      valid: () => ({ week: '2026-09-07' }),
      fields: ['week', 'version'],
    })),
    {
      method: 'PUT',
      path: '/api/meal-plans/:establishment/diets',
      signedIn: true,
      valid: () => ({ counts: { dejeuner: { sans_porc: 4, 'pai:arachides': 1 }, diner: { texture_4: 2 } } }),
      fields: ['counts', 'counts.dejeuner', 'counts.dejeuner.sans_porc', 'counts.diner.texture_4', 'version'],
    },
    {
      method: 'POST',
      path: '/api/meal-plans/:establishment/closed-days',
      signedIn: true,
      valid: () => ({ date: '2027-02-15', label: 'Journée pédagogique' }),
      fields: ['date', 'label'],
    },
    {
      method: 'PUT',
      path: '/api/meal-plans/:establishment/closed-days/:closedDay',
      signedIn: true,
      valid: () => ({ date: '2027-03-15', label: 'Pont' }),
      fields: ['date', 'label', 'version'],
    },
    {
      method: 'POST',
      path: '/api/meal-plans/:establishment/publish',
      signedIn: true,
      valid: () => ({ week: '2026-09-07' }),
      fields: ['week'],
    },
    {
      method: 'POST',
      path: '/api/meal-plans/:establishment/copy',
      signedIn: true,
      valid: () => ({ from: '2026-09-07', days: 7, to: '2026-09-14', times: 2 }),
      fields: ['from', 'days', 'to', 'times'],
    },
    {
      method: 'PUT',
      path: '/api/recipes/:recipe/catering',
      signedIn: true,
      valid: () => ({ tags: ['frit', 'fromage'], excluded: ['crudites'], seasonal: true }),
      fields: ['tags', 'tags.0', 'excluded', 'excluded.0', 'seasonal'],
    },
    // « Intégrations » and the public API (docs/product/integrations.md).
    {
      method: 'POST',
      path: '/api/integrations/keys',
      signedIn: true,
      valid: () => ({ name: 'Caisse', scopes: ['menus:read', 'availability:write'] }),
      fields: ['name', 'scopes', 'scopes.0'],
    },
    {
      method: 'POST',
      path: '/api/integrations/webhooks',
      signedIn: true,
      valid: () => ({ url: 'https://example.com/hooks', events: ['menu.updated'] }),
      fields: ['url', 'events', 'events.0'],
    },
    {
      method: 'PATCH',
      path: '/api/integrations/webhooks/:webhook',
      signedIn: true,
      valid: () => ({ url: 'https://example.com/other', events: ['recipe.updated'], active: true }),
      fields: ['url', 'events', 'events.0', 'active', 'version'],
    },
    {
      method: 'PUT',
      path: '/api/v1/items/:item/availability',
      signedIn: 'apiKey',
      valid: () => ({ available: false }),
      fields: ['available'],
    },
    {
      method: 'PUT',
      path: '/api/v1/items/:item/price',
      signedIn: 'apiKey',
      valid: () => ({ price: 4.5 }),
      fields: ['price'],
    },
    {
      method: 'PUT',
      path: '/api/meal-plans/:establishment/portions',
      signedIn: true,
      valid: () => ({
        grams: {
          entree: { maternelle: 60, adulte: null },
          plat_compose: { elementaire: 230 },
          patisserie: { adulte: 70 },
        },
      }),
      fields: [
        'grams',
        'grams.entree',
        'grams.entree.maternelle',
        'grams.entree.adulte',
        'grams.plat_compose.elementaire',
      ],
    },
    // Supplier invoices and the food cost target (docs/product/purchases.md).
    {
      method: 'PUT',
      path: '/api/purchases/invoices/:invoice/lines/:invoiceLine',
      signedIn: true,
      valid: () => ({ productId: ids().product }),
      fields: ['productId'],
    },
    {
      method: 'POST',
      path: '/api/purchases/invoices/:confirmInvoice/confirm',
      signedIn: true,
      valid: () => ({ establishmentId: ids().establishment }),
      fields: ['establishmentId', 'version'],
      allOptional: true,
      okStatus: 200,
    },
    {
      method: 'PUT',
      path: '/api/purchases/price-lists/:priceList/lines/:priceListLine',
      signedIn: true,
      valid: () => ({ productId: ids().product }),
      fields: ['productId'],
    },
    {
      method: 'POST',
      path: '/api/purchases/price-lists/:confirmPriceList/confirm',
      signedIn: true,
      valid: () => ({}),
      fields: ['version'],
      allOptional: true,
      okStatus: 200,
    },
    {
      method: 'PUT',
      path: '/api/purchases/settings',
      signedIn: true,
      valid: () => ({ foodCostTarget: 32.5 }),
      fields: ['foodCostTarget', 'version'],
    },
  ];
}

/** Mutating routes that read no JSON body, and why. */
export const NO_JSON_BODY: Record<string, string> = {
  'POST /api/billing/webhook': "Stripe's raw signed body (400 on a bad signature, tested in stripe.int.test.ts)",
  'POST /api/billing/portal': 'body ignored',
  'POST /api/billing/demo/checkout/:id/pay': 'body ignored',
  'POST /api/billing/demo/checkout/:id/cancel': 'body ignored',
  'POST /api/admin/outbox/retry': 'body ignored (admin only)',
  'POST /api/invitations/:id/accept': 'body ignored (the token is in the path)',
  'PUT /api/recipes/:id/photo': 'an image body, fuzzed with random and damaged images by hostile-images.reliability.ts',
  'PUT /api/items/:id/photo': 'an image body, fuzzed with random and damaged images by hostile-images.reliability.ts',
  'POST /api/files/products/preview': 'a CSV or XLSX body, fuzzed below (« hostile supplier files »)',
  'POST /api/files/products/import': 'a CSV or XLSX body, fuzzed below (« hostile supplier files »)',
  'POST /api/files/recipes/preview': 'a CSV or XLSX body, fuzzed below (« hostile recipe files »)',
  'POST /api/files/recipes/import': 'a CSV or XLSX body, fuzzed below (« hostile recipe files »)',
  'POST /api/meal-plans/:id/closed-days/ics': 'an .ics body, fuzzed below (« hostile .ics files »)',
  'POST /api/purchases/invoices': 'an invoice file (PDF or XML), fuzzed below (« hostile invoices »)',
  'POST /api/sales/import': 'a CSV or XLSX body, fuzzed below (« hostile sales files »)',
  'POST /api/purchases/price-lists': 'a CSV or XLSX body, fuzzed below (« hostile price lists »), its query swept too',
  'POST /api/integrations/deliveries/:id/resend': 'body ignored (the delivery is in the path)',
};

export interface QueryEndpoint {
  path: string;
  params: string[];
  signedIn: boolean | 'apiKey';
  /** A page (text/html) rather than JSON. */
  html?: boolean;
}

export const QUERY_ENDPOINTS: QueryEndpoint[] = [
  { path: '/api/catalogue/ingredients', params: ['q', 'limit'], signedIn: false },
  { path: '/api/catalogue/allergens', params: ['q'], signedIn: false },
  { path: '/api/billing/subscription', params: ['refresh'], signedIn: true },
  { path: '/api/qr-codes/:qr/stats', params: ['days'], signedIn: true },
  // The recipe list a page at a time.
  { path: '/api/recipes', params: ['limit', 'after', 'allergenStatus', 'view'], signedIn: true },
  { path: '/api/organisation/history', params: ['before'], signedIn: true },
  // The diner's language and allergen filter, on the server-rendered page.
  { path: '/menu/:menu', params: ['lang', 'sans'], signedIn: false, html: true },
  { path: '/api/meal-plans', params: ['establishmentId', 'from', 'to', 'population'], signedIn: true },
  { path: '/api/meal-plans/portions', params: ['establishmentId'], signedIn: true },
  { path: '/api/meal-plans/gemrcn', params: ['establishmentId', 'from', 'population'], signedIn: true },
  { path: '/api/meal-plans/egalim', params: ['establishmentId', 'from', 'to'], signedIn: true },
  { path: '/api/meal-plans/production', params: ['establishmentId', 'date', 'maternelle', 'adulte'], signedIn: true },
  { path: '/api/meal-plans/egalim.csv', params: ['establishmentId', 'year', 'form'], signedIn: true },
  { path: '/api/meal-plans/ma-cantine.csv', params: ['establishmentId', 'year', 'form'], signedIn: true },
  { path: '/api/meal-plans/ma-cantine', params: ['establishmentId', 'year'], signedIn: true },
  { path: '/api/meal-plans/calendar', params: ['establishmentId', 'from', 'to'], signedIn: true },
  { path: '/api/meal-plans/diets', params: ['establishmentId'], signedIn: true },
  // `format` left out: a valid one answers a CSV or XLSX file (meal-plans tests), not JSON.
  { path: '/api/meal-plans/orders', params: ['establishmentId', 'from', 'to'], signedIn: true },
  // Supplier invoices, prices and sales (docs/product/purchases.md).
  { path: '/api/purchases/invoices', params: ['from', 'to'], signedIn: true },
  { path: '/api/purchases/prices', params: ['from', 'to'], signedIn: true },
  { path: '/api/purchases/egalim', params: ['from', 'to', 'establishmentId'], signedIn: true },
  { path: '/api/purchases/consumption', params: ['from', 'to'], signedIn: true },
  { path: '/api/menus/:menu/engineering', params: ['from', 'to'], signedIn: true },
  // Labels (docs/product/labels.md): the JSON, and the PDFs of a recipe, a menu and a planned day.
  { path: '/api/recipes/:recipe/label', params: ['date', 'shelfLifeDays', 'lot', 'net'], signedIn: true },
  {
    path: '/api/recipes/:recipe/label.pdf',
    params: ['format', 'copies', 'skip', 'date', 'lot', 'net', 'columns', 'rows', 'width', 'height', 'top', 'gapX'],
    signedIn: true,
  },
  { path: '/api/menus/:menu/labels.pdf', params: ['format', 'copies', 'date', 'shelfLifeDays'], signedIn: true },
  { path: '/api/meal-plans/:establishment/temoins', params: ['date', 'service', 'dejeuner', 'gouter'], signedIn: true },
  { path: '/api/meal-plans/:establishment/temoins.pdf', params: ['date', 'service', 'format', 'skip'], signedIn: true },
  { path: '/api/v1/meal-plans', params: ['establishmentId', 'from', 'to'], signedIn: 'apiKey' },
];
