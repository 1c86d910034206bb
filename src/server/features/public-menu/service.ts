import { sql, type Kysely } from 'kysely';
import { allergenStatusOf, type AllergenStatus } from '../../../shared/allergens.ts';
import { establishmentAddressLine } from '../../../shared/establishment.ts';
import type { PublicMenu, PublicMenuSection } from '../../../shared/api/public-menu.ts';
import { TRANSLATED_LANGUAGES } from '../../../shared/diner/languages.ts';
import { readTranslations, type DishTranslation, type DishTranslations } from '../../../shared/diner/translations.ts';
import { toPhoto } from '../../../shared/api/photos.ts';
import { dinerMeatOrigins } from '../../../shared/diner-meat-origins.ts';
import type { MeatOrigin } from '../../../shared/meat-origin.ts';
import type { NutriScoreCategory } from '../../../shared/nutriscore.ts';
import type { ProductOrigin } from '../../../shared/product-origins.ts';
import { tierOf } from '../../../shared/plans.ts';
import { preparedOnPostgres } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { beyondFreePlan } from '../../domain/plan-limits.ts';
import { subscriptionState } from '../../domain/subscription.ts';
import { isUuid } from '../../lib/ids.ts';
import { publicMenuTexts } from './texts.ts';

/** One available item with its section and recipe, as the query's JSON aggregate returns it. */
type ItemRow = [
  sectionId: string,
  sectionName: string,
  sectionDescription: string,
  id: string,
  name: string,
  description: string,
  price: number | string | null,
  recipeId: string | null,
  calories: number | null,
  protein: number | null,
  carbs: number | null,
  fat: number | null,
  allergens: string[] | null,
  diets: string[] | null,
  traces: string[] | null,
  nutriScore: 'A' | 'B' | 'C' | 'D' | 'E' | null,
  allergenStatus: AllergenStatus | null,
  /** The diner's languages' values, in one nested array (menu-languages columns of migration 0013). */
  dinerValues: DinerValues,
  /** The item's photo, else its recipe's: its id and its copies' [width, height], narrowest first. */
  photoId: string | null,
  photoSizes: [number, number][] | null,
  /** An item without a recipe: its own lists (migration 0012). */
  ownAllergens: string[],
  ownTraces: string[],
  ownDiets: string[],
  ownDeclared: boolean,
  homemade: boolean | null,
  meatOrigins: MeatOrigin[] | null,
  /** The recipe's meats from its products, from its stored facts (src/shared/product-origins.ts). */
  productOrigins: ProductOrigin[] | null,
  /** The table the shown Nutri-Score was computed with (src/shared/nutriscore.ts). */
  nutriScoreCategory: NutriScoreCategory | null,
];
type DinerValues = [
  soldOut: boolean,
  itemTranslations: unknown,
  recipeName: string | null,
  recipeDescription: string | null,
  recipeTranslations: unknown,
  /** The section's translations (migration 0025). */
  sectionTranslations: unknown,
];

/**
 * The available items of the menu `m`, in display order, as one JSON array of ItemRow tuples
 * built by the database: a page costs one round trip whatever its size, and the driver reads
 * one value instead of a row per item (tuples, not objects: a third less for the database to
 * build). Items only ever link their organisation's recipes; the join says so again. The recipe's
 * values are its stored facts (src/shared/recipe-facts.ts), never recomputed here.
 */
const availableItems = sql<string>`(
  SELECT coalesce(json_agg(json_build_array(
      s.id, s.name, s.description, i.id, i.name, i.description, coalesce(i.price, r.price),
      r.id, r.calories_per_serving, r.protein_per_serving, r.carbs_per_serving, r.fat_per_serving, r.allergens, r.dietary_info,
      r.traces, CASE WHEN r.show_nutri_score THEN r.facts->'nutriScore'->>'letter' END, r.facts->>'allergenStatus',
      json_build_array(i.sold_out, i.translations, r.name, r.description, r.translations, s.translations),
      coalesce(i.photo_id, r.photo_id),
      (SELECT json_agg(json_build_array(v.width, v.height) ORDER BY v.width) FROM photo_variants v WHERE v.photo_id = coalesce(i.photo_id, r.photo_id)),
      i.allergens, i.traces, i.dietary_info, i.allergens_declared, r.homemade, r.meat_origins, r.facts->'origins',
      CASE WHEN r.show_nutri_score THEN r.facts->'nutriScore'->>'category' END
    ) ORDER BY s.display_order, s.id, i.display_order, i.id), '[]'::json)::text
  FROM menu_sections s
  JOIN menu_items i ON i.menu_section_id = s.id AND i.is_available
  LEFT JOIN recipes r ON r.id = i.recipe_id AND r.organisation_id = m.organisation_id
  WHERE s.menu_id = m.id
)`;

