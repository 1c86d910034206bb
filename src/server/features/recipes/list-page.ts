import { sql, type Kysely } from 'kysely';
import { allergenStatusOf, type AllergenStatus } from '../../../shared/allergens.ts';
import {
  recipeMessages,
  type RecipeCostRow,
  type RecipePage,
  type RecipeSummary,
} from '../../../shared/api/recipes.ts';
import type { RecipeFacts } from '../../../shared/recipe-facts.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { costFields, recipesInListOrder, toRecipes } from './service.ts';

/**
 * One page of the organisation's recipes, in the list's order (newest first, then id): the
 * `limit` recipes after the recipe `after` (from the start without it), and how many the filter
 * keeps in all. The position is compared in SQL, to the microsecond of `created_at`. An `after`
 * that is not one of the organisation's recipes (deleted since, or another's) is a 422 on the field.
 */
export async function listRecipePage(
  db: Kysely<DB>,
  organisationId: string,
  page: { limit: number; after?: string | undefined; allergenStatus?: AllergenStatus | undefined },
): Promise<RecipePage> {
  let filtered = db.selectFrom('recipes').where('organisation_id', '=', organisationId);
  // The status is the owner's confirmation (src/shared/recipe-facts.ts derives the facts' from it).
  if (page.allergenStatus !== undefined)
    filtered = filtered.where('allergens_declared', '=', page.allergenStatus === 'declared');
  let query = filtered.selectAll();
  if (page.after !== undefined) {
    const anchor = await db
      .selectFrom('recipes')
      .select('id')
      .where('id', '=', page.after)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!anchor)
      throw new AppError('validation', 422, recipeMessages.pageAfterInvalid, {
        after: recipeMessages.pageAfterInvalid,
      });
    const at = sql`(SELECT a.created_at FROM recipes a WHERE a.id = ${anchor.id})`;
    query = query.where(
      sql<boolean>`(recipes.created_at < ${at} OR (recipes.created_at = ${at} AND recipes.id > ${anchor.id}))`,
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  // A first page that holds every match is its own count; otherwise one count(*) on the org's index.
  const total =
    page.after === undefined && rows.length <= page.limit
      ? rows.length
      : Number((await filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    recipes: await toRecipes(db, shown),
    nextAfter: rows.length > page.limit ? shown[shown.length - 1]!.id : null,
    total,
  };
}

/**
 * Every recipe of the organisation in the list's order, only the columns a picker shows: no
 * facts, no lines, so 2,000 recipes stay a few hundred kB read from the row alone (bench/growth.ts).
 */
export async function listRecipeSummaries(db: Kysely<DB>, organisationId: string): Promise<RecipeSummary[]> {
  const rows = await recipesInListOrder(db, organisationId)
    .select([
      'id',
      'name',
      'description',
      'calories_per_serving',
      'protein_per_serving',
      'prep_time',
      'cook_time',
      'allergens_declared',
    ])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    caloriesPerServing: row.calories_per_serving,
    proteinPerServing: row.protein_per_serving,
    prepTime: row.prep_time,
    cookTime: row.cook_time,
    allergenStatus: allergenStatusOf(row.allergens_declared),
  }));
}

/**
 * Every recipe of the organisation in the list's order, only what the « Coûts » table shows: the
 * stored cost facts (`facts -> 'cost'`, kept current by every save and migration step,
 * docs/decisions/0009) and the margins computed from them as the full recipe has them
 * (src/server/features/recipes/service.ts `costFields`). No lines, no nutrition: at 2,000 recipes a
 * few hundred kB instead of the whole list's 13 MB (bench/growth.ts).
 */
export async function listRecipeCosts(db: Kysely<DB>, organisationId: string): Promise<RecipeCostRow[]> {
  const rows = await recipesInListOrder(db, organisationId)
    .select(['id', 'name', 'price', 'sale_mode', sql<Partial<RecipeFacts['cost']> | null>`facts -> 'cost'`.as('cost')])
    .execute();
  // The prices diners see other than the recipe's: items with their own (« prix propre au menu »).
  const own = await db
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .innerJoin('menus as m', 'm.id', 's.menu_id')
    .select(['i.recipe_id', 'm.name as menu_name', 'i.price'])
    .where('m.organisation_id', '=', organisationId)
    .where('i.recipe_id', 'is not', null)
    .where('i.price', 'is not', null)
    .orderBy('m.name')
    .orderBy('i.price')
    .execute();
  return rows.map((row) => {
    const perServing = row.cost?.perServing ?? null;
    const menuPrices = own
      .filter((item) => item.recipe_id === row.id)
      .map((item) => ({ menuName: item.menu_name, price: Number(item.price) }))
      .filter((p, i, all) => all.findIndex((q) => q.menuName === p.menuName && q.price === p.price) === i)
      .map((p) => {
        const { priceHt, foodCostPercent, coefficient } = costFields(perServing, p.price, row.sale_mode);
        return { ...p, priceHt, foodCostPercent, coefficient };
      });
    return {
      id: row.id,
      name: row.name,
      price: row.price,
      ...costFields(perServing, row.price, row.sale_mode),
      costMissing: row.cost?.missing ?? [],
      saleMode: row.sale_mode,
      menuPrices,
    };
  });
}
