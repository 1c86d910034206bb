/**
 * GEMRCN and EGalim answers for a year of plans (docs/decisions/0021: ≈ 200 meals × 5 components,
 * p99 ≤ 50 ms on PostgreSQL). Starts a throwaway PostgreSQL 15 cluster (as the reliability
 * suites do), fills one establishment with a year of lunches, and times the two services.
 *
 *   npx tsx bench/meal-plans.ts          → a table on stdout
 *   npx tsx bench/meal-plans.ts --json   → only the figures, as JSON (npm run bench)
 */
import { sql } from 'kysely';
import { addDays } from '../src/shared/catering/catering.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import { loadCatalogue } from '../src/server/features/catalogue/load.ts';
import { egalimFor, gemrcnFor } from '../src/server/features/meal-plans/analysis.ts';
import { createScratchDatabase, startPostgresCluster } from '../src/server/reliability/support/postgres-cluster.ts';
import { formatTable, runWhenMain, type BenchFigures } from './lib/bench-figure.ts';

const TARGET_MS = 50;
const RUNS = 200;
/** Ciqual foods for the five components (carrot, cod, rice, yoghurt, apple, beef, lentils, emmental). */
const FOODS = [20009, 26025, 9104, 19554, 13039, 6200, 20587, 12115];
const SLOTS = ['entree', 'plat', 'accompagnement', 'laitier', 'dessert'] as const;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * p) - 1]!;
const round1 = (v: number) => Math.round(v * 10) / 10;

export async function runMealPlanBench(log: ((line: string) => void) | undefined): Promise<BenchFigures> {
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
      const organisationId = user.active_organisation_id!;
      const establishment = await db
        .selectFrom('establishments')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow();
      // 40 recipes of 4 lines each, planned on 200 school days (Monday to Friday) from 2026-01-05.
      const recipes: string[] = [];
      for (let r = 0; r < 40; r++) {
        const { id } = await db
          .insertInto('recipes')
          .values({ organisation_id: organisationId, created_by: user.id, name: `Plat ${r}`, servings: 10 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('recipe_ingredients')
          .values(
            [0, 1, 2, 3].map((i) => ({
              recipe_id: id,
              position: i,
              food_code: FOODS[(r + i) % FOODS.length]!,
              name: `Ingrédient ${i}`,
              quantity: 100 + 50 * i,
              unit: 'g' as const,
            })),
          )
          .execute();
        recipes.push(id);
      }
      const days: string[] = [];
      for (let d = 0; days.length < 200; d++) {
        const date = addDays('2026-01-05', d);
        if (new Date(`${date}T00:00:00Z`).getUTCDay() % 6 !== 0) days.push(date);
      }
      await db
        .insertInto('meal_plan_entries')
        .values(
          days.flatMap((date, n) =>
            SLOTS.map((slot, s) => ({
              organisation_id: organisationId,
              establishment_id: establishment.id,
              date,
              service: 'dejeuner' as const,
              slot,
              recipe_id: recipes[(n * 5 + s) % recipes.length]!,
            })),
          ),
        )
        .execute();
      const last = days.at(-1)!;
      const time = async (run: () => Promise<unknown>) => {
        for (let i = 0; i < 10; i++) await run();
        const samples: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await run();
          samples.push(performance.now() - started);
        }
        return { p99: round1(percentile(samples, 0.99)), p50: round1(percentile(samples, 0.5)) };
      };
      const gemrcn = await time(() => gemrcnFor(db, organisationId, establishment.id, '2026-09-07', 'elementaire'));
      const egalim = await time(() => egalimFor(db, organisationId, establishment.id, '2026-01-01', last));
      log?.(
        formatTable(
          ['figure', 'p99 ms'],
          [
            ['GEMRCN (20 meals)', String(gemrcn.p99)],
            ['EGalim (a year, 1 000 planned dishes)', String(egalim.p99)],
          ],
        ),
      );
      const figure = ({ p99, p50 }: { p99: number; p50: number }) => ({
        value: p99,
        unit: 'ms',
        target: `≤ ${TARGET_MS} ms p99`,
        pass: p99 <= TARGET_MS,
        note: 'PostgreSQL 15, 200 lunches × 5 components',
        details: { p50 },
      });
      return { mealPlanGemrcnP99: figure(gemrcn), mealPlanEgalimYearP99: figure(egalim) };
    } finally {
      await database.close();
      await scratch.drop();
    }
  } finally {
    await cluster.destroy();
  }
}

await runWhenMain(import.meta.url, runMealPlanBench);