/**
 * The menu's formules (src/shared/api/formules.ts) as one JSON array of [name, price,
 * choices] with each choice's section ids turned into the sections' names, in
 * order; a deleted section drops out of its choice, an emptied choice out of the formule.
 */
const formulesJson = sql<string>`(
  SELECT coalesce(json_agg(json_build_array(f.name, f.price, f.translations, (
      SELECT coalesce(json_agg(q.names ORDER BY q.co), '[]'::json) FROM (
        SELECT c.co, (
          SELECT json_agg(s.name ORDER BY x.so)
          FROM jsonb_array_elements_text(c.ch) WITH ORDINALITY AS x(sid, so)
          JOIN menu_sections s ON s.id::text = x.sid AND s.menu_id = m.id
        ) AS names
        FROM jsonb_array_elements(f.choices) WITH ORDINALITY AS c(ch, co)
      ) q WHERE q.names IS NOT NULL)
    ) ORDER BY f.display_order, f.id), '[]'::json)::text
  FROM formules f WHERE f.menu_id = m.id
)`;
type FormuleRow = [name: string, price: number | string, translations: unknown, choices: string[][]];

/** What the page of one menu is made of, as fetched, and what a kept copy of it depends on. */
export interface PublicMenuSource {
  menuId: string;
  organisationId: string;
  /** When the page would change without any write: the end of the paid period (premium → free), if ahead. */
  changesAt: Date | null;
  toPublicMenu(): PublicMenu;
}

/**
 * What a diner sees of an active menu, in ONE query: the menu, its establishment (name,
 * address, phone: docs/product/organisations.md « Establishments »), its organisation's
 * subscription, and its available items with their recipes. `null` for an unknown id, an id
 * that is not a UUID, or an inactive menu (docs/product/spec.md section 5: only active menus and available
 * items are shown publicly). A deleted organisation's menus are gone with it (ON DELETE CASCADE).
 *
 * The items arrive as JSON text, parsed only when the page is rendered.
 */
export async function loadPublicMenuSource(
  db: Kysely<DB>,
  menuId: string,
  now: Date = new Date(),
): Promise<PublicMenuSource | null> {
  if (!isUuid(menuId)) return null;
  const query = db
    .selectFrom('menus as m')
    .innerJoin('establishments as e', 'e.id', 'm.establishment_id')
    .leftJoin('subscriptions as sub', 'sub.organisation_id', 'm.organisation_id')
    .select([
      'm.id',
      'm.name',
      'm.description',
      'm.translations',
      'm.organisation_id',
      'e.name as restaurant_name',
      'e.address',
      'e.postal_code',
      'e.city',
      'e.phone',
      'e.accessibility_contact',
      'sub.tier',
      'sub.status',
      'sub.current_period_end',
      'sub.cancel_at_period_end',
      availableItems.as('items'),
      formulesJson.as('formules'),
      beyondFreePlan('menus', 'm').as('beyond_free_plan'),
    ])
    .where('m.id', '=', menuId)
    .where('m.is_active', '=', true)
    .compile();
  // The query of every diner's request: parsed and planned once per connection.
  preparedOnPostgres(query.sql);
  const [menu] = (await db.executeQuery(query)).rows;
  if (!menu) return null;

  const restaurantName = menu.restaurant_name.trim() || publicMenuTexts.defaultRestaurantName;
  const restaurantAddress = establishmentAddressLine({
    address: menu.address,
    postalCode: menu.postal_code,
    city: menu.city,
  });
  const restaurantPhone = menu.phone;
  const ownerIsPremium = tierOf(subscriptionState(menu), now) === 'premium';
  // After a downgrade only the oldest menu stays published (DECISIONS 21): the others answer
  // the calm « pas disponible » page (findUnavailableMenu) until the organisation is Premium again.
  if (!ownerIsPremium && menu.beyond_free_plan) return null;
  return {
    menuId: menu.id,
    organisationId: menu.organisation_id,
    changesAt:
      ownerIsPremium && menu.current_period_end && menu.current_period_end > now ? menu.current_period_end : null,
    toPublicMenu: () => ({
      id: menu.id,
      name: menu.name,
      description: menu.description,
      translations: readTranslations(menu.translations),
      restaurantName,
      restaurantAddress,
      restaurantPhone,
      accessibilityContact: menu.accessibility_contact,
      ownerIsPremium,
      sections: toSections(JSON.parse(menu.items) as ItemRow[]),
      formules: (JSON.parse(menu.formules) as FormuleRow[])
        .map(([name, price, translations, choices]) => ({
          name,
          price: Number(price),
          translations: readTranslations(translations),
          choices,
        }))
        .filter((f) => f.choices.length > 0),
    }),
  };
}

/**
 * The public menu (GET /api/public/menus/:id and the page). A section without any available
 * item is left out: a heading with nothing under it tells a diner nothing, and a menu with no
 * such section shows the « Menu en cours de préparation » state.
 */
