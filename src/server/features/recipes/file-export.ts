import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { parseInput } from '../../lib/http.ts';
import { sendTable } from '../../lib/table-files.ts';
import type { DB } from '../../db/schema.ts';
import type { Recipe } from '../../../shared/api/recipes.ts';
import {
  LINE_KINDS,
  RECIPE_FILE_HEADERS,
  RECIPE_FILE_MESSAGES,
  RECIPE_TEMPLATE_ROWS,
  SALE_MODE_LABELS,
} from '../../../shared/recipe-file.ts';
import { formatQuery, readTableFile } from '../../lib/read-table-file.ts';
import { importRecipes, judgeRecipeRows } from './files/service.ts';
import { listRecipes } from './service.ts';

const n = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** One line per ingredient line (a recipe repeats its name), with the recipe's cost facts; an import reads it back. */
async function recipeTable(db: Kysely<DB>, organisationId: string): Promise<string[][]> {
  return subRecipesFirst(await listRecipes(db, organisationId)).flatMap((r) =>
    r.ingredients.map((line) => [
      r.name,
      String(r.servings),
      n(r.price),
      SALE_MODE_LABELS[r.saleMode],
      n(r.costPerServing),
      n(r.foodCostPercent),
      n(r.coefficient),
      line.name,
      LINE_KINDS[line.kind],
      n(line.quantity),
      line.unit,
      n(line.unit === 'unité' ? line.gramsPerUnit : null),
    ]),
  );
}

/** Oldest first, each recipe after the sub-recipes it uses: the import finds a sub-recipe higher in the file. */
function subRecipesFirst(recipes: Recipe[]): Recipe[] {
  const byId = new Map(recipes.map((r) => [r.id, r]));
  const ordered: Recipe[] = [];
  const placed = new Set<string>();
  const place = (recipe: Recipe) => {
    if (placed.has(recipe.id)) return;
    placed.add(recipe.id);
    for (const line of recipe.ingredients) if (line.recipeId) place(byId.get(line.recipeId)!);
    ordered.push(recipe);
  };
  [...recipes].reverse().forEach(place);
  return ordered;
}

const RECIPE_FILE = { header: 'recette', noHeader: RECIPE_FILE_MESSAGES.noHeader, empty: RECIPE_FILE_MESSAGES.empty };
const fileOf = (c: Context<AppEnv>) => readTableFile(c, RECIPE_FILE);

/**
 * Files of recipes (docs/decisions/0023-costs-import-export.md): export, template,
 * preview and import share RECIPE_FILE_HEADERS. Owners and editors export (the files hold costs and prices); writers import.
 */
export function recipeFileRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('*', requireUser(deps));
  app.get('/recipes/export', allow('costs:read'), async (c) =>
    sendTable(
      c,
      parseInput(formatQuery, c.req.query()).format,
      'recettes',
      await recipeTable(deps.db, c.var.org.id),
      RECIPE_FILE_HEADERS,
    ),
  );
  app.get('/recipes/template', async (c) =>
    sendTable(
      c,
      parseInput(formatQuery, c.req.query()).format,
      'modele-recettes',
      RECIPE_TEMPLATE_ROWS,
      RECIPE_FILE_HEADERS,
    ),
  );
  app.post('/recipes/preview', write, async (c) =>
    c.json((await judgeRecipeRows(deps.db, c.var.org.id, await fileOf(c))).preview),
  );
  app.post('/recipes/import', write, async (c) =>
    c.json(await importRecipes(deps.db, actorOf(c), await fileOf(c)), 201),
  );
  return app;
}
