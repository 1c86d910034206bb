import { randomUUID } from 'node:crypto';
import type { Action } from '../../../shared/permissions.ts';
import { uniqueEmail, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium, type TeamMember } from '../../test/teams.ts';
import { ciiXml, postFile } from '../../test/invoices.ts';

/**
 * One organisation's rows and team for src/server/reliability/isolation.reliability.ts
 * (docs/product/organisations.md): ids by placeholder name, and the members of each role.
 */
export interface Fixture {
  recipe: string;
  otherRecipe: string;
  menu: string;
  section: string;
  otherSection: string;
  item: string;
  otherItem: string;
  qr: string;
  checkout: string;
  /** A formule of the menu (docs/decisions/0019-public-menu-for-diners.md), over its first section. */
  formule: string;
  /** An own product (« Mes produits », docs/decisions/0018-products-sub-recipes-costs.md), used by no recipe. */
  product: string;
  /** A second establishment, without menus (the owner may delete it). */
  establishment: string;
  /** A pending invitation. */
  invitation: string;
  /** A viewer the owner's pass changes and removes (not one of the acting members). */
  member: string;
  /** A second session of the owner (signed in again), not the one the tests use. */
  session: string;
  /** A day the second establishment closed (migration 0024). */
  closedDay: string;
  /** A draft supplier invoice (docs/product/purchases.md), one of its lines, and another draft the owner may delete. */
  invoice: string;
  invoiceLine: string;
  otherInvoice: string;
  /** A draft supplier price list (docs/product/purchases.md « Tarifs fournisseurs »), one of its lines, another draft. */
  priceList: string;
  priceListLine: string;
  otherPriceList: string;
  /** « Intégrations » (docs/product/integrations.md): an API key, a webhook endpoint, one of its deliveries. */
  apiKey: string;
  webhook: string;
  delivery: string;
}
export type Placeholder = keyof Fixture;

export interface Team {
  owner: SignedUpUser;
  editor: TeamMember;
  viewer: TeamMember;
  /** Plans and validates meal plans, writes nothing else (src/shared/permissions.ts). */
  dietitian: TeamMember;
  /** The floor staff (src/shared/permissions.ts): reads menus, marks dishes « Épuisé ». */
  service: TeamMember;
  /** Was an editor, then removed by the owner: their session still signs them in. */
  removed: TeamMember;
  ids: Fixture;
}

/** `read`: every member; `self`: the caller's own account rows (another member's → 404); else the permission needed. */
export type Need = 'read' | 'self' | Action;

export const recipeInput = (name: string) => ({
  name,
  servings: 2,
  ingredients: [
    { code: '16400', quantity: 20, unit: 'g' },
    { code: '20276', quantity: 150, unit: 'g' },
  ],
  allergens: ['Lait'],
  dietaryInfo: [],
});

/** An own product from its label (docs/product/products.md). */
export const productInput = (name: string) => ({
  name,
  per100g: { energyKcal: 250, fat: 10 },
  allergens: ['Céleri'],
  traces: [],
  labels: ['bio'],
  price: { amount: 4.5, per: 'kg' },
});

async function ok<R extends { status: number; text: string }>(res: R, what: string): Promise<R> {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res;
}

/**
 * An organisation with an owner, an editor, a viewer, a « Service » member, a spare viewer, a removed editor, two
 * establishments and a pending invitation (made while Premium), then back on the free plan
 * with rows within its limits: 2 recipes, 1 menu with 2 sections, 2 items and a formule, 1 QR code,
 * 1 open demo checkout, a scan, 1 own product, 1 price of a Ciqual food.
 */
