/**
 * The bench's restaurant (bench/public-menu.ts): a realistic 30-item menu, made through the
 * app's HTTP API like an owner would.
 */
import sharp from 'sharp';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../src/server/context.ts';
import type { DB } from '../../src/server/db/schema.ts';

// ---------------------------------------------------------------------------------------------
// Seeding: a realistic 30-item menu, made through the app's HTTP API like an owner would.
// ---------------------------------------------------------------------------------------------

type Line = [code: string, grams: number];
interface Dish {
  name: string;
  description: string;
  lines: Line[];
  allergens: string[];
  diets: string[];
}

// Ciqual 2025 codes.
const C = {
  tomate: '20276',
  oignon: '20034',
  ail: '11000',
  huile: '17270',
  beurre: '16400',
  oeuf: '22000',
  lait: '19010',
  creme: '19402',
  pdt: '4008',
  poulet: '36018',
  saumon: '26036',
  boeuf: '6200',
  riz: '9104',
  pates: '9811',
  carotte: '20009',
  courgette: '20020',
  emmental: '12115',
  chocolat: '31005',
  sucre: '31016',
  pomme: '13039',
  citron: '13009',
  sel: '11017',
  lentille: '20588',
  champignon: '20056',
  chevre: '12805',
  crevette: '10007',
  epinard: '20059',
  basilic: '11033',
  parmesan: '12120',
  amande: '15000',
  farine: '9410',
  fraise: '13014',
  aubergine: '20053',
  poivron: '20087',
  persil: '11014',
  thym: '11070',
} as const;

const dish = (name: string, description: string, lines: Line[], allergens: string[], diets: string[]): Dish => ({
  name,
  description,
  lines,
  allergens,
  diets,
});

