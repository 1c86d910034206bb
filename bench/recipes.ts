/**
 * The recipes' bench (docs/decisions/0023-costs-import-export.md « Bench »), on a throwaway
 * PostgreSQL 15 cluster as bench/meal-plans.ts does:
 *   (a) saving a recipe of 30 lines whose sub-recipe has 3 levels below it, beside the same
 *       recipe with 30 plain lines (the cost of the sub-recipes);
 *   (b) updating a sub-recipe used by 200 recipes: the save recomputes every dependent recipe
 *       in its transaction (src/server/domain/recipe-recompute.ts), beside (a);
 *   (c) the signed-in ingredient search (GET /api/catalogue/ingredients, in-process through the
 *       route) with 2,000 own products loaded, beside the same route signed out (Ciqual only).
 *
 *   npx tsx bench/recipes.ts          → a table on stdout
 *   npx tsx bench/recipes.ts --json   → only the figures, as JSON (npm run bench)
 */
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { AppEnv } from '../src/server/context.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import type { DB } from '../src/server/db/schema.ts';
import { loadCatalogue } from '../src/server/features/catalogue/load.ts';
import { readMeKept } from '../src/server/features/account/account-cache.ts';
import { OWN_INGREDIENTS_BYTES, type KeptOwnIngredients } from '../src/server/features/catalogue/own-ingredients.ts';
import { InvalidatedCache } from '../src/server/lib/invalidated-cache.ts';
import type { MeResponse } from '../src/shared/api/account.ts';
import { catalogueRoutes } from '../src/server/features/catalogue/routes.ts';
import { insertProductRow } from '../src/server/features/products/service.ts';
import { createRecipe, updateRecipe } from '../src/server/features/recipes/service.ts';
import { createScratchDatabase, startPostgresCluster } from '../src/server/reliability/support/postgres-cluster.ts';
import { productInputSchema } from '../src/shared/api/products.ts';
import { recipeInputSchema, type RecipeInput } from '../src/shared/api/recipes.ts';
import { formatTable, runWhenMain, type BenchFigure, type BenchFigures } from './lib/bench-figure.ts';

const TARGETS = { saveMs: 100, dependentsMs: 2000, searchMs: 10 };
const RUNS = { save: 60, dependents: 20, search: 300 };
const PRODUCTS = 2000;
const DEPENDENTS = 200;
/** Ciqual foods (flour, butter, egg, carrot, cod, rice, yoghurt, apple, beef, lentils, emmental). */
const FOODS = ['9410', '16400', '22000', '20009', '26025', '9104', '19554', '13039', '6200', '20587', '12115'];
const WORDS = [
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
const QUERIES = [
  'pâte',
  'fond bl',
  'sauce tom',
  'crème fr',
  'farine t',
  'beurre d',
  'jambon bla',
  'fromage',
  'huile d',
  'moutarde',
];

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * p) - 1]!;
const round1 = (v: number) => Math.round(v * 10) / 10;

async function time(runs: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(5, runs); i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return { p50: round1(percentile(samples, 0.5)), p99: round1(percentile(samples, 0.99)) };
}

const foodLine = (i: number) => ({ code: FOODS[i % FOODS.length]!, quantity: 20 + (i % 7) * 10, unit: 'g' as const });
const recipe = (name: string, ingredients: RecipeInput['ingredients'], extra: Partial<RecipeInput> = {}) =>
  recipeInputSchema.parse({ name, servings: 4, ingredients, allergens: [], ...extra });

async function seedProducts(db: Kysely<DB>, actor: { userId: string; organisationId: string }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const name = `${WORDS[i % WORDS.length]} ${['blanc', 'tomate', 'fraîche', 'T55', 'doux', 'de colza', 'maison'][i % 7]} Fournisseur ${Math.floor(i / 7)}`;
      const input = productInputSchema.parse({
        name,
        supplier: 'Grossiste',
        per100g: { energyKcal: 100 + (i % 400), fat: 5, protein: 3 },
        allergens: i % 3 ? ['Lait'] : [],
        price: { amount: 4 + (i % 20), per: 'kg' },
      });
      ids.push(await insertProductRow(trx, actor, input));
    }
    return ids;
  });
}

/**
 * The route as app.ts mounts it. `kept`: with the process's caches of the account and of the
 * organisation's names and hits (src/server/features/catalogue/own-ingredients.ts), as the app
 * serves a cook typing (nothing is written meanwhile, so nothing drops them); without, each
 * search reads the account, the names and the hits shown, the path of a first keystroke after a
 * change. The session answers the bench's user (as a kept session would: no query).
 */
