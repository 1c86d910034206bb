/**
 * The organisation of bench/growth.ts, grown in place from 1× to 1,000× of the « Growth »
 * target (docs/decisions/0027; 2,000 recipes, 300 products, 50 menus, 1,000,000 scans at
 * 1,000×). A few rows of each kind are written the way the app writes them (its HTTP API, or
 * its services for recipes and products); every other row is a SQL copy of one of those (INSERT … SELECT over
 * generate_series), so its facts JSON, folded names and defaults are the app's own.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../src/server/db/schema.ts';
import { insertProductRow } from '../../src/server/features/products/service.ts';
import { createRecipe } from '../../src/server/features/recipes/service.ts';
import { productInputSchema } from '../../src/shared/api/products.ts';
import { recipeInputSchema } from '../../src/shared/api/recipes.ts';

export interface GrowthCounts {
  recipes: number;
  products: number;
  menus: number;
  scans: number;
}

/** 1× is a thousandth of the target; a count under 1 is rounded up to 1 (0.3 product, 0.05 menu). */
export const countsAt = (scale: number): GrowthCounts => ({
  recipes: 2 * scale,
  products: Math.max(1, Math.round(0.3 * scale)),
  menus: Math.max(1, Math.round(0.05 * scale)),
  scans: 1000 * scale,
});

/**
 * The public menu's size (docs/decisions/0027: a public menu of 200 items in ≤ 20 KB gzip); every
 * other menu has 40.
 */
export const PUBLIC_SECTIONS = 4;
export const PUBLIC_ITEMS_PER_SECTION = 50;
const OTHER_ITEMS_PER_SECTION = 10;
/** Recipes written by the app's service; the others are copies of these. */
const TEMPLATE_RECIPES = 10;

/** Ciqual foods (flour, butter, egg, carrot, cod, rice, yoghurt, apple, beef, lentils, emmental). */
const FOODS = ['9410', '16400', '22000', '20009', '26025', '9104', '19554', '13039', '6200', '20587', '12115'];
const DISHES = [
  'Gratin dauphinois',
  'Blanquette de veau',
  'Tarte aux pommes',
  'Soupe de carottes',
  'Cabillaud au beurre blanc',
  'Risotto aux champignons',
  'Lentilles au lard',
  'Crème caramel',
  'Bœuf bourguignon',
  'Quiche lorraine',
];
const PRODUCT_WORDS = [
  'Pâte',
  'Fond',
  'Sauce',
  'Crème',
  'Farine',
  'Beurre',
  'Jambon',
  'Fromage',
  'Huile',
  'Vinaigre',
  'Moutarde',
  'Miel',
];
const PRODUCT_KINDS = ['blanc', 'tomate', 'fraîche', 'T55', 'doux', 'de colza', 'maison'];
const MAINS = [
  'Filet de bar',
  'Suprême de volaille',
  'Épaule d’agneau',
  'Dos de cabillaud',
  'Joue de bœuf',
  'Risotto',
  'Velouté',
  'Tartare de saumon',
  'Magret de canard',
  'Croustillant de chèvre',
  'Salade de lentilles',
  'Tarte fine',
  'Carpaccio',
  'Gnocchis',
  'Parmentier',
  'Navarin',
  'Pavé de thon',
  'Œuf parfait',
  'Fondant',
  'Tian',
];
const SIDES = [
  'aux légumes du marché',
  'au beurre noisette',
  'et purée maison',
  'aux herbes fraîches',
  'sauce vierge',
  'au jus corsé',
  'et riz basmati',
  'aux agrumes',
  'et polenta crémeuse',
  'en croûte d’épices',
];
const NOTES = [
  'Cuisson lente, servi chaud.',
  'Produits de saison, origine France.',
  'Fait maison chaque matin.',
  'Selon l’arrivage du jour.',
  'Légèrement relevé.',
  'Servi avec une salade verte.',
  'Recette de la maison depuis 1998.',
];

export interface GrowthOrg {
  userId: string;
  organisationId: string;
  ownerCookie: string;
  /** The 200-item menu, shown to diners and opened in the menu editor. */
  publicMenuId: string;
  /** The QR code of that menu: half of all scans are its (the statistics measured). */
  topQrId: string;
}

type Call = (method: string, urlPath: string, body?: unknown) => Promise<{ id: string } & Record<string, unknown>>;