/** 4 sections, 30 dishes, 3 to 6 Ciqual ingredients each, with allergens and diets. */
export const BENCH_MENU: { name: string; description: string; dishes: Dish[] }[] = [
  {
    name: 'Entrées',
    description: 'Pour commencer le repas en douceur.',
    dishes: [
      dish(
        'Soupe à l’oignon gratinée',
        'Oignons caramélisés, croûton et emmental fondu.',
        [
          [C.oignon, 150],
          [C.beurre, 10],
          [C.emmental, 30],
          [C.farine, 10],
          [C.sel, 1],
        ],
        ['Gluten', 'Lait'],
        ['Végétarien'],
      ),
      dish(
        'Salade de chèvre chaud',
        'Chèvre frais, pousses d’épinard et amandes grillées.',
        [
          [C.chevre, 60],
          [C.epinard, 50],
          [C.huile, 10],
          [C.amande, 15],
        ],
        ['Lait', 'Fruits à coque'],
        ['Végétarien', 'Sans gluten'],
      ),
      dish(
        'Velouté de carottes',
        'Carottes du maraîcher, une touche de crème.',
        [
          [C.carotte, 200],
          [C.oignon, 40],
          [C.creme, 20],
          [C.beurre, 5],
          [C.sel, 1],
        ],
        ['Lait'],
        ['Végétarien', 'Sans gluten'],
      ),
      dish(
        'Salade de tomates au basilic',
        'Tomates de saison, huile d’olive vierge extra.',
        [
          [C.tomate, 200],
          [C.basilic, 5],
          [C.huile, 10],
          [C.sel, 1],
        ],
        [],
        ['Végan', 'Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Œufs cocotte aux champignons',
        'Œufs fermiers, champignons de Paris, persil.',
        [
          [C.oeuf, 100],
          [C.champignon, 60],
          [C.creme, 30],
          [C.persil, 3],
        ],
        ['Œufs', 'Lait'],
        ['Végétarien', 'Sans gluten'],
      ),
      dish(
        'Crevettes sautées à l’ail',
        'Ail, persil et citron.',
        [
          [C.crevette, 120],
          [C.ail, 5],
          [C.huile, 10],
          [C.persil, 3],
          [C.citron, 10],
        ],
        ['Crustacés'],
        ['Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Salade de lentilles',
        'Lentilles blondes, carottes, vinaigrette à la moutarde.',
        [
          [C.lentille, 150],
          [C.carotte, 40],
          [C.oignon, 20],
          [C.huile, 10],
        ],
        ['Moutarde'],
        ['Végan'],
      ),
      dish(
        'Carpaccio de courgettes',
        'Parmesan, citron et amandes.',
        [
          [C.courgette, 150],
          [C.parmesan, 15],
          [C.citron, 10],
          [C.huile, 10],
          [C.amande, 10],
        ],
        ['Lait', 'Fruits à coque'],
        ['Végétarien', 'Sans gluten'],
      ),
    ],
  },
  {
    name: 'Plats',
    description: 'Cuisinés sur place chaque jour.',
    dishes: [
      dish(
        'Filet de saumon, riz blanc',
        'Beurre citronné.',
        [
          [C.saumon, 150],
          [C.riz, 150],
          [C.citron, 10],
          [C.beurre, 10],
        ],
        ['Poissons', 'Lait'],
        ['Sans gluten'],
      ),
      dish(
        'Poulet rôti au thym',
        'Pommes de terre rôties à l’ail.',
        [
          [C.poulet, 180],
          [C.pdt, 200],
          [C.huile, 10],
          [C.thym, 2],
          [C.ail, 5],
        ],
        [],
        ['Sans gluten', 'Sans lactose', 'Halal'],
      ),
      dish(
        'Steak, frites maison',
        'Bœuf français, frites coupées au couteau.',
        [
          [C.boeuf, 180],
          [C.pdt, 250],
          [C.huile, 15],
          [C.sel, 1],
        ],
        [],
        ['Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Risotto aux champignons',
        'Parmesan affiné 24 mois.',
        [
          [C.riz, 200],
          [C.champignon, 100],
          [C.parmesan, 20],
          [C.beurre, 10],
          [C.oignon, 30],
        ],
        ['Lait'],
        ['Végétarien', 'Sans gluten'],
      ),
      dish(
        'Pâtes au pistou',
        'Basilic frais, parmesan, ail.',
        [
          [C.pates, 120],
          [C.basilic, 10],
          [C.parmesan, 15],
          [C.huile, 15],
          [C.ail, 3],
        ],
        ['Gluten', 'Lait'],
        ['Végétarien'],
      ),
      dish(
        'Ratatouille',
        'Aubergine, courgette, poivron et tomate mijotés.',
        [
          [C.aubergine, 100],
          [C.courgette, 100],
          [C.poivron, 80],
          [C.tomate, 100],
          [C.oignon, 40],
          [C.huile, 10],
        ],
        [],
        ['Végan', 'Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Gratin dauphinois',
        'Pommes de terre, crème et emmental.',
        [
          [C.pdt, 250],
          [C.creme, 60],
          [C.lait, 50],
          [C.ail, 3],
          [C.emmental, 20],
        ],
        ['Lait'],
        ['Végétarien', 'Sans gluten'],
      ),
      dish(
        'Dahl de lentilles',
        'Lentilles, tomates et épices douces.',
        [
          [C.lentille, 200],
          [C.tomate, 80],
          [C.oignon, 40],
          [C.ail, 5],
          [C.huile, 10],
        ],
        [],
        ['Végan', 'Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Riz sauté aux crevettes',
        'Poivron, courgette, sauce soja.',
        [
          [C.crevette, 120],
          [C.riz, 150],
          [C.poivron, 60],
          [C.courgette, 60],
          [C.huile, 10],
        ],
        ['Crustacés', 'Soja'],
        ['Sans lactose'],
      ),
      dish(
        'Omelette aux fines herbes',
        'Servie avec une salade verte.',
        [
          [C.oeuf, 150],
          [C.persil, 5],
          [C.beurre, 10],
          [C.epinard, 40],
        ],
        ['Œufs', 'Lait'],
        ['Végétarien', 'Sans gluten'],
      ),
    ],
  },
  {
    name: 'Desserts',
    description: 'Faits maison.',
    dishes: [
      dish(
        'Fondant au chocolat',
        'Cœur coulant, chocolat noir.',
        [
          [C.chocolat, 50],
          [C.beurre, 30],
          [C.sucre, 30],
          [C.oeuf, 50],
          [C.farine, 15],
        ],
        ['Gluten', 'Lait', 'Œufs'],
        ['Végétarien'],
      ),
      dish(
        'Tarte aux pommes',
        'Pâte brisée au beurre.',
        [
          [C.pomme, 150],
          [C.farine, 50],
          [C.beurre, 25],
          [C.sucre, 20],
        ],
        ['Gluten', 'Lait'],
        ['Végétarien'],
      ),
      dish(
        'Crème brûlée',
        'Caramélisée à la minute.',
        [
          [C.creme, 100],
          [C.oeuf, 40],
          [C.sucre, 25],
          [C.lait, 30],
        ],
        ['Lait', 'Œufs'],
        ['Végétarien', 'Sans gluten'],
      ),
      dish(
        'Salade de fraises',
        'Citron et basilic.',
        [
          [C.fraise, 150],
          [C.citron, 10],
          [C.sucre, 10],
          [C.basilic, 2],
        ],
        [],
        ['Végan', 'Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Crêpes au sucre',
        'Deux crêpes minute.',
        [
          [C.farine, 60],
          [C.lait, 120],
          [C.oeuf, 40],
          [C.beurre, 10],
          [C.sucre, 15],
        ],
        ['Gluten', 'Lait', 'Œufs'],
        ['Végétarien'],
      ),
      dish(
        'Financiers aux amandes',
        'Trois financiers tièdes.',
        [
          [C.amande, 40],
          [C.beurre, 30],
          [C.sucre, 40],
          [C.oeuf, 30],
          [C.farine, 15],
        ],
        ['Fruits à coque', 'Gluten', 'Lait', 'Œufs'],
        ['Végétarien'],
      ),
      dish(
        'Assiette de fromages',
        'Emmental, chèvre frais et parmesan.',
        [
          [C.emmental, 40],
          [C.chevre, 40],
          [C.parmesan, 20],
        ],
        ['Lait'],
        ['Végétarien', 'Sans gluten'],
      ),
    ],
  },
  {
    name: 'Menu enfant',
    description: 'Jusqu’à 10 ans.',
    dishes: [
      dish(
        'Steak haché, frites',
        'Bœuf français.',
        [
          [C.boeuf, 100],
          [C.pdt, 150],
          [C.huile, 10],
        ],
        [],
        ['Sans gluten', 'Sans lactose'],
      ),
      dish(
        'Pâtes au beurre',
        'Emmental râpé.',
        [
          [C.pates, 80],
          [C.beurre, 10],
          [C.emmental, 20],
        ],
        ['Gluten', 'Lait'],
        ['Végétarien'],
      ),
      dish(
        'Aiguillettes de poulet, riz',
        'Carottes fondantes.',
        [
          [C.poulet, 100],
          [C.riz, 120],
          [C.carotte, 50],
        ],
        [],
        ['Sans gluten', 'Sans lactose', 'Halal'],
      ),
      dish(
        'Poisson pané, purée',
        'Purée maison au lait.',
        [
          [C.saumon, 80],
          [C.farine, 10],
          [C.oeuf, 20],
          [C.pdt, 150],
          [C.lait, 30],
        ],
        ['Poissons', 'Gluten', 'Œufs', 'Lait'],
        [],
      ),
      dish(
        'Compote de pommes',
        'Sans sucre ajouté… presque.',
        [
          [C.pomme, 150],
          [C.sucre, 10],
          [C.citron, 5],
        ],
        [],
        ['Végan', 'Sans gluten', 'Sans lactose'],
      ),
    ],
  },
];

export interface SeedTarget {
  /** The app in process, or the base URL of a running server. */
  app: Hono<AppEnv> | string;
  /** PUBLIC_ORIGIN of that app (sign-up and every write must carry it, docs/product/api.md CSRF). */
  origin: string;
  /**
   * The owner must be premium (30 recipes are over the free plan's 5): set directly in the
   * database when given, otherwise through the demo checkout of the HTTP API (no STRIPE_SECRET_KEY).
   */
  db?: Kysely<DB>;
  restaurantName?: string;
  /**
   * Gives every recipe a photo through PUT /api/recipes/:id/photo (the page's budget holds with
   * photos, docs/decisions/0017).
   */
  photos?: boolean;
}

/** A 1200 × 900 JPEG of a plate, a different colour per dish (made here, nothing shipped). */
function dishPhoto(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="hsl(${hue},55%,40%)"/>` +
    `<circle cx="600" cy="450" r="330" fill="#f5f0e6"/><circle cx="600" cy="450" r="200" fill="hsl(${(hue + 30) % 360},65%,55%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export interface SeededMenu {
  menuId: string;
  ownerId: string;
  ownerCookie: string;
  itemIds: string[];
}

/** A premium owner and the 30-item menu of BENCH_MENU, through the HTTP API. */
export async function seedBenchMenu(target: SeedTarget): Promise<SeededMenu> {
  const send = (urlPath: string, init: RequestInit) =>
    typeof target.app === 'string'
      ? fetch(new URL(urlPath, target.app), init)
      : Promise.resolve(target.app.request(urlPath, init));
  let cookie = '';
  const call = async (method: string, urlPath: string, body?: unknown) => {
    const res = await send(urlPath, {
      method,
      headers: { origin: target.origin, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
    return { res, json: text ? JSON.parse(text) : null };
  };

  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await call('POST', '/api/auth/sign-up/email', {
    email,
    password: 'motdepasse-bench',
    restaurantName: target.restaurantName ?? 'Le Bistrot du Port',
  });
  cookie = signUp.res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const ownerId: string = signUp.json.user.id;
  if (target.db) {
    const { active_organisation_id: organisationId } = await target.db
      .selectFrom('users')
      .select('active_organisation_id')
      .where('id', '=', ownerId)
      .executeTakeFirstOrThrow();
    await target.db
      .updateTable('subscriptions')
      .set({ tier: 'premium', status: 'active' })
      .where('organisation_id', '=', organisationId!)
      .execute();
  } else {
    const checkout = (await call('POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' }))
      .json as { url: string };
    const sessionId = new URL(checkout.url, target.origin).pathname.split('/').pop();
    await call('POST', `/api/billing/demo/checkout/${sessionId}/pay`, {});
  }

  const menu = (
    await call('POST', '/api/menus', {
      name: 'Carte de printemps',
      description: 'Cuisine maison, produits frais et de saison.',
    })
  ).json;
  const itemIds: string[] = [];
  for (const group of BENCH_MENU) {
    const section = (
      await call('POST', `/api/menus/${menu.id}/sections`, { name: group.name, description: group.description })
    ).json;
    for (const d of group.dishes) {
      const recipe = (
        await call('POST', '/api/recipes', {
          name: d.name,
          servings: 1,
          ingredients: d.lines.map(([code, quantity]) => ({ code, quantity, unit: 'g' })),
          allergens: d.allergens,
          // The bench restaurant has confirmed its lists (docs/product/decisions.md 15), as a published menu should.
          allergensDeclared: true,
          dietaryInfo: d.diets,
        })
      ).json;
      if (target.photos) {
        const photo = await send(`/api/recipes/${recipe.id}/photo`, {
          method: 'PUT',
          headers: { origin: target.origin, cookie, 'content-type': 'image/jpeg' },
          body: new Uint8Array(await dishPhoto(itemIds.length)),
        });
        if (photo.status !== 200) throw new Error(`PUT photo: ${photo.status} ${await photo.text()}`);
      }
      const item = (await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id })).json;
      await call('PUT', `/api/items/${item.id}`, { name: d.name, description: d.description, isAvailable: true });
      itemIds.push(item.id);
    }
  }
  return { menuId: menu.id, ownerId, ownerCookie: cookie, itemIds };
}
