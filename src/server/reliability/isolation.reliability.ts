/**
 * Organisation isolation and roles (docs/product/decisions.md 14, docs/product/organisations.md):
 * for EVERY route that takes an id, another organisation's owner, and a member removed from
 * the organisation, get exactly what an unknown id answers (404 `not_found`); for every route
 * an editor or a viewer may not use, they get 403 `forbidden`; nothing in any owned table
 * changes after a refused request. Then the owner's own pass shows the table has no typo.
 *
 * Driven by ID_ROUTES and ROLE_ROUTES: to cover a new route, add a line. The tables are checked
 * against the app's own route list, so a new route that is in neither fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, permissionMessages, type MemberRole } from '../../shared/permissions.ts';
import { createTestApp, type LooseJson, type SignedUpUser, type TestApp } from '../test/harness.ts';
import { testJpeg } from '../test/images.ts';
import { ciiXml } from '../test/invoices.ts';
import { putBytes } from '../test/photo-upload.ts';
import { makePremium } from '../test/teams.ts';
import { errorShapeProblems } from './support/api-error.ts';
import { snapshotOwnedRows, unclassifiedTables } from './support/db-state.ts';
import {
  fill,
  productInput,
  recipeInput,
  seedTeam,
  unknownFixture,
  type Fixture,
  type Need,
  type Team,
} from './support/organisation-fixture.ts';
import { report } from './support/report.ts';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:placeholder` segments naming the target organisation's rows (Fixture keys). */
  path: string;
  need: Need;
  /** Body sent by the caller; `own` is the caller's organisation's fixture (e.g. its own recipe to add). */
  body?: (own: Fixture) => unknown;
  /** The body is an image (a photo upload), not JSON. */
  image?: true;
}
interface IdRoute extends Route {
  /**
   * What the owner gets for the same request (the owner pass runs the table in order). 422 only
   * for a file the owner's own data cannot make yet (« ma cantine » without prices): what is
   * checked there is that another organisation gets the unknown-id 404 first.
   */
  ownerStatus: 200 | 201 | 204 | 422;
  /** The app's route when `path` fills more than its `:id` segments (dates, services, query ids). */
  route?: string;
}

/**
 * Every organisation-scoped route with an id. Order matters only for the owner's own pass at
 * the end (reads and updates first, then deletes from the leaves up).
 */
