import { sql, type Kysely, type Transaction } from 'kysely';
import { allergenStatusOf } from '../../../shared/allergens.ts';
import { recipeMargins, type SaleMode } from '../../../shared/costs.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import type { z } from '@hono/zod-openapi';
import type {
  ApiMealPlanSchema,
  ApiMenuItemSchema,
  ApiMenuSchema,
  ApiProductSchema,
  ApiRecipeSchema,
  ItemStateSchema,
} from './schemas.ts';

type ApiMenu = z.infer<typeof ApiMenuSchema>;
type ApiMenuItem = z.infer<typeof ApiMenuItemSchema>;
type ApiRecipe = z.infer<typeof ApiRecipeSchema>;
type ApiProduct = z.infer<typeof ApiProductSchema>;
type ItemState = z.infer<typeof ItemStateSchema>;

/** Who calls: the key's organisation, its name (in « Historique ») and whether it may read costs. */
export interface ApiCaller {
  keyId: string;
  keyName: string;
  organisationId: string;
  costs: boolean;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The organisation's menus (or one), with sections and items in display order. */
export async function readMenus(db: Kysely<DB>, organisationId: string, menuId?: string): Promise<ApiMenu[]> {
  let query = db
    .selectFrom('menus')
    .select(['id', 'name', 'description', 'is_active', 'establishment_id', 'updated_at'])
    .where('organisation_id', '=', organisationId);
  if (menuId) query = query.where('id', '=', menuId);
  const menus = await query.orderBy('created_at').orderBy('id').execute();
  if (menus.length === 0) return [];
  const ids = menus.map((m) => m.id);
  const sections = await db
    .selectFrom('menu_sections')
    .select(['id', 'menu_id', 'name', 'description'])
    .where('menu_id', 'in', ids)
    .orderBy('display_order')
    .execute();
  const items = sections.length
    ? await db
        .selectFrom('menu_items as i')
        .leftJoin('recipes as r', 'r.id', 'i.recipe_id')
        .select([
          'i.id',
          'i.menu_section_id',
          'i.name',
          'i.description',
          'i.price',
          'i.is_available',
          'i.sold_out',
          'i.allergens',
          'i.traces',
          'i.dietary_info',
          'i.allergens_declared',
          'i.recipe_id',
          'r.allergens as r_allergens',
          'r.traces as r_traces',
          'r.dietary_info as r_diets',
          'r.allergens_declared as r_declared',
          'r.homemade',
          'r.calories_per_serving',
          'r.protein_per_serving',
          'r.carbs_per_serving',
          'r.fat_per_serving',
        ])
        .where(
          'i.menu_section_id',
          'in',
          sections.map((s) => s.id),
        )
        .orderBy('i.display_order')
        .execute()
    : [];
  const bySection = new Map<string, ApiMenuItem[]>();
  for (const i of items) {
    const fromRecipe = i.recipe_id !== null;
    const item: ApiMenuItem = {
      id: i.id,
      name: i.name,
      description: i.description,
      price: num(i.price),
      available: !i.sold_out,
      listed: i.is_available,
      allergens: (fromRecipe ? i.r_allergens : i.allergens) ?? [],
      traces: (fromRecipe ? i.r_traces : i.traces) ?? [],
      allergenStatus: allergenStatusOf(Boolean(fromRecipe ? i.r_declared : i.allergens_declared)),
      diets: (fromRecipe ? i.r_diets : i.dietary_info) ?? [],
      homemade: Boolean(i.homemade),
      recipeId: i.recipe_id,
      nutrition: fromRecipe
        ? {
            caloriesPerServing: num(i.calories_per_serving),
            proteinPerServing: num(i.protein_per_serving),
            carbsPerServing: num(i.carbs_per_serving),
            fatPerServing: num(i.fat_per_serving),
          }
        : null,
    };
    bySection.set(i.menu_section_id, [...(bySection.get(i.menu_section_id) ?? []), item]);
  }
  return menus.map((menu) => ({
    id: menu.id,
    name: menu.name,
    description: menu.description,
    isActive: menu.is_active,
    establishmentId: menu.establishment_id,
    updatedAt: menu.updated_at.toISOString(),
    sections: sections
      .filter((s) => s.menu_id === menu.id)
      .map((s) => ({ id: s.id, name: s.name, description: s.description, items: bySection.get(s.id) ?? [] })),
  }));
}

export async function readMenu(db: Kysely<DB>, organisationId: string, menuId: string): Promise<ApiMenu> {
  if (!isUuid(menuId)) throw notFound();
  const [menu] = await readMenus(db, organisationId, menuId);
  if (!menu) throw notFound();
  return menu;
}

/** Recipes: their facts; the cost only for a key with `costs:read`. */
export async function readRecipes(db: Kysely<DB>, caller: ApiCaller, recipeId?: string): Promise<ApiRecipe[]> {
  let query = db
    .selectFrom('recipes')
    .select([
      'id',
      'name',
      'description',
      'servings',
      'allergens',
      'traces',
      'allergens_declared',
      'dietary_info',
      'homemade',
      'price',
      'sale_mode',
      'calories_per_serving',
      'protein_per_serving',
      'carbs_per_serving',
      'fat_per_serving',
      'updated_at',
      sql<number | null>`(facts->'cost'->>'perServing')::numeric`.as('cost_per_serving'),
    ])
    .where('organisation_id', '=', caller.organisationId);
  if (recipeId) query = query.where('id', '=', recipeId);
  const recipes = await query.orderBy('created_at', 'desc').orderBy('id').execute();
  if (recipes.length === 0) return [];
  const lines = await db
    .selectFrom('recipe_ingredients')
    .select(['recipe_id', 'name', 'quantity', 'unit'])
    .where(
      'recipe_id',
      'in',
      recipes.map((r) => r.id),
    )
    .orderBy('position')
    .execute();
  return recipes.map((r) => {
    const price = num(r.price);
    const cost = num(r.cost_per_serving);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      servings: r.servings,
      allergens: r.allergens,
      traces: r.traces,
      allergenStatus: allergenStatusOf(r.allergens_declared),
      diets: r.dietary_info,
      homemade: r.homemade,
      price,
      nutrition: {
        caloriesPerServing: num(r.calories_per_serving),
        proteinPerServing: num(r.protein_per_serving),
        carbsPerServing: num(r.carbs_per_serving),
        fatPerServing: num(r.fat_per_serving),
      },
      ingredients: lines
        .filter((l) => l.recipe_id === r.id)
        .map((l) => ({ name: l.name, quantity: Number(l.quantity), unit: l.unit })),
      updatedAt: r.updated_at.toISOString(),
      ...(caller.costs
        ? {
            costPerServing: cost,
            foodCostPercent: recipeMargins(cost, price, r.sale_mode as SaleMode).foodCostPercent,
          }
        : {}),
    };
  });
}

