import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from '../../../shared/zod-fr.ts';
import { requireUser } from '../../auth/require-user.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { parseInput } from '../../lib/http.ts';
import { sendTable } from '../../lib/table-files.ts';
import type { DB } from '../../db/schema.ts';
import { listRecipes } from './service.ts';

const exportQuery = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Format « csv » ou « xlsx »' }).default('csv') });

const n = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** One line per ingredient line (a recipe repeats its name), with the recipe's cost facts. */
export const RECIPE_FILE_HEADERS = ['Recette', 'Portions', 'Prix TTC (€)', 'Vente', 'Coût par portion (€)', 'Coût matière (%)', 'Coefficient', 'Ingrédient', 'Type', 'Quantité', 'Unité'] as const;

export async function recipeTable(db: Kysely<DB>, organisationId: string): Promise<string[][]> {
  const recipes = await listRecipes(db, organisationId);
  return recipes.flatMap((r) =>
    r.ingredients.map((line) => [
      r.name,
      String(r.servings),
      n(r.price),
      r.saleMode === 'a_emporter' ? 'à emporter' : 'sur place',
      n(r.costPerServing),
      n(r.foodCostPercent),
      n(r.coefficient),
      line.name,
      line.kind === 'ciqual' ? 'Ciqual' : line.kind === 'product' ? 'Mon produit' : 'Sous-recette',
      n(line.quantity),
      line.unit,
    ]),
  );
}

/** GET /api/files/recipes/export?format=csv|xlsx: every member reads the organisation's recipes. */
export function recipeFileRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireUser(deps));
  app.get('/recipes/export', async (c) =>
    sendTable(c, parseInput(exportQuery, c.req.query()).format, 'recettes', await recipeTable(deps.db, c.var.org.id), RECIPE_FILE_HEADERS),
  );
  return app;
}