function searchApp(db: Kysely<DB>, userId: string, kept: boolean) {
  const app = new Hono<AppEnv>();
  const user = { id: userId, email: 'bench@example.fr', role: 'user' } as const;
  const accounts = kept ? new InvalidatedCache<MeResponse>(100) : undefined;
  const ownIngredients = kept ? new InvalidatedCache<KeptOwnIngredients>(OWN_INGREDIENTS_BYTES) : undefined;
  app.route(
    '/api/catalogue',
    catalogueRoutes({
      db,
      signedInOrganisation: async () => (await readMeKept(db, accounts, user))?.organisation.id ?? null,
      ownIngredients,
    }),
  );
  return async (q: string, signedIn: boolean) => {
    const res = await app.request(`/api/catalogue/ingredients?limit=10&q=${encodeURIComponent(q)}`, {
      headers: signedIn ? { cookie: 'session_token=bench' } : {},
    });
    if (res.status !== 200) throw new Error(`search « ${q} »: HTTP ${res.status}`);
    return (await res.json()) as { hits: { kind: string }[] };
  };
}

export async function runRecipeBench(log: ((line: string) => void) | undefined): Promise<BenchFigures> {
  const cluster = await startPostgresCluster();
  try {
    const scratch = await createScratchDatabase(cluster.adminUrl, { prefix: 'bench_' });
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      const db = database.db;
      await migrateToLatest(db as never);
      await loadCatalogue(db);
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Bench', 'bench@example.fr', 'Cantine')`.execute(
        db,
      );
      const user = await db.selectFrom('users').select(['id', 'active_organisation_id']).executeTakeFirstOrThrow();
      const actor = { userId: user.id, organisationId: user.active_organisation_id! };
      await db
        .updateTable('subscriptions')
        .set({ tier: 'premium', status: 'active' })
        .where('organisation_id', '=', actor.organisationId)
        .execute();
      const products = await seedProducts(db, actor);
      log?.(`${PRODUCTS} products loaded`);

      // (a) Three levels of sub-recipes below the saved recipe: fond ← sauce ← garniture ← plat.
      let below = (
        await createRecipe(db, actor, recipe('Fond blanc', [0, 1, 2, 3, 4].map(foodLine), { yieldGrams: 150 }))
      ).id;
      for (const name of ['Sauce suprême', 'Garniture']) {
        below = (
          await createRecipe(
            db,
            actor,
            recipe(name, [
              { recipeId: below, quantity: 100, unit: 'g' },
              { productId: products[1]!, quantity: 50, unit: 'g' },
              foodLine(5),
              foodLine(6),
            ]),
          )
        ).id;
      }
      const lines = (i: number): RecipeInput['ingredients'] => [
        { recipeId: below, quantity: 100 + (i % 5), unit: 'g' },
        ...Array.from({ length: 9 }, (_, k) => ({
          productId: products[k * 37]!,
          quantity: 30 + k,
          unit: 'g' as const,
        })),
        ...Array.from({ length: 20 }, (_, k) => foodLine(k)),
      ];
      const flatLines = (i: number): RecipeInput['ingredients'] => [foodLine(i), ...lines(i).slice(1)];
      const dish = await createRecipe(db, actor, recipe('Plat du jour', lines(0)));
      const flat = await createRecipe(db, actor, recipe('Plat sans sous-recette', flatLines(0)));
      const save = await time(RUNS.save, (i) => updateRecipe(db, actor, dish.id, recipe('Plat du jour', lines(i))));
      const flatSave = await time(RUNS.save, (i) =>
        updateRecipe(db, actor, flat.id, recipe('Plat sans sous-recette', flatLines(i))),
      );
      log?.(`save: ${save.p50} / ${save.p99} ms (flat ${flatSave.p50} / ${flatSave.p99} ms)`);

      // (b) One sub-recipe inside 200 recipes: each save of it recomputes the 200 in its transaction.
      const shared = await createRecipe(
        db,
        actor,
        recipe('Pâte brisée maison', [foodLine(0), foodLine(1)], { yieldGrams: 300 }),
      );
      for (let r = 0; r < DEPENDENTS; r++) {
        await createRecipe(
          db,
          actor,
          recipe(`Tarte ${r}`, [
            { recipeId: shared.id, quantity: 150, unit: 'g' },
            foodLine(r),
            foodLine(r + 1),
            { productId: products[r]!, quantity: 80, unit: 'g' },
          ]),
        );
      }
      const dependents = await time(RUNS.dependents, (i) =>
        updateRecipe(
          db,
          actor,
          shared.id,
          recipe('Pâte brisée maison', [foodLine(0), { code: '16400', quantity: 100 + i, unit: 'g' }], {
            yieldGrams: 300,
          }),
        ),
      );
      log?.(`sub-recipe in ${DEPENDENTS} recipes: ${dependents.p50} / ${dependents.p99} ms`);

      // (c) The route, signed in (own products and recipes first) and signed out (Ciqual only).
      const search = searchApp(db, user.id, true);
      const cold = searchApp(db, user.id, false);
      const first = await search('fond bl', true);
      if (first.hits[0]?.kind !== 'product') throw new Error('the own products are not ranked first');
      const own = await time(RUNS.search, (i) => search(QUERIES[i % QUERIES.length]!, true));
      const ownCold = await time(RUNS.search, (i) => cold(QUERIES[i % QUERIES.length]!, true));
      const ciqual = await time(RUNS.search, (i) => search(QUERIES[i % QUERIES.length]!, false));
      log?.(
        formatTable(
          ['figure', 'p50 ms', 'p99 ms'],
          [
            ['save, 30 lines, 3 levels of sub-recipes', String(save.p50), String(save.p99)],
            ['save, 30 plain lines', String(flatSave.p50), String(flatSave.p99)],
            [`sub-recipe used by ${DEPENDENTS} recipes`, String(dependents.p50), String(dependents.p99)],
            [`search, ${PRODUCTS} own products, kept`, String(own.p50), String(own.p99)],
            [`search, ${PRODUCTS} own products, nothing kept`, String(ownCold.p50), String(ownCold.p99)],
            ['search, Ciqual only', String(ciqual.p50), String(ciqual.p99)],
          ],
        ),
      );
      const figure = (p: number, target: number, note: string, details: Record<string, unknown>): BenchFigure => ({
        value: p,
        unit: 'ms',
        target: `≤ ${target} ms`,
        pass: p <= target,
        note,
        details,
      });
      const pg = 'PostgreSQL 15, in-process';
      return {
        recipe_save_subrecipes_p50_ms: figure(
          save.p50,
          TARGETS.saveMs,
          `${pg}; 30 lines, 3 levels of sub-recipes; compared to 30 plain lines: p50 ${flatSave.p50} ms`,
          { runs: RUNS.save, flatP50: flatSave.p50 },
        ),
        recipe_save_subrecipes_p99_ms: figure(
          save.p99,
          TARGETS.saveMs,
          `${pg}; compared to 30 plain lines: p99 ${flatSave.p99} ms`,
          { runs: RUNS.save, flatP99: flatSave.p99 },
        ),
        subrecipe_update_200_dependents_p50_ms: figure(
          dependents.p50,
          TARGETS.dependentsMs,
          `${pg}; every dependent recomputed in the save's transaction; compared to one save: p50 ${save.p50} ms`,
          { runs: RUNS.dependents, dependents: DEPENDENTS },
        ),
        subrecipe_update_200_dependents_p99_ms: figure(
          dependents.p99,
          TARGETS.dependentsMs,
          `${pg}; compared to one save: p99 ${save.p99} ms`,
          { runs: RUNS.dependents, dependents: DEPENDENTS },
        ),
        search_own_products_p50_ms: figure(
          own.p50,
          TARGETS.searchMs,
          `${pg} through the route, the account and the names kept as the app keeps them; ${PRODUCTS} own products; compared to Ciqual only: p50 ${ciqual.p50} ms`,
          { runs: RUNS.search, ciqualP50: ciqual.p50 },
        ),
        search_own_products_p99_ms: figure(
          own.p99,
          TARGETS.searchMs,
          `${pg} through the route, kept as above; the search's HTTP target; compared to Ciqual only: p99 ${ciqual.p99} ms`,
          { runs: RUNS.search, ciqualP99: ciqual.p99 },
        ),
        search_own_products_cold_p50_ms: {
          value: ownCold.p50,
          unit: 'ms',
          target: `info (the first keystroke after a change: nothing kept, the account, ${PRODUCTS} names and the hits read)`,
          pass: true,
        },
        search_own_products_cold_p99_ms: {
          value: ownCold.p99,
          unit: 'ms',
          target: 'info (nothing kept, as above)',
          pass: true,
        },
      };
    } finally {
      await database.close();
      await scratch.drop();
    }
  } finally {
    await cluster.destroy();
  }
}

await runWhenMain(import.meta.url, runRecipeBench);