export async function loadPublicMenu(
  db: Kysely<DB>,
  menuId: string,
  now: Date = new Date(),
): Promise<PublicMenu | null> {
  return (await loadPublicMenuSource(db, menuId, now))?.toPublicMenu() ?? null;
}

function toSections(rows: ItemRow[]): PublicMenuSection[] {
  const sections: PublicMenuSection[] = [];
  for (const row of rows) {
    const [
      sectionId,
      sectionName,
      sectionDescription,
      id,
      name,
      description,
      price,
      recipeId,
      calories,
      protein,
      carbs,
      fat,
      allergens,
      diets,
      traces,
      nutriScore,
      allergenStatus,
      dinerValues,
      photoId,
      photoSizes,
      ownAllergens,
      ownTraces,
      ownDiets,
      ownDeclared,
      homemade,
      meatOrigins,
      productOrigins,
      nutriScoreCategory,
    ] = row;
    let section = sections.at(-1);
    if (section?.id !== sectionId) {
      section = {
        id: sectionId,
        name: sectionName,
        description: sectionDescription,
        translations: readTranslations(dinerValues[5]),
        items: [],
      };
      sections.push(section);
    }
    const photo =
      photoId && photoSizes?.length
        ? toPhoto(
            photoId,
            photoSizes.map(([width, height]) => ({ width, height })),
          )
        : null;
    section.items.push({
      id,
      name,
      description,
      price: price === null ? null : Number(price),
      labels: recipeId
        ? null
        : {
            allergens: ownAllergens,
            allergenStatus: allergenStatusOf(ownDeclared),
            traces: ownTraces,
            dietaryInfo: ownDiets,
          },
      photoUrl: photo?.url ?? null,
      photo,
      soldOut: dinerValues[0],
      translations: itemTranslations(name, description, dinerValues),
      recipe: recipeId
        ? {
            caloriesPerServing: calories,
            proteinPerServing: protein,
            carbsPerServing: carbs,
            fatPerServing: fat,
            allergens: allergens ?? [],
            // Only a confirmed list is « declared »; anything else tells the diner to ask.
            allergenStatus: allergenStatus === 'declared' ? 'declared' : 'unverified',
            traces: traces ?? [],
            dietaryInfo: diets ?? [],
            nutriScore: nutriScore ?? null,
            nutriScoreCategory: nutriScore ? (nutriScoreCategory ?? 'general') : null,
            homemade: homemade ?? false,
            // Declared, else agreed on by all its products (src/shared/diner-meat-origins.ts).
            meatOrigins: dinerMeatOrigins(meatOrigins ?? [], productOrigins ?? []),
          }
        : null,
    });
  }
  return sections;
}

/**
 * The item's own translations, completed by its recipe's for a text the item shows as the
 * recipe has it (an item takes its recipe's name when added: src/server/features/menus/content.ts);
 * a text the owner changed on the item keeps only the item's translations.
 */
function itemTranslations(
  name: string,
  description: string,
  [, own, recipeName, recipeDescription, fromRecipe]: DinerValues,
): DishTranslations {
  const item = readTranslations(own);
  const recipe = readTranslations(fromRecipe);
  const merged: DishTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const entry: DishTranslation = {};
    const nameText = item[lang]?.name ?? (recipeName === name ? recipe[lang]?.name : undefined);
    const descriptionText =
      item[lang]?.description ??
      (description && recipeDescription === description ? recipe[lang]?.description : undefined);
    if (nameText) entry.name = nameText;
    if (descriptionText) entry.description = descriptionText;
    if (entry.name || entry.description) merged[lang] = entry;
  }
  return merged;
}

/**
 * The establishment of a menu switched off (null when the id names no menu, or an active
 * one): the diner gets « Ce menu n'est pas disponible pour le moment » with its name rather
 * than « Menu non trouvé ».
 */
export async function findUnavailableMenu(
  db: Kysely<DB>,
  menuId: string,
  now: Date = new Date(),
): Promise<{ restaurantName: string | null } | null> {
  if (!isUuid(menuId)) return null;
  const row = await db
    .selectFrom('menus as m')
    .innerJoin('establishments as e', 'e.id', 'm.establishment_id')
    .leftJoin('subscriptions as sub', 'sub.organisation_id', 'm.organisation_id')
    .select(['e.name', 'm.is_active', 'sub.tier', 'sub.status', 'sub.current_period_end', 'sub.cancel_at_period_end'])
    .select(beyondFreePlan('menus', 'm').as('beyond_free_plan'))
    .where('m.id', '=', menuId)
    .executeTakeFirst();
  if (!row) return null;
  // Paused by its owner, or unpublished by the end of a subscription (DECISIONS 21).
  const paused = !row.is_active || (row.beyond_free_plan && tierOf(subscriptionState(row), now) !== 'premium');
  return paused ? { restaurantName: row.name } : null;
}