const ID_ROUTES: IdRoute[] = [
  { method: 'GET', path: '/api/recipes/:recipe', need: 'read', ownerStatus: 200 },
  { method: 'GET', path: '/api/recipes/:recipe/history', need: 'read', ownerStatus: 200 },
  {
    method: 'PUT',
    path: '/api/recipes/:recipe',
    need: 'content:write',
    body: () => recipeInput('Recette modifiée'),
    ownerStatus: 200,
  },
  // Own products (« Mes produits »).
  { method: 'GET', path: '/api/products/:product', need: 'read', ownerStatus: 200 },
  {
    method: 'PUT',
    path: '/api/products/:product',
    need: 'content:write',
    body: () => productInput('Produit modifié'),
    ownerStatus: 200,
  },
  { method: 'GET', path: '/api/menus/:menu', need: 'read', ownerStatus: 200 },
  {
    method: 'PUT',
    path: '/api/menus/:menu',
    need: 'content:write',
    body: () => ({ name: 'Menu modifié', description: 'x', isActive: false }),
    ownerStatus: 200,
  },
  {
    method: 'PATCH',
    path: '/api/menus/:menu',
    need: 'content:write',
    body: () => ({ isActive: true }),
    ownerStatus: 200,
  },
  { method: 'GET', path: '/api/menus/:menu/sections', need: 'read', ownerStatus: 200 },
  {
    method: 'POST',
    path: '/api/menus/:menu/sections',
    need: 'content:write',
    body: () => ({ name: 'Section ajoutée' }),
    ownerStatus: 201,
  },
  // Formules; a new one names the caller's own section (another menu's is a 422, formules.int.test.ts).
  { method: 'GET', path: '/api/menus/:menu/formules', need: 'read', ownerStatus: 200 },
  {
    method: 'POST',
    path: '/api/menus/:menu/formules',
    need: 'content:write',
    body: (own) => ({ name: 'Formule ajoutée', price: 12, choices: [[own.section]] }),
    ownerStatus: 201,
  },
  {
    method: 'PUT',
    path: '/api/formules/:formule',
    need: 'content:write',
    body: (own) => ({ name: 'Formule modifiée', price: 15, choices: [[own.otherSection]] }),
    ownerStatus: 200,
  },
  { method: 'DELETE', path: '/api/formules/:formule', need: 'content:write', ownerStatus: 204 },
  {
    method: 'PUT',
    path: '/api/sections/:section',
    need: 'content:write',
    body: () => ({ name: 'Section modifiée', description: 'x' }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/sections/:section/move',
    need: 'content:write',
    body: () => ({ position: 1 }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/sections/:section/items',
    need: 'content:write',
    body: (own) => ({ recipeId: own.recipe }),
    ownerStatus: 201,
  },
  {
    method: 'PUT',
    path: '/api/items/:item',
    need: 'content:write',
    body: () => ({ name: 'Plat modifié', description: 'x', isAvailable: false }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/items/:item/move',
    need: 'content:write',
    body: () => ({ position: 1 }),
    ownerStatus: 200,
  },
  {
    method: 'PUT',
    path: '/api/items/:item/sold-out',
    // The floor staff's one write (role `service`).
    need: 'items:sold-out',
    body: () => ({ soldOut: true }),
    ownerStatus: 200,
  },
  { method: 'PUT', path: '/api/recipes/:recipe/photo', need: 'content:write', image: true, ownerStatus: 200 },
  { method: 'PUT', path: '/api/items/:item/photo', need: 'content:write', image: true, ownerStatus: 200 },
  { method: 'GET', path: '/api/qr-codes/:qr/stats', need: 'read', ownerStatus: 200 },
  {
    method: 'PATCH',
    path: '/api/qr-codes/:qr',
    need: 'content:write',
    body: () => ({ status: 'inactive' }),
    ownerStatus: 200,
  },
  // Printing is reading: it only records the download.
  { method: 'POST', path: '/api/qr-codes/:qr/downloads', need: 'read', body: () => ({ size: 400 }), ownerStatus: 204 },
  {
    method: 'PUT',
    path: '/api/establishments/:establishment',
    need: 'establishments:write',
    body: () => ({
      name: 'Annexe renommée',
      city: 'Lille',
      siret: '21340172201787',
      coversPerDay: { lundi: 120, mardi: 120 },
      kind: 'elementaire',
      schoolZone: 'A',
    }),
    ownerStatus: 200,
  },
  {
    method: 'PATCH',
    path: '/api/organisation/members/:member',
    need: 'members:manage',
    body: () => ({ role: 'editor' }),
    ownerStatus: 200,
  },
  { method: 'GET', path: '/api/billing/demo/checkout/:checkout', need: 'read', ownerStatus: 200 },
  {
    method: 'POST',
    path: '/api/billing/demo/checkout/:checkout/cancel',
    need: 'billing:manage',
    body: () => ({}),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/billing/demo/checkout/:checkout/pay',
    need: 'billing:manage',
    body: () => ({}),
    ownerStatus: 200,
  },
  // Meal plans (Premium: the owner pass runs on Premium), GEMRCN classifications, the calendar,
  // diets, publication and the files (docs/product/meal-plans.md).
  { method: 'GET', need: 'read', path: '/api/recipes/:recipe/catering', ownerStatus: 200 },
  {
    method: 'PUT',
    need: 'meal_plans:write',
    path: '/api/recipes/:recipe/catering',
    body: () => ({ tags: ['frit'], excluded: ['crudites'], seasonal: true }),
    ownerStatus: 200,
  },
  {
    method: 'PUT',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/2026-09-07/dejeuner',
    route: '/api/meal-plans/:id/:id/:id',
    body: (own) => ({
      components: [
        { slot: 'plat', recipeId: own.recipe, substitutes: [{ variant: 'texture_4', recipeId: own.otherRecipe }] },
      ],
    }),
    ownerStatus: 200,
  },
  {
    method: 'PUT',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/diets',
    body: () => ({ counts: { dejeuner: { sans_porc: 3, 'pai:arachides': 1 } } }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/closed-days',
    body: () => ({ date: '2026-11-10', label: 'Pont' }),
    ownerStatus: 201,
  },
  {
    method: 'POST',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/closed-days/ics',
    body: () =>
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261221\r\nDTEND;VALUE=DATE:20261223\r\nSUMMARY:Noël\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    ownerStatus: 200,
  },
  {
    method: 'PUT',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/closed-days/:closedDay',
    body: () => ({ date: '2026-11-12', label: 'Journée pédagogique' }),
    ownerStatus: 200,
  },
  {
    method: 'DELETE',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/closed-days/:closedDay',
    ownerStatus: 204,
  },
  {
    method: 'POST',
    need: 'meal_plans:validate',
    path: '/api/meal-plans/:establishment/validate',
    body: () => ({ week: '2026-09-07' }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/publish',
    body: () => ({ week: '2026-09-07' }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/unpublish',
    body: () => ({ week: '2026-09-07' }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/copy',
    body: () => ({ from: '2026-09-07', days: 7, to: '2026-09-14' }),
    ownerStatus: 200,
  },
  ...(
    [
      '/api/meal-plans?establishmentId=:establishment&from=2026-09-07&to=2026-09-13',
      '/api/meal-plans/gemrcn?establishmentId=:establishment&from=2026-09-07&population=elementaire',
      '/api/meal-plans/egalim?establishmentId=:establishment&from=2026-09-07&to=2026-09-13',
      '/api/meal-plans/calendar?establishmentId=:establishment&from=2026-09-07&to=2026-09-13',
      '/api/meal-plans/diets?establishmentId=:establishment',
      '/api/meal-plans/ma-cantine?establishmentId=:establishment&year=2026',
      '/api/meal-plans/production?establishmentId=:establishment&date=2026-09-07&elementaire=30',
      '/api/meal-plans/production?establishmentId=:establishment&date=2026-09-07',
      '/api/meal-plans/orders?establishmentId=:establishment&from=2026-09-07&to=2026-09-13',
      '/api/meal-plans/orders?establishmentId=:establishment&from=2026-09-07&to=2026-09-13&format=xlsx',
      '/api/meal-plans/portions?establishmentId=:establishment',
    ] as const
  ).map((path): IdRoute => ({ method: 'GET', need: 'read', path, ownerStatus: 200, route: 'query' })),
  // The fixture's establishment has its SIRET: every member reads the estimated bilan; the owner's
  // pass, once an invoice is confirmed, the bilan from purchases; another organisation gets 404.
  ...(['/api/meal-plans/egalim.csv', '/api/meal-plans/ma-cantine.csv'] as const).map((file): IdRoute => ({
    method: 'GET',
    need: 'read',
    path: `${file}?establishmentId=:establishment&year=2026&form=detaille`,
    ownerStatus: 200,
    route: 'query',
  })),
  {
    method: 'PUT',
    need: 'meal_plans:write',
    path: '/api/meal-plans/:establishment/portions',
    body: () => ({ grams: { entree: { maternelle: 60 }, patisserie: { elementaire: 45 } } }),
    ownerStatus: 200,
  },
  // Supplier invoices, prices and sales (docs/product/purchases.md): money is `purchases:read`, viewers get 403.
  { method: 'GET', path: '/api/purchases/invoices/:invoice', need: 'purchases:read', ownerStatus: 200 },
  {
    method: 'PUT',
    path: '/api/purchases/invoices/:invoice/lines/:invoiceLine',
    need: 'purchases:write',
    body: (own) => ({ productId: own.product }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/purchases/invoices/:invoice/confirm',
    need: 'purchases:write',
    body: () => ({}),
    ownerStatus: 200,
  },
  { method: 'DELETE', path: '/api/purchases/invoices/:otherInvoice', need: 'purchases:write', ownerStatus: 204 },
  { method: 'GET', path: '/api/purchases/price-lists/:priceList', need: 'purchases:read', ownerStatus: 200 },
  {
    method: 'PUT',
    path: '/api/purchases/price-lists/:priceList/lines/:priceListLine',
    need: 'purchases:write',
    body: (own) => ({ productId: own.product }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/purchases/price-lists/:priceList/confirm',
    need: 'purchases:write',
    body: () => ({}),
    ownerStatus: 200,
  },
  { method: 'DELETE', path: '/api/purchases/price-lists/:otherPriceList', need: 'purchases:write', ownerStatus: 204 },
  { method: 'GET', path: '/api/products/:product/prices', need: 'purchases:read', ownerStatus: 200 },
  { method: 'GET', path: '/api/menus/:menu/engineering', need: 'purchases:read', ownerStatus: 200 },
  {
    method: 'GET',
    need: 'purchases:read',
    path: '/api/purchases/egalim?establishmentId=:establishment&from=2026-01-01&to=2026-12-31',
    ownerStatus: 200,
    route: 'query',
  },
  // Labels (docs/product/labels.md): every member prints; changing a label (its shelf life…) is writing content.
  { method: 'GET', path: '/api/recipes/:recipe/label', need: 'read', ownerStatus: 200 },
  {
    method: 'PUT',
    path: '/api/recipes/:recipe/label',
    need: 'content:write',
    body: () => ({ shelfLifeDays: 2, storage: 'À conserver au frais' }),
    ownerStatus: 200,
  },
  {
    method: 'GET',
    path: '/api/recipes/:recipe/label.pdf?format=roll-62&copies=2&date=2026-09-07',
    route: '/api/recipes/:id/label.pdf',
    need: 'read',
    ownerStatus: 200,
  },
  {
    method: 'GET',
    path: '/api/menus/:menu/labels.pdf?format=a4-3x8',
    route: '/api/menus/:id/labels.pdf',
    need: 'read',
    ownerStatus: 200,
  },
  {
    method: 'GET',
    path: '/api/meal-plans/:establishment/temoins?date=2026-09-07',
    route: '/api/meal-plans/:id/temoins',
    need: 'read',
    ownerStatus: 200,
  },
  {
    method: 'GET',
    path: '/api/meal-plans/:establishment/temoins.pdf?date=2026-09-07&format=a4-2x7',
    route: '/api/meal-plans/:id/temoins.pdf',
    need: 'read',
    ownerStatus: 200,
  },
  // « Intégrations » (docs/product/integrations.md): owners only.
  { method: 'GET', path: '/api/integrations/keys/:apiKey/calls', need: 'integrations:manage', ownerStatus: 200 },
  {
    method: 'GET',
    path: '/api/integrations/webhooks/:webhook/deliveries',
    need: 'integrations:manage',
    ownerStatus: 200,
  },
  {
    method: 'PATCH',
    path: '/api/integrations/webhooks/:webhook',
    need: 'integrations:manage',
    body: () => ({ active: false }),
    ownerStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/integrations/deliveries/:delivery/resend',
    need: 'integrations:manage',
    ownerStatus: 201,
  },
  { method: 'DELETE', path: '/api/integrations/keys/:apiKey', need: 'integrations:manage', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/integrations/webhooks/:webhook', need: 'integrations:manage', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/items/:item/photo', need: 'content:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/recipes/:recipe/photo', need: 'content:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/items/:item', need: 'content:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/sections/:section', need: 'content:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/qr-codes/:qr', need: 'content:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/menus/:menu', need: 'content:write', ownerStatus: 204 },
  // The recipe is planned (the plan above): its deletion is confirmed (docs/product/meal-plans.md « Publishing »).
  {
    method: 'DELETE',
    path: '/api/recipes/:recipe?plannedDays=remove',
    route: '/api/recipes/:id',
    need: 'content:write',
    ownerStatus: 204,
  },
  { method: 'DELETE', path: '/api/products/:product', need: 'content:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/establishments/:establishment', need: 'establishments:write', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/organisation/invitations/:invitation', need: 'members:manage', ownerStatus: 204 },
  // A member may remove themself (leave); another member's id needs members:manage.
  { method: 'DELETE', path: '/api/organisation/members/:member', need: 'members:manage', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/account/sessions/:session', need: 'self', ownerStatus: 204 },
];

/** Routes without an id that need more than membership: editors and viewers without the right get 403. */
const ROLE_ROUTES: Route[] = [
  { method: 'POST', path: '/api/recipes', need: 'content:write', body: () => recipeInput('Recette') },
  { method: 'POST', path: '/api/products', need: 'content:write', body: () => productInput('Produit') },
  // Supplier files (the body is the CSV itself).
  {
    method: 'POST',
    path: '/api/files/products/preview',
    need: 'content:write',
    body: () => 'Nom;Prix HT (€)\nSel fin;1,20\n',
  },
  {
    method: 'POST',
    path: '/api/files/products/import',
    need: 'content:write',
    body: () => 'Nom;Prix HT (€)\nSel fin;1,20\n',
  },
  {
    method: 'POST',
    path: '/api/files/recipes/preview',
    need: 'content:write',
    body: () => 'Recette;Portions;Ingrédient;Type;Quantité;Unité\nPurée;2;Oeuf cru;Ciqual;2;unité\n',
  },
  {
    method: 'POST',
    path: '/api/files/recipes/import',
    need: 'content:write',
    body: () => 'Recette;Portions;Ingrédient;Type;Quantité;Unité\nPurée;2;Oeuf cru;Ciqual;100;g\n',
  },
  { method: 'POST', path: '/api/menus', need: 'content:write', body: () => ({ name: 'Carte' }) },
  // Supplier invoices and sales: the body is the file itself.
  {
    method: 'POST',
    path: '/api/purchases/invoices',
    need: 'purchases:write',
    body: () =>
      ciiXml({ number: 'R-1', lines: [{ description: 'Sel fin 1 kg', quantity: 1, unitCode: 'H87', unitPrice: 1.2 }] }),
  },
  {
    method: 'POST',
    path: '/api/purchases/price-lists?supplier=Grossiste',
    need: 'purchases:write',
    body: () => 'Désignation;Prix HT\nSel fin 1 kg;1,20\n',
  },
  {
    method: 'POST',
    path: '/api/sales/import',
    need: 'purchases:write',
    body: () => 'date;article;quantite\n02/03/2026;Gratin;3\n',
  },
  { method: 'PUT', path: '/api/purchases/settings', need: 'purchases:write', body: () => ({ foodCostTarget: 28 }) },
  { method: 'GET', path: '/api/purchases/invoices', need: 'purchases:read' },
  { method: 'GET', path: '/api/purchases/prices', need: 'purchases:read' },
  { method: 'GET', path: '/api/purchases/settings', need: 'purchases:read' },
  { method: 'GET', path: '/api/purchases/egalim', need: 'purchases:read' },
  { method: 'GET', path: '/api/purchases/consumption', need: 'purchases:read' },
  { method: 'GET', path: '/api/purchases/price-lists', need: 'purchases:read' },
  {
    method: 'POST',
    path: '/api/qr-codes',
    need: 'content:write',
    body: (own) => ({ name: 'Table', menuId: own.menu }),
  },
  { method: 'POST', path: '/api/establishments', need: 'establishments:write', body: () => ({ name: 'Annexe' }) },
  { method: 'PUT', path: '/api/organisation', need: 'members:manage', body: () => ({ name: 'Renommée' }) },
  {
    method: 'POST',
    path: '/api/organisation/invitations',
    need: 'members:manage',
    body: () => ({ email: 'quelquun@example.com', role: 'viewer' }),
  },
  { method: 'GET', path: '/api/organisation/history', need: 'audit:read' },
  {
    method: 'POST',
    path: '/api/billing/checkout',
    need: 'billing:manage',
    body: () => ({ tier: 'premium', billingType: 'monthly' }),
  },
  { method: 'POST', path: '/api/billing/portal', need: 'billing:manage', body: () => ({}) },
  { method: 'POST', path: '/api/billing/demo/portal', need: 'billing:manage', body: () => ({ action: 'cancel' }) },
  // Costs are the owner's figures (docs/product/api.md « Kitchen »): viewer and service read none.
  { method: 'GET', path: '/api/ingredient-prices', need: 'costs:read' },
  { method: 'GET', path: '/api/recipes?view=costs', need: 'costs:read' },
  { method: 'GET', path: '/api/files/recipes/export?format=csv', need: 'costs:read' },
  { method: 'GET', path: '/api/files/products/export?format=csv', need: 'costs:read' },
  // The path names a Ciqual food, not a row: the price written is always the caller's organisation's.
  {
    method: 'PUT',
    path: '/api/ingredient-prices/16400',
    need: 'content:write',
    body: () => ({ amount: 12, per: 'kg' }),
  },
  { method: 'DELETE', path: '/api/ingredient-prices/16400', need: 'content:write' },
  { method: 'GET', path: '/api/integrations/keys', need: 'integrations:manage' },
  {
    method: 'POST',
    path: '/api/integrations/keys',
    need: 'integrations:manage',
    body: () => ({ name: 'Caisse', scopes: ['menus:read'] }),
  },
  { method: 'GET', path: '/api/integrations/webhooks', need: 'integrations:manage' },
  {
    method: 'POST',
    path: '/api/integrations/webhooks',
    need: 'integrations:manage',
    body: () => ({ url: 'http://127.0.0.1:9/hooks', events: ['menu.updated'] }),
  },
];

/** The public API's routes with an id (docs/product/integrations.md): by key, each with the scope it needs. */
const API_KEY_ROUTES: { method: 'GET' | 'PUT'; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/v1/menus/:menu' },
  { method: 'GET', path: '/api/v1/recipes/:recipe' },
  { method: 'PUT', path: '/api/v1/items/:item/availability', body: { available: false } },
  { method: 'PUT', path: '/api/v1/items/:item/price', body: { price: 3 } },
];

/** Routes with an id that are not organisation-scoped, and why. */
const NOT_ORGANISATION_SCOPED: Record<string, string> = {
  'GET /menu/:id': 'public menu page, for anonymous diners',
  'GET /api/public/menus/:id': 'public menu JSON, for anonymous diners',
  'GET /qr/:id': 'public QR redirect, for anonymous diners',
  'GET /semaine/:id': 'public week of meals, for families (docs/decisions/0021-meal-plans-gemrcn-egalim.md)',
  'GET /menu/:id/events':
    'public menu live events (docs/decisions/0019-public-menu-for-diners.md), for anonymous diners',
  'GET /photos/:id': 'photo files of recipes and items, public like the menus that show them',
  'GET /api/invitations/:id':
    'the invitation link, read by whoever holds it (src/server/features/organisation/invitations.int.test.ts)',
  'POST /api/invitations/:id/accept': 'bound to the invited address, 403 to any other (invitations.int.test.ts)',
  'GET /menu/:id/mentions-legales': 'the restaurant’s public legal notice, for anonymous diners',
  'PUT /api/ingredient-prices/:id':
    'the id is a Ciqual food (public catalogue); the price written is the caller’s organisation’s (ROLE_ROUTES, and the test below)',
  'DELETE /api/ingredient-prices/:id':
    'the id is a Ciqual food (public catalogue); the price removed is the caller’s organisation’s (ROLE_ROUTES, and the test below)',
  // The public API authenticates by key, not by session: its own matrix is API_KEY_ROUTES below.
  'GET /api/v1/menus/:id': 'public API, by key (API_KEY_ROUTES)',
  'GET /api/v1/recipes/:id': 'public API, by key (API_KEY_ROUTES)',
  'PUT /api/v1/items/:id/availability': 'public API, by key (API_KEY_ROUTES)',
  'PUT /api/v1/items/:id/price': 'public API, by key (API_KEY_ROUTES)',
};

/** Writes without an id that any signed-in account (or anyone) may send, and why. */
const OPEN_WRITES: Record<string, string> = {
  'PUT /api/me/organisation': 'switches among the caller’s own memberships (404 otherwise, members.int.test.ts)',
  'POST /api/tracking/page-views': 'the caller’s own page views',
  'DELETE /api/account': 'the caller’s own account',
  'POST /api/billing/webhook': 'Stripe, signed',
  'POST /api/admin/outbox/retry': 'admin only (admin.int.test.ts)',
};

const routeKey = (method: string, path: string) => `${method} ${path.replace(/:\w+/g, ':id')}`;
const label = (route: Route) => `${route.method} ${route.path}`;
const expectForbidden = (res: { status: number; body: { error: { code: string; message: string } } }, what: string) =>
  expect([res.status, res.body.error?.code, res.body.error?.message], what).toEqual([
    403,
    'forbidden',
    permissionMessages.forbidden,
  ]);

let t: TestApp;
/** The JPEG the photo routes are sent (a valid one: only the owner and role checks may refuse it). */
let photo: Uint8Array;
let a: Team;
let b: Team;
let unknownIds: Fixture;
let refused = 0;
let ownedRows = 0;

/** The route's request with its body: JSON, or the image of a photo upload. */
async function send(
  route: Route,
  ids: Fixture,
  cookie: string | undefined,
  own: Fixture,
): Promise<{ status: number; text: string; body: LooseJson; headers: Headers }> {
  const path = fill(route.path, ids);
  if (!route.image)
    return t.request(route.method, path, {
      ...(cookie ? { cookie } : {}),
      ...(route.body ? { body: route.body(own) } : {}),
    });
  const res = await putBytes(t, path, photo, cookie);
  return { status: res.status, text: new TextDecoder().decode(res.body), body: res.json, headers: res.headers };
}

beforeAll(async () => {
  t = await createTestApp();
  photo = await testJpeg({ width: 640, height: 480 });
  a = await seedTeam(t, 'A');
  b = await seedTeam(t, 'B');
  unknownIds = unknownFixture();
});
afterAll(() => t?.close());

describe(`organisation isolation and roles (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('the route tables cover every route with an id and every write, and every owned table is classified', async () => {
    const keys = (filter: (r: { method: string; path: string }) => boolean) => [
      ...new Set(t.app.routes.filter((r) => r.method !== 'ALL' && filter(r)).map((r) => routeKey(r.method, r.path))),
    ];
    const expected = ID_ROUTES.filter((r) => r.route !== 'query').map((r) => routeKey(r.method, r.route ?? r.path));
    expect(new Set(expected).size).toBe(expected.length);
    expect(
      keys((r) => /\/:\w+/.test(r.path))
        .filter((key) => !(key in NOT_ORGANISATION_SCOPED))
        .sort(),
    ).toEqual([...expected].sort());
    const covered = new Set([
      ...expected,
      // A write's query (the price list's supplier) is not part of its route.
      ...ROLE_ROUTES.map((r) => routeKey(r.method, r.path.split('?')[0]!)),
      ...Object.keys(NOT_ORGANISATION_SCOPED),
      ...Object.keys(OPEN_WRITES),
    ]);
    const writes = keys((r) => r.method !== 'GET' && r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/'));
    expect(writes.filter((key) => !covered.has(key)).sort()).toEqual([]);
    expect(await unclassifiedTables(t.db)).toEqual([]);
  });

  it.for(ID_ROUTES.map((route) => [label(route), route] as const))(
    '%s: another organisation and a removed member get the unknown-id 404; a role without the right gets 403; nothing changes',
    async ([, route]) => {
      const before = await snapshotOwnedRows(t.db);
      const outsiders: [string, SignedUpUser, Fixture][] = [
        ['another organisation’s owner', b.owner, b.ids],
        ['a removed member', a.removed, unknownIds],
      ];
      for (const [who, caller, own] of outsiders) {
        const foreign = await send(route, a.ids, caller.cookie, own);
        expect(foreign.status, `${label(route)} as ${who}: ${foreign.text}`).toBe(404);
        expect(foreign.body.error.code).toBe('not_found');
        expect(errorShapeProblems(foreign.status, foreign.body, foreign.headers.get('content-type'))).toEqual([]);
        // No oracle: a row of someone else looks exactly like a row that does not exist.
        const unknown = await send(route, unknownIds, caller.cookie, own);
        expect({ status: unknown.status, body: unknown.body }, who).toEqual({
          status: foreign.status,
          body: foreign.body,
        });
        refused += 2;
      }
      const anonymous = await send(route, a.ids, undefined, b.ids);
      expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthenticated']);
      refused += 1;

      const members: [MemberRole, SignedUpUser][] = [
        ['editor', a.editor],
        ['viewer', a.viewer],
        ['dietitian', a.dietitian],
        ['service', a.service],
      ];
      for (const [role, member] of members) {
        const allowed = route.need === 'read' || (route.need !== 'self' && can(role, route.need));
        // An allowed write would change the rows: the owner pass runs it.
        if (allowed && route.method !== 'GET') continue;
        const res = await send(route, a.ids, member.cookie, a.ids);
        const what = `${label(route)} as ${role}: ${res.text}`;
        if (allowed) {
          expect(res.status, what).toBe(route.ownerStatus === 422 ? 422 : 200);
          continue;
        }
        if (route.need === 'self') expect([res.status, res.body.error.code], what).toEqual([404, 'not_found']);
        else expectForbidden(res, what);
        refused += 1;
      }

      const after = await snapshotOwnedRows(t.db);
      expect(after).toEqual(before);
      ownedRows = Object.values(after).reduce((n, rows) => n + rows.length, 0);
    },
  );

  it.for(ROLE_ROUTES.map((route) => [label(route), route] as const))(
    '%s: a role without the right gets 403 and nothing changes',
    async ([, route]) => {
      const before = await snapshotOwnedRows(t.db);
      for (const [role, member] of [
        ['editor', a.editor],
        ['viewer', a.viewer],
        ['dietitian', a.dietitian],
        ['service', a.service],
      ] as const) {
        if (route.need === 'read' || route.need === 'self' || can(role, route.need)) continue;
        expectForbidden(await send(route, a.ids, member.cookie, a.ids), `${label(route)} as ${role}`);
        refused += 1;
      }
      const anonymous = await send(route, a.ids, undefined, a.ids);
      expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthenticated']);
      expect(await snapshotOwnedRows(t.db)).toEqual(before);
    },
  );

  it('lists show the caller’s organisation only', async () => {
    // Ids that cannot appear by chance in another text (a delivery's is a small number).
    const secrets = Object.values(a.ids).filter((id) => id.length >= 20);
    for (const path of [
      '/api/integrations/keys',
      '/api/integrations/webhooks',
      '/api/recipes',
      '/api/products',
      '/api/files/products/export',
      '/api/files/recipes/export',
      '/api/files/recipes/template',
      '/api/menus',
      '/api/qr-codes',
      '/api/establishments',
      '/api/organisation',
      '/api/organisation/history',
      '/api/me',
      '/api/billing/subscription',
      '/api/purchases/invoices',
      '/api/purchases/price-lists',
    ]) {
      for (const caller of [b.owner, a.removed]) {
        const res = await t.request('GET', path, { cookie: caller.cookie });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('x-organisation-id'), path).not.toBe(a.owner.organisationId);
        expect(
          secrets.filter((id) => res.text.includes(id)),
          path,
        ).toEqual([]);
      }
    }
  });

  it("refuses another organisation's ids given in a body (422) and changes nothing", async () => {
    // Free the intruder's single QR code slot, so the plan limit cannot answer first.
    expect((await t.request('DELETE', `/api/qr-codes/${b.ids.qr}`, { cookie: b.owner.cookie })).status).toBe(204);
    const before = await snapshotOwnedRows(t.db);
    const addForeignRecipe = await t.request('POST', `/api/sections/${b.ids.section}/items`, {
      cookie: b.owner.cookie,
      body: { recipeId: a.ids.recipe },
    });
    expect([addForeignRecipe.status, addForeignRecipe.body.error.code]).toEqual([422, 'validation']);
    const qrForForeignMenu = await t.request('POST', '/api/qr-codes', {
      cookie: b.owner.cookie,
      body: { name: 'Volé', menuId: a.ids.menu },
    });
    expect([qrForForeignMenu.status, qrForForeignMenu.body.error.code]).toEqual([422, 'validation']);
    const foreignProduct = await t.request('PUT', `/api/recipes/${b.ids.recipe}`, {
      cookie: b.owner.cookie,
      body: {
        ...recipeInput('Avec le produit d’un autre'),
        ingredients: [{ productId: a.ids.product, quantity: 10, unit: 'g' }],
      },
    });
    expect([foreignProduct.status, foreignProduct.body.error.code]).toEqual([422, 'validation']);
    const menuInForeignPlace = await t.request('PUT', `/api/menus/${b.ids.menu}`, {
      cookie: b.owner.cookie,
      body: { name: 'Carte', description: '', isActive: true, establishmentId: a.ids.establishment },
    });
    expect([menuInForeignPlace.status, menuInForeignPlace.body.error.code]).toEqual([422, 'validation']);
    const switchToForeign = await t.request('PUT', '/api/me/organisation', {
      cookie: b.owner.cookie,
      body: { organisationId: a.owner.organisationId },
    });
    expect([switchToForeign.status, switchToForeign.body.error.code]).toEqual([404, 'not_found']);
    expect(await snapshotOwnedRows(t.db)).toEqual(before);
  });

  it('a Ciqual food’s price is per organisation: another one reads, writes and removes only its own', async () => {
    const priceOfA = async () =>
      t.db
        .selectFrom('ingredient_prices')
        .selectAll()
        .where('organisation_id', '=', a.owner.organisationId)
        .orderBy('food_code')
        .execute();
    const before = await priceOfA();
    expect(before.map((p) => [p.food_code, p.supplier])).toEqual([[16400, 'Crémerie A']]);
    const listOfB = await t.request('GET', '/api/ingredient-prices', { cookie: b.owner.cookie });
    expect(listOfB.text).not.toContain('Crémerie A');
    expect(
      (
        await t.request('PUT', '/api/ingredient-prices/16400', {
          cookie: b.owner.cookie,
          body: { amount: 1, per: 'kg' },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('DELETE', '/api/ingredient-prices/16400', { cookie: b.owner.cookie })).status).toBe(204);
    expect((await t.request('DELETE', '/api/ingredient-prices/16400', { cookie: b.owner.cookie })).status).toBe(404);
    expect(await priceOfA()).toEqual(before);
  });

  it('a route without an id acts on the caller’s own organisation only (PUT /api/organisation)', async () => {
    const organisationA = async () =>
      t.db.selectFrom('organisations').selectAll().where('id', '=', a.owner.organisationId).executeTakeFirstOrThrow();
    const before = await organisationA();
    expect(
      (await t.request('PUT', '/api/organisation', { cookie: b.owner.cookie, body: { name: 'Chez l’intrus' } })).status,
    ).toBe(200);
    expect(await organisationA()).toEqual(before);
  });

  it('the public API: another organisation’s key gets the unknown-id 404, a key without the scope 403, nothing changes', async () => {
    const key = async (team: Team, scopes: string[]) => {
      const res = await t.request('POST', '/api/integrations/keys', {
        cookie: team.owner.cookie,
        body: { name: 'Matrice', scopes },
      });
      expect(res.status).toBe(201);
      return res.body.key as string;
    };
    const all = ['menus:read', 'recipes:read', 'availability:write', 'prices:write'];
    const [foreignKey, ownKey, narrowKey] = [await key(b, all), await key(a, all), await key(a, ['products:read'])];
    // The calls made with a key are recorded (the API's audit trail), refused ones too.
    const withoutCallLog = (rows: Awaited<ReturnType<typeof snapshotOwnedRows>>) => {
      const { api_calls: _calls, api_keys: _keys, ...rest } = rows;
      return rest;
    };
    const before = withoutCallLog(await snapshotOwnedRows(t.db));
    for (const route of API_KEY_ROUTES) {
      const call = (key: string | undefined, ids: Fixture) =>
        t.request(route.method, fill(route.path, ids), {
          headers: key ? { authorization: `Bearer ${key}` } : {},
          ...(route.body ? { body: route.body } : {}),
          origin: null,
        });
      const foreign = await call(foreignKey, a.ids);
      expect([foreign.status, foreign.body.error.code], `${route.path} with another organisation’s key`).toEqual([
        404,
        'not_found',
      ]);
      const unknown = await call(foreignKey, unknownIds);
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: foreign.status, body: foreign.body });
      const narrow = await call(narrowKey, a.ids);
      expect([narrow.status, narrow.body.error.code], `${route.path} without its scope`).toEqual([403, 'forbidden']);
      const anonymous = await call(undefined, a.ids);
      expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthenticated']);
      refused += 4;
    }
    expect(withoutCallLog(await snapshotOwnedRows(t.db))).toEqual(before);
    // And the organisation's own key reaches the same rows (the 404s above are not typos).
    for (const route of API_KEY_ROUTES) {
      const own = await t.request(route.method, fill(route.path, a.ids), {
        headers: { authorization: `Bearer ${ownKey}` },
        ...(route.body ? { body: route.body } : {}),
        origin: null,
      });
      expect(own.status, `${route.path} with the organisation’s key: ${own.text}`).toBe(200);
    }
  });

  it('the same requests succeed for the owner (so the 404s and 403s above are not typos in the table)', async (context) => {
    report(
      context,
      `${ID_ROUTES.length} id routes and ${ROLE_ROUTES.length} role routes: ${refused} requests refused (other organisation, removed member, unknown id, anonymous, role), ${ownedRows} owned rows byte-for-byte unchanged`,
    );
    // Planning meals is Premium (docs/decisions/0021-meal-plans-gemrcn-egalim.md): the owner's own pass runs on Premium.
    await makePremium(t, a.owner.organisationId);
    for (const route of ID_ROUTES) {
      const res = await send(route, a.ids, a.owner.cookie, a.ids);
      expect(res.status, `${label(route)} as owner: ${res.text}`).toBe(route.ownerStatus);
    }
  });
});