export async function readRecipe(db: Kysely<DB>, caller: ApiCaller, recipeId: string): Promise<ApiRecipe> {
  if (!isUuid(recipeId)) throw notFound();
  const [recipe] = await readRecipes(db, caller, recipeId);
  if (!recipe) throw notFound();
  return recipe;
}

export async function readProducts(db: Kysely<DB>, caller: ApiCaller): Promise<ApiProduct[]> {
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('organisation_id', '=', caller.organisationId)
    .orderBy('name_folded')
    .orderBy('id')
    .execute();
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    supplier: p.supplier,
    allergens: p.allergens,
    traces: p.traces,
    labels: p.labels,
    origin: p.origin,
    meatKind: p.meat_kind,
    per100g: {
      energyKcal: num(p.energy_kcal),
      fat: num(p.fat_g),
      saturatedFat: num(p.saturated_fat_g),
      carbs: num(p.carbs_g),
      sugars: num(p.sugars_g),
      fiber: num(p.fiber_g),
      protein: num(p.protein_g),
      salt: num(p.salt_g),
    },
    ...(caller.costs
      ? { price: p.price === null || p.price_per === null ? null : { amount: Number(p.price), per: p.price_per } }
      : {}),
  }));
}

const MAX_PLAN_DAYS = 62;

