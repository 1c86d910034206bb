import { sql, type Kysely } from 'kysely';
import {
  LINE_UNITS,
  recipeInputSchema,
  type RecipeInput,
  type RecipeInputParsed,
} from '../../../../shared/api/recipes.ts';
import { cutPreviewRows, type ImportPreview } from '../../../../shared/product-file.ts';
import {
  RECIPE_FILE_MESSAGES as m,
  recipesOfRows,
  type FileLine,
  type FileRecipe,
} from '../../../../shared/recipe-file.ts';
import type { Actor } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';
import { assertWithinPlanLimit } from '../../../domain/plan-limits.ts';
import { AppError } from '../../../lib/errors.ts';
import { insertRecipe } from '../service.ts';

type FileRow = Record<string, string>;
export interface RecipeImportPreview extends ImportPreview {
  /** How many recipes the file holds (its rows are their ingredient lines). */
  recipes: number;
}

/** A recipe of the file named by a later one, before it exists: replaced by its id at import. */
const placeholder = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const key = (name: string) => name.trim().toLowerCase();

/** The organisation's products and recipes and the Ciqual foods the file names, by lower-cased name. */
async function namesOf(db: Kysely<DB>, organisationId: string, recipes: FileRecipe[]) {
  const ciqual = [
    ...new Set(recipes.flatMap((r) => r.lines.filter((l) => l.kind === 'ciqual').map((l) => key(l.name)))),
  ];
  const foods =
    ciqual.length === 0
      ? []
      : await db
          .selectFrom('catalogue_foods')
          .select(['code', 'name'])
          .where(sql<string>`lower(name)`, 'in', ciqual)
          .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('organisation_id', '=', organisationId)
    .execute();
  const own = await db
    .selectFrom('recipes')
    .select(['id', 'name'])
    .where('organisation_id', '=', organisationId)
    .execute();
  const map = (rows: { name: string }[], value: (row: never) => string) =>
    new Map(rows.map((row) => [key(row.name), value(row as never)]));
  return {
    ciqual: map(foods, (f: { code: number }) => String(f.code)),
    product: map(products, (p: { id: string }) => p.id),
    recipe: map(own, (r: { id: string }) => r.id),
  };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

function lineInput(
  line: FileLine,
  names: Names,
  earlier: Map<string, string>,
  problems: string[],
): RecipeInput['ingredients'][number] | null {
  if (typeof line.quantity === 'string') problems.push(m.notNumber('Quantité'));
  if (typeof line.gramsPerUnit === 'string') problems.push(m.notNumber('Poids d’une unité (g)'));
  if (!(LINE_UNITS as readonly string[]).includes(line.unit)) problems.push(m.unknownUnit);
  if (line.kind === null) {
    problems.push(m.unknownKind);
    return null;
  }
  const id =
    line.kind === 'recipe'
      ? (earlier.get(key(line.name)) ?? names.recipe.get(key(line.name)))
      : names[line.kind].get(key(line.name));
  if (id === undefined) problems.push(m.notFound(line.kind, line.name));
  const source = line.kind === 'ciqual' ? { code: id } : line.kind === 'product' ? { productId: id } : { recipeId: id };
  const quantity = typeof line.quantity === 'number' ? line.quantity : 0;
  return {
    ...source,
    quantity,
    unit: line.unit as RecipeInput['ingredients'][number]['unit'],
    gramsPerUnit: typeof line.gramsPerUnit === 'number' ? line.gramsPerUnit : null,
  };
}

/**
 * Each recipe of the file judged by the API's own schema (recipeInputSchema), its lines'
 * names found among Ciqual, « Mes produits » and the recipes (the organisation's, or one
 * higher in the file): every row's problems in French, or the inputs to store in order.
 */
export async function judgeRecipeRows(db: Kysely<DB>, organisationId: string, rows: readonly FileRow[]) {
  const recipes = recipesOfRows(rows);
  const names = await namesOf(db, organisationId, recipes);
  const problemsByLine = new Map<number, { name: string; problems: string[] }>();
  const add = (line: number, name: string, problem: string) => {
    const entry = problemsByLine.get(line) ?? { name, problems: [] };
    if (!entry.problems.includes(problem)) entry.problems.push(problem);
    problemsByLine.set(line, entry);
  };
  const earlier = new Map<string, string>();
  const inputs: RecipeInputParsed[] = [];
  recipes.forEach((recipe, index) => {
    const label = recipe.name || '(sans nom)';
    if (recipe.name === '') add(recipe.firstLine, label, m.noName);
    if (typeof recipe.servings === 'string') add(recipe.firstLine, label, m.notNumber('Portions'));
    if (typeof recipe.price === 'string') add(recipe.firstLine, label, m.notNumber('Prix TTC (€)'));
    if (recipe.saleMode === null) add(recipe.firstLine, label, m.unknownSaleMode);
    const ingredients = recipe.lines.map((line) => {
      const problems: string[] = [];
      const input = lineInput(line, names, earlier, problems);
      for (const problem of problems) add(line.line, label, problem);
      return input;
    });
    // Not a number: said once above; 1 keeps the schema from saying it again in other words.
    const servings = typeof recipe.servings === 'number' ? recipe.servings : recipe.servings === null ? undefined : 1;
    const price = typeof recipe.price === 'number' ? recipe.price : null;
    const parsed = recipeInputSchema.safeParse({
      name: recipe.name,
      servings,
      price,
      saleMode: recipe.saleMode ?? 'sur_place',
      ingredients: ingredients.map((l) => l ?? { code: '0', quantity: 1, unit: 'g' }),
      allergens: [],
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at =
          issue.path[0] === 'ingredients' && typeof issue.path[1] === 'number'
            ? recipe.lines[issue.path[1]]!.line
            : recipe.firstLine;
        // A line already refused (unknown name, not a number) is not refused twice for it.
        if (!(issue.path[0] === 'ingredients' && problemsByLine.has(at))) add(at, label, issue.message);
      }
    } else inputs.push(parsed.data);
    earlier.set(key(recipe.name), placeholder(index));
  });
  const rowsWithProblems = [...problemsByLine.entries()]
    .sort(([a], [b]) => a - b)
    .map(([line, entry]) => ({ line, ...entry }));
  const preview: RecipeImportPreview = {
    total: rows.length,
    valid: rows.length - rowsWithProblems.length,
    rows: cutPreviewRows(rowsWithProblems),
    recipes: recipes.length,
  };
  return { preview, inputs };
}

/**
 * All or nothing (as the products import, docs/decisions/0023-costs-import-export.md): one bad
 * row refuses the file (422, each line in `fields`); a file that would pass the plan's recipe
 * limit is refused whole (403 `plan_limit`); else every recipe in one transaction, in order.
 */
export async function importRecipes(
  db: Kysely<DB>,
  actor: Actor,
  rows: readonly FileRow[],
): Promise<{ imported: number }> {
  const { preview, inputs } = await judgeRecipeRows(db, actor.organisationId, rows);
  if (preview.rows.length > 0) {
    const first = preview.rows[0]!;
    const fields = Object.fromEntries(
      preview.rows.slice(0, 200).map((row) => [`line.${row.line}`, row.problems.join(' ; ')]),
    );
    throw new AppError('validation', 422, `Rien n’a été importé : ligne ${first.line}, ${first.problems[0]}`, fields);
  }
  return db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, actor.organisationId, 'recipes', inputs.length);
    const created = new Map<string, string>();
    for (const [index, input] of inputs.entries()) {
      const ingredients = input.ingredients.map((line) =>
        line.recipeId && created.has(line.recipeId) ? { ...line, recipeId: created.get(line.recipeId)! } : line,
      );
      created.set(placeholder(index), await insertRecipe(trx, actor, { ...input, ingredients }));
    }
    return { imported: inputs.length };
  });
}