/** JSON requests to the server as the owner's browser sends them (origin for CSRF, the session cookie). */
function client(baseUrl: string, origin: string): { call: Call; cookie(): string } {
  let cookie = '';
  return {
    cookie: () => cookie,
    async call(method, urlPath, body) {
      const res = await fetch(new URL(urlPath, baseUrl), {
        method,
        headers: { origin, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
      if (method === 'POST' && urlPath === '/api/auth/sign-up/email')
        cookie = res.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
      return text ? JSON.parse(text) : {};
    },
  };
}

/**
 * Copies rows of `table`: `source` yields `tpl` (the id of the row copied) and the columns in
 * `overrides`; every other column (but `id`, new) is the copied row's.
 */
async function cloneRows(
  trx: Transaction<DB>,
  table: string,
  source: RawBuilder<unknown>,
  overrides: string[],
): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(trx);
  const copied = rows.map((r) => r.column_name).filter((c) => c !== 'id' && !overrides.includes(c));
  const columns = [...overrides, ...copied].map((c) => sql.ref(c));
  const values = [...overrides.map((c) => sql.ref(`src.${c}`)), ...copied.map((c) => sql.ref(`t.${c}`))];
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns)})
    SELECT ${sql.join(values)} FROM (${source}) AS src JOIN ${sql.table(table)} AS t ON t.id = src.tpl`.execute(trx);
}

const count = async (db: Kysely<DB> | Transaction<DB>, query: RawBuilder<{ n: number }>) =>
  Number((await query.execute(db)).rows[0]!.n);

/** A premium owner (sign-up through the HTTP API), its 200-item public menu and that menu's QR code. */
export async function createGrowthOrg(db: Kysely<DB>, baseUrl: string, origin: string): Promise<GrowthOrg> {
  const { call, cookie } = client(baseUrl, origin);
  const signUp = await call('POST', '/api/auth/sign-up/email', {
    email: `growth-${Date.now()}@example.com`,
    password: 'motdepasse-bench',
    restaurantName: 'La Grande Brasserie',
  });
  const userId = (signUp.user as { id: string }).id;
  const { active_organisation_id: organisationId } = await db
    .selectFrom('users')
    .select('active_organisation_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', organisationId!)
    .execute();
  const org = { userId, organisationId: organisationId!, ownerCookie: '', publicMenuId: '', topQrId: '' };
  // The first recipe and product before the menu: its items show a recipe.
  await growProducts(db, org, 1);
  await growRecipes(db, org, 1);
  const recipe = await db
    .selectFrom('recipes')
    .select('id')
    .where('organisation_id', '=', org.organisationId)
    .executeTakeFirstOrThrow();
  const menu = await call('POST', '/api/menus', {
    name: 'La carte',
    description: 'Cuisine de brasserie, produits frais et de saison.',
  });
  for (const name of ['Entrées', 'Plats', 'Desserts', 'Suggestions']) {
    const section = await call('POST', `/api/menus/${menu.id}/sections`, { name, description: 'Selon la saison.' });
    const item = await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
    await call('PUT', `/api/items/${item.id}`, {
      name: `${MAINS[0]} ${SIDES[0]}`,
      description: NOTES[0],
      isAvailable: true,
      price: 14.5,
    });
  }
  const qr = await call('POST', '/api/qr-codes', { name: 'Table 1', menuId: menu.id });
  return { ...org, ownerCookie: cookie(), publicMenuId: menu.id, topQrId: qr.id };
}

async function growProducts(db: Kysely<DB>, org: GrowthOrg, target: number): Promise<void> {
  const actor = { userId: org.userId, organisationId: org.organisationId };
  await db.transaction().execute(async (trx) => {
    const have = await count(
      trx,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE organisation_id = ${org.organisationId}`,
    );
    for (let i = have; i < target; i++) {
      const name = `${PRODUCT_WORDS[i % PRODUCT_WORDS.length]} ${PRODUCT_KINDS[i % PRODUCT_KINDS.length]} Fournisseur ${Math.floor(i / 7)}`;
      const input = productInputSchema.parse({
        name,
        supplier: 'Grossiste',
        per100g: { energyKcal: 100 + (i % 400), fat: 5, protein: 3 },
        allergens: i % 3 ? ['Lait'] : [],
        price: { amount: 4 + (i % 20), per: 'kg' },
      });
      await insertProductRow(trx, actor, input);
    }
  });
}