/** An establishment's planned meals between two dates (at most 62 days). */
export async function readMealPlan(
  db: Kysely<DB>,
  organisationId: string,
  query: { establishmentId: string; from: string; to: string },
): Promise<z.infer<typeof ApiMealPlanSchema>> {
  const span = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (!(span >= 0 && span < MAX_PLAN_DAYS)) {
    const message = `Choisissez une période de 1 à ${MAX_PLAN_DAYS} jours`;
    throw new AppError('validation', 422, message, { to: message });
  }
  const establishment = await db
    .selectFrom('establishments')
    .select('id')
    .where('id', '=', query.establishmentId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!establishment) throw notFound();
  const rows = await db
    .selectFrom('meal_plan_entries as e')
    .innerJoin('recipes as r', 'r.id', 'e.recipe_id')
    .select([sql<string>`e.date::text`.as('date'), 'e.service', 'e.slot', 'e.recipe_id', 'r.name'])
    .where('e.organisation_id', '=', organisationId)
    .where('e.establishment_id', '=', query.establishmentId)
    .where('e.date', '>=', query.from)
    .where('e.date', '<=', query.to)
    .orderBy('e.date')
    .orderBy('e.service')
    .orderBy('e.slot')
    .execute();
  const days = new Map<string, Map<string, { slot: string; recipeId: string; recipeName: string }[]>>();
  for (const row of rows) {
    const date = row.date;
    const services = days.get(date) ?? new Map();
    days.set(date, services);
    services.set(row.service, [
      ...(services.get(row.service) ?? []),
      { slot: row.slot, recipeId: row.recipe_id, recipeName: row.name },
    ]);
  }
  return {
    days: [...days].map(([date, services]) => ({
      date,
      services: [...services].map(([service, components]) => ({ service, components })),
    })),
  };
}

/** Who a key's change is by, in « Historique » and in a 409's « modifié par ». */
const keyActorName = (caller: ApiCaller) => `Clé d’API « ${caller.keyName} »`;

/** One line of « Historique » written by a key: no member acted, the key's name says who. */
async function recordKeyAudit(
  trx: Transaction<DB>,
  caller: ApiCaller,
  menu: { id: string; name: string },
  details: Record<string, unknown>,
) {
  await trx
    .insertInto('audit_events')
    .values({
      organisation_id: caller.organisationId,
      actor_id: null,
      actor_name: `Clé d’API « ${caller.keyName} »`,
      action: 'updated',
      entity_type: 'menu',
      entity_id: menu.id,
      entity_name: menu.name,
      details: JSON.stringify({ ...details, apiKeyId: caller.keyId }),
    })
    .execute();
}

/** « Épuisé » (available false) or back, and/or a new price, of one owned item; in « Historique ». */
export async function writeItem(
  db: Kysely<DB>,
  caller: ApiCaller,
  itemId: string,
  change: { available: boolean } | { price: number },
): Promise<ItemState> {
  if (!isUuid(itemId)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('menu_items as i')
      .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
      .innerJoin('menus as m', 'm.id', 's.menu_id')
      .select(['i.id', 'i.name', 'm.id as menu_id', 'm.name as menu_name'])
      .where('i.id', '=', itemId)
      .where('m.organisation_id', '=', caller.organisationId)
      .executeTakeFirst();
    if (!owned) throw notFound();
    const row = await trx
      .updateTable('menu_items')
      .set({
        ...('available' in change ? { sold_out: !change.available } : { price: change.price }),
        // A change like any other (src/server/domain/versions.ts): the next version, saved by the key.
        version: sql`version + 1`,
        updated_by_name: keyActorName(caller),
        updated_at: new Date(),
      })
      .where('id', '=', itemId)
      .returning(['id', 'name', 'sold_out', 'price', 'version'])
      .executeTakeFirstOrThrow();
    await recordKeyAudit(trx, caller, { id: owned.menu_id, name: owned.menu_name }, { item: owned.name, ...change });
    return {
      id: row.id,
      menuId: owned.menu_id,
      name: row.name,
      available: !row.sold_out,
      price: num(row.price),
      version: row.version,
    };
  });
}