export async function seedTeam(t: TestApp, tag: string): Promise<Team> {
  const owner = await t.signUp();
  const call = async (method: string, path: string, body?: unknown) =>
    (
      await ok(
        await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) }),
        `${method} ${path}`,
      )
    ).body;
  await makePremium(t, owner.organisationId);
  const editor = await addMember(t, owner, 'editor');
  const viewer = await addMember(t, owner, 'viewer');
  const dietitian = await addMember(t, owner, 'dietitian');
  const service = await addMember(t, owner, 'service');
  const spare = await addMember(t, owner, 'viewer');
  const removed = await addMember(t, owner, 'editor');
  await call('DELETE', `/api/organisation/members/${removed.user.id}`);
  // With its SIRET (a valid key) and covers: « ma cantine » files need both.
  const establishment = await call('POST', '/api/establishments', {
    name: `Annexe ${tag}`,
    city: 'Lyon',
    siret: '21340172201787',
    coversPerDay: { lundi: 100, mardi: 100, jeudi: 100, vendredi: 100 },
  });
  const invitation = await call('POST', '/api/organisation/invitations', {
    email: uniqueEmail('invite'),
    role: 'editor',
  });
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'free' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();

  // A key and a webhook before the menu: the menu's creation below queues a delivery to it.
  const apiKey = await call('POST', '/api/integrations/keys', { name: `Caisse ${tag}`, scopes: ['menus:read'] });
  const webhook = await call('POST', '/api/integrations/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['menu.updated'],
  });
  const recipe = await call('POST', '/api/recipes', recipeInput(`Gratin ${tag}`));
  const otherRecipe = await call('POST', '/api/recipes', recipeInput(`Soupe ${tag}`));
  const menu = await call('POST', '/api/menus', { name: `Carte ${tag}`, description: 'Midi' });
  const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const otherSection = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Desserts' });
  const item = await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
  const otherItem = await call('POST', `/api/sections/${section.id}/items`, { recipeId: otherRecipe.id });
  const qr = await call('POST', '/api/qr-codes', { name: `Table ${tag}`, menuId: menu.id });
  const formule = await call('POST', `/api/menus/${menu.id}/formules`, {
    name: `Formule ${tag}`,
    price: 18.5,
    choices: [[section.id, otherSection.id]],
  });
  const product = await call('POST', '/api/products', productInput(`Fond blanc ${tag}`));
  // The organisation's price of a Ciqual food (butter, which the recipes use).
  await call('PUT', '/api/ingredient-prices/16400', { amount: 9.6, per: 'kg', supplier: `Crémerie ${tag}` });
  // A planned lunch in the second establishment (meal plans, docs/decisions/0021-meal-plans-gemrcn-egalim.md): planning is Premium and the
  // organisation is back on the free plan here, so it is seeded in SQL.
  await t.db
    .insertInto('meal_plan_entries')
    .values({
      organisation_id: owner.organisationId,
      establishment_id: establishment.id,
      date: '2026-09-07',
      service: 'dejeuner',
      slot: 'plat',
      recipe_id: recipe.id,
    })
    .execute();
  const closedDay = await t.db
    .insertInto('establishment_closed_days')
    .values({
      organisation_id: owner.organisationId,
      establishment_id: establishment.id,
      date: '2026-11-11',
      label: 'Armistice',
      source: 'saisie',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoiceOf = async (number: string) => {
    const res = await postFile(
      t,
      '/api/purchases/invoices',
      ciiXml({
        number,
        lines: [
          { articleId: 'FB-1', description: `Fond blanc ${tag} 1 kg`, quantity: 2, unitCode: 'H87', unitPrice: 6 },
        ],
      }),
      owner.cookie,
    );
    if (res.status !== 201) throw new Error(`invoice ${number}: ${res.status} ${res.text}`);
    return res.body.invoice as { id: string; lines: { id: string }[] };
  };
  const invoice = await invoiceOf(`F-${tag}-1`);
  const otherInvoice = await invoiceOf(`F-${tag}-2`);
  const priceListOf = async (n: number) => {
    const res = await postFile(
      t,
      '/api/purchases/price-lists?supplier=Grossiste',
      `Référence;Désignation;Unité;Prix HT\nFB-${n};Fond blanc ${tag} ${n};kg;6,20\n`,
      owner.cookie,
      'text/csv',
    );
    if (res.status !== 201) throw new Error(`price list ${n}: ${res.status} ${res.text}`);
    return res.body.priceList as { id: string; lines: { id: string }[] };
  };
  const priceList = await priceListOf(1);
  const otherPriceList = await priceListOf(2);
  const checkout = await call('POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' });
  if ((await t.request('GET', `/qr/${qr.id}`)).status !== 302) throw new Error('scan');
  await ok(
    await t.request('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: owner.password } }),
    'second sign-in',
  );
  const sessions = (await t.request('GET', '/api/account/sessions', { cookie: owner.cookie })).body.sessions as {
    id: string;
    current: boolean;
  }[];
  // The removed member's first request falls back to their own organisation (and stores it):
  // done here, so the matrix compares the data before and after refused requests only.
  await ok(await t.request('GET', '/api/me', { cookie: removed.cookie }), 'fallback of the removed member');
  const deliveries = (await call('GET', `/api/integrations/webhooks/${webhook.id}/deliveries`)).deliveries as {
    id: string;
  }[];
  const ids: Fixture = {
    apiKey: apiKey.id,
    webhook: webhook.id,
    delivery: deliveries[0]!.id,
    session: sessions.find((s) => !s.current)!.id,
    recipe: recipe.id,
    otherRecipe: otherRecipe.id,
    menu: menu.id,
    section: section.id,
    otherSection: otherSection.id,
    item: item.id,
    otherItem: otherItem.id,
    qr: qr.id,
    formule: formule.id,
    checkout: String(checkout.url).split('/').at(-1)!,
    product: product.id,
    establishment: establishment.id,
    invitation: invitation.id,
    member: spare.user.id,
    closedDay: closedDay.id,
    invoice: invoice.id,
    invoiceLine: invoice.lines[0]!.id,
    otherInvoice: otherInvoice.id,
    priceList: priceList.id,
    priceListLine: priceList.lines[0]!.id,
    otherPriceList: otherPriceList.id,
  };
  return { owner, editor, viewer, dietitian, service, removed, ids };
}

/** Ids that name no row at all (same formats). */
export function unknownFixture(): Fixture {
  const uuid = () => randomUUID();
  return {
    recipe: uuid(),
    otherRecipe: uuid(),
    menu: uuid(),
    section: uuid(),
    otherSection: uuid(),
    item: uuid(),
    otherItem: uuid(),
    qr: uuid(),
    formule: uuid(),
    checkout: `demo_cs_${uuid()}`,
    product: uuid(),
    establishment: uuid(),
    invitation: uuid(),
    member: uuid(),
    session: uuid(),
    closedDay: uuid(),
    invoice: uuid(),
    invoiceLine: uuid(),
    otherInvoice: uuid(),
    priceList: uuid(),
    priceListLine: uuid(),
    otherPriceList: uuid(),
    apiKey: uuid(),
    webhook: uuid(),
    delivery: String(900_000_000 + Math.floor(Math.random() * 1_000_000)),
  };
}

export const fill = (path: string, ids: Fixture) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const id = ids[name as Placeholder];
    if (!id) throw new Error(`unknown placeholder :${name} in ${path}`);
    return id;
  });