/** Up to TEMPLATE_RECIPES through the app's service (Ciqual foods and own products), then copies of those. */
async function growRecipes(db: Kysely<DB>, org: GrowthOrg, target: number): Promise<void> {
  const actor = { userId: org.userId, organisationId: org.organisationId };
  const products = await db
    .selectFrom('products')
    .select('id')
    .where('organisation_id', '=', org.organisationId)
    .orderBy('created_at')
    .execute();
  let have = await count(
    db,
    sql<{ n: number }>`SELECT count(*)::int AS n FROM recipes WHERE organisation_id = ${org.organisationId}`,
  );
  for (; have < Math.min(target, TEMPLATE_RECIPES); have++) {
    const ingredients = [
      ...[0, 1, 2, 3, 4, 5].map((k) => ({
        code: FOODS[(have + k) % FOODS.length]!,
        quantity: 40 + 20 * k,
        unit: 'g' as const,
      })),
      ...[0, 1].map((k) => ({
        productId: products[(have + k) % products.length]!.id,
        quantity: 30,
        unit: 'g' as const,
      })),
    ];
    await createRecipe(
      db,
      actor,
      recipeInputSchema.parse({
        name: DISHES[have % DISHES.length],
        servings: 4,
        ingredients,
        allergens: [],
        allergensDeclared: true,
        price: 12 + have,
      }),
    );
  }
  if (have >= target) return;
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TEMP TABLE growth_recipes (id uuid, tpl uuid, n int) ON COMMIT DROP`.execute(trx);
    await sql`INSERT INTO growth_recipes
      SELECT gen_random_uuid() AS id, t.id AS tpl, g AS n
      FROM generate_series(${have}::int, ${target - 1}::int) AS g
      JOIN (SELECT id, (row_number() OVER (ORDER BY created_at, id) - 1)::int AS k FROM recipes
            WHERE organisation_id = ${org.organisationId} ORDER BY created_at, id LIMIT ${TEMPLATE_RECIPES}) t ON t.k = g % ${TEMPLATE_RECIPES}`.execute(
      trx,
    );
    // Newer copies first in the list, as if written one after the other.
    await cloneRows(
      trx,
      'recipes',
      sql`SELECT n.tpl, n.id, r.name || ' n°' || n.n AS name, r.created_at + n.n * interval '1 minute' AS created_at,
      r.updated_at + n.n * interval '1 minute' AS updated_at FROM growth_recipes n JOIN recipes r ON r.id = n.tpl`,
      ['id', 'name', 'created_at', 'updated_at'],
    );
    await cloneRows(
      trx,
      'recipe_ingredients',
      sql`SELECT ri.id AS tpl, n.id AS recipe_id FROM growth_recipes n JOIN recipe_ingredients ri ON ri.recipe_id = n.tpl`,
      ['recipe_id'],
    );
  });
}

/** The public menu filled to 200 items, then copies of its first 40 items as the other menus, each with its QR code. */
async function growMenus(db: Kysely<DB>, org: GrowthOrg, target: number, origin: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TEMP TABLE growth_ranked (id uuid, k int) ON COMMIT DROP`.execute(trx);
    await sql`INSERT INTO growth_ranked
      SELECT id, (row_number() OVER (ORDER BY created_at DESC, id) - 1)::int AS k FROM recipes WHERE organisation_id = ${org.organisationId}`.execute(
      trx,
    );
    const recipes = await count(trx, sql<{ n: number }>`SELECT count(*)::int AS n FROM growth_ranked`);
    const names = Array.from(
      { length: PUBLIC_SECTIONS * PUBLIC_ITEMS_PER_SECTION },
      (_, i) => `${MAINS[i % MAINS.length]} ${SIDES[Math.floor(i / MAINS.length) % SIDES.length]}`,
    );
    const notes = names.map((_, i) => NOTES[(i * 3) % NOTES.length]!);
    // The public menu: each section's first item (made through the API) copied up to 50.
    await cloneRows(
      trx,
      'menu_items',
      sql`
      SELECT i.id AS tpl, gen_random_uuid() AS id, g AS display_order, rr.id AS recipe_id,
        (${names}::text[])[1 + s.display_order * ${PUBLIC_ITEMS_PER_SECTION} + g] AS name,
        (${notes}::text[])[1 + s.display_order * ${PUBLIC_ITEMS_PER_SECTION} + g] AS description,
        10 + (g % 15) + 0.5 AS price
      FROM menu_sections s
      JOIN menu_items i ON i.menu_section_id = s.id AND i.display_order = 0
      CROSS JOIN generate_series((SELECT count(*)::int FROM menu_items x WHERE x.menu_section_id = s.id), ${PUBLIC_ITEMS_PER_SECTION - 1}::int) AS g
      JOIN growth_ranked rr ON rr.k = (s.display_order * ${PUBLIC_ITEMS_PER_SECTION} + g) % ${recipes}
      WHERE s.menu_id = ${org.publicMenuId}`,
      ['id', 'display_order', 'recipe_id', 'name', 'description', 'price'],
    );
    const have = await count(
      trx,
      sql<{ n: number }>`SELECT count(*)::int AS n FROM menus WHERE organisation_id = ${org.organisationId}`,
    );
    if (have >= target) return;
    await sql`CREATE TEMP TABLE growth_menus (id uuid, tpl uuid, n int, qr uuid) ON COMMIT DROP`.execute(trx);
    await sql`INSERT INTO growth_menus
      SELECT gen_random_uuid() AS id, ${org.publicMenuId}::uuid AS tpl, g AS n, gen_random_uuid() AS qr FROM generate_series(${have}::int, ${target - 1}::int) AS g`.execute(
      trx,
    );
    await cloneRows(
      trx,
      'menus',
      sql`SELECT tpl, id, 'Carte n°' || n AS name, now() - (1000 - n) * interval '1 hour' AS created_at FROM growth_menus`,
      ['id', 'name', 'created_at'],
    );
    await sql`CREATE TEMP TABLE growth_sections (id uuid, tpl uuid, menu_id uuid, n int) ON COMMIT DROP`.execute(trx);
    await sql`INSERT INTO growth_sections
      SELECT gen_random_uuid() AS id, s.id AS tpl, m.id AS menu_id, m.n FROM growth_menus m JOIN menu_sections s ON s.menu_id = m.tpl`.execute(
      trx,
    );
    await cloneRows(trx, 'menu_sections', sql`SELECT tpl, id, menu_id FROM growth_sections`, ['id', 'menu_id']);
    await cloneRows(
      trx,
      'menu_items',
      sql`
      SELECT i.id AS tpl, gen_random_uuid() AS id, s.id AS menu_section_id, rr.id AS recipe_id
      FROM growth_sections s
      JOIN menu_items i ON i.menu_section_id = s.tpl AND i.display_order < ${OTHER_ITEMS_PER_SECTION}
      JOIN growth_ranked rr ON rr.k = (s.n * 7 + i.display_order) % ${recipes}`,
      ['id', 'menu_section_id', 'recipe_id'],
    );
    await cloneRows(
      trx,
      'qr_codes',
      sql`
      SELECT ${org.topQrId}::uuid AS tpl, qr AS id, id AS menu_id, 'Table ' || (n + 1) AS name, ${origin} || '/qr/' || qr AS qr_data FROM growth_menus`,
      ['id', 'menu_id', 'name', 'qr_data'],
    );
  });
}

/** Scans over the past year: half on the public menu's code, the other half spread over every code. */
async function growScans(db: Kysely<DB>, org: GrowthOrg, target: number): Promise<void> {
  const codes = (
    await db
      .selectFrom('qr_codes')
      .select('id')
      .where('organisation_id', '=', org.organisationId)
      .orderBy('created_at')
      .execute()
  ).map((r) => r.id);
  const have = await count(
    db,
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM qr_scans s JOIN qr_codes q ON q.id = s.qr_code_id WHERE q.organisation_id = ${org.organisationId}`,
  );
  for (let from = have; from < target; from += 100_000) {
    const to = Math.min(target, from + 100_000);
    await sql`INSERT INTO qr_scans (qr_code_id, scanned_at)
      SELECT CASE WHEN g % 2 = 0 THEN ${org.topQrId}::uuid ELSE (${codes}::uuid[])[1 + (g / 2) % ${codes.length}] END,
        now() - ((g::bigint * 7919) % (365 * 24 * 3600)) * interval '1 second'
      FROM generate_series(${from}::int, ${to - 1}::int) AS g`.execute(db);
  }
  await sql`UPDATE qr_codes q SET scan_count = (SELECT count(*) FROM qr_scans s WHERE s.qr_code_id = q.id) WHERE q.organisation_id = ${org.organisationId}`.execute(
    db,
  );
}

/** Brings the organisation to `counts`, then vacuums and refreshes the planner's statistics (as autovacuum would after such growth). */
export async function growTo(db: Kysely<DB>, org: GrowthOrg, counts: GrowthCounts, origin: string): Promise<void> {
  await growProducts(db, org, counts.products);
  await growRecipes(db, org, counts.recipes);
  await growMenus(db, org, counts.menus, origin);
  await growScans(db, org, counts.scans);
  await sql`VACUUM ANALYZE`.execute(db);
}
