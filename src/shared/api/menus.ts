import { z } from '../zod-fr.ts';
import { dishTranslationsSchema, type DishTranslations } from '../diner/translations.ts';
import type { Photo } from './photos.ts';
import type { AllergenStatus } from '../allergens.ts';
import { ruleNumber, type NumberRule } from '../number-rules.ts';
import { allergenListSchema, dietListSchema } from './recipes.ts';

export const menuMessages = {
  nameRequired: 'Le nom du menu est requis',
  sectionNameRequired: 'Le nom de la section est requis',
  itemNameRequired: 'Le nom de l’élément est requis',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  descriptionTooLong: 'La description ne peut pas dépasser 2000 caractères',
  recipeRequired: 'Veuillez sélectionner une recette',
  recipeNotFound: 'Recette introuvable',
  establishmentRequired: 'Choisissez un établissement de l’organisation',
  positionInvalid: 'Position invalide',
  targetSectionInvalid: 'Choisissez une section de ce menu',
  soldOutInvalid: 'Indiquez si le plat est épuisé (vrai ou faux)',
  priceInvalid: 'Saisissez un prix, par exemple 12,50',
  priceNotNegative: 'Le prix ne peut pas être négatif',
  priceTooHigh: 'Le prix est trop élevé',
  itemPriceRequired: 'Indiquez le prix (la loi impose de l’afficher)',
} as const;

const m = menuMessages;
const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(200, m.nameTooLong);
const description = z.string().trim().max(2000, m.descriptionTooLong);
const uuid = (message: string) => z.string({ error: message }).uuid(message);

/** The menu's establishment (docs/product/organisations.md); absent: the organisation's first one (POST), unchanged (PUT). */
const establishmentId = uuid(m.establishmentRequired).optional();

export const menuCreateSchema = z.object({
  name: name(m.nameRequired),
  description: description.default(''),
  isActive: z.boolean().default(true),
  establishmentId,
  translations: dishTranslationsSchema.optional(),
});
export const menuUpdateSchema = z.object({
  name: name(m.nameRequired),
  description: description.default(''),
  isActive: z.boolean(),
  establishmentId,
  /** The name and description for diners in other languages; absent: kept. */
  translations: dishTranslationsSchema.optional(),
});
export const menuStatusSchema = z.object({ isActive: z.boolean() });
export const sectionCreateSchema = z.object({
  name: name(m.sectionNameRequired).optional(),
  description: description.optional(),
});
export const sectionUpdateSchema = z.object({
  name: name(m.sectionNameRequired),
  description: description.default(''),
  /** The name and description for diners in English, Spanish, German, Italian; absent: kept. */
  translations: dishTranslationsSchema.optional(),
});
/**
 * The price diners see (docs/product/decisions.md 18), in euros TTC, service included: 0 is
 * allowed (« offert »), cents at most (the column keeps 2 decimals).
 */
export const itemPriceRule: NumberRule = {
  min: 'zero',
  max: 100_000,
  decimals: 2,
  messages: { invalid: m.priceInvalid, tooSmall: m.priceNotNegative, tooLarge: m.priceTooHigh },
};
const price = ruleNumber(itemPriceRule);

/** An item without a recipe (a coffee, a wine): its own allergen lists and diet labels. */
const ownLabels = {
  allergens: allergenListSchema(),
  traces: allergenListSchema(),
  dietaryInfo: dietListSchema(),
  /** The owner confirmed the lists (docs/product/decisions.md 15); else diners read « demandez au personnel ». */
  allergensDeclared: z.boolean().default(false),
};

const recipeItemSchema = z.object({ recipeId: uuid(m.recipeRequired) });
const ownItemSchema = z.object({
  name: name(m.itemNameRequired),
  price: z.number({ error: m.itemPriceRequired }).pipe(price),
  description: description.default(''),
  ...ownLabels,
});
export type ItemCreateParsed = z.output<typeof recipeItemSchema> | z.output<typeof ownItemSchema>;

/**
 * POST /api/sections/:id/items: `{recipeId}` (a dish from a recipe), or `{name, price, …}`
 * without `recipeId` (a drink, a wine). The body's keys choose the schema, so each field's
 * French message is the one of the form the owner used.
 */
export const itemCreateSchema = z.looseObject({}).transform((body, ctx): ItemCreateParsed => {
  const schema = 'name' in body && !('recipeId' in body) ? ownItemSchema : recipeItemSchema;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
/**
 * PUT /api/items/:id. `price` absent: unchanged; null: « prix à renseigner ». The own allergen
 * lists are kept only for an item without a recipe (absent: unchanged).
 */
export const itemUpdateSchema = z.object({
  name: name(m.itemNameRequired),
  description: description.default(''),
  isAvailable: z.boolean(),
  price: price.nullable().optional(),
  allergens: ownLabels.allergens.optional(),
  traces: ownLabels.traces.optional(),
  dietaryInfo: ownLabels.dietaryInfo.optional(),
  allergensDeclared: z.boolean().optional(),
  /** For diners (docs/decisions/0019-public-menu-for-diners.md); absent: the stored translations are kept. */
  translations: dishTranslationsSchema.optional(),
});
/** PUT /api/items/:id/sold-out: « Épuisé » in one tap, and back (docs/decisions/0019-public-menu-for-diners.md). */
export const itemSoldOutSchema = z.object({ soldOut: z.boolean({ error: m.soldOutInvalid }) });
/** Moves a section within its menu, or an item within its section, to a 0-based position. */
export const moveSchema = z.object({
  position: z.number({ error: m.positionInvalid }).int(m.positionInvalid).min(0, m.positionInvalid).max(10_000),
});
/** An item's move may also name another section of the same menu (drag and drop between sections, docs/decisions/0025-menu-editor-and-recipe-form.md). */
export const itemMoveSchema = moveSchema.extend({ sectionId: uuid(m.targetSectionInvalid).optional() });

export type MenuCreateInput = z.input<typeof menuCreateSchema>;
export type MenuUpdateInput = z.input<typeof menuUpdateSchema>;
export type MenuCreateParsed = z.output<typeof menuCreateSchema>;
export type MenuUpdateParsed = z.output<typeof menuUpdateSchema>;
export type SectionUpdateInput = z.input<typeof sectionUpdateSchema>;
export type SectionUpdateParsed = z.output<typeof sectionUpdateSchema>;
export type ItemUpdateInput = z.input<typeof itemUpdateSchema>;
export type ItemUpdateParsed = z.output<typeof itemUpdateSchema>;

/** docs/product/api.md « Menus, sections, items ». */
export interface Menu {
  id: string;
  /** +1 per change; a PUT or PATCH may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  description: string;
  isActive: boolean;
  /** The establishment whose name and address the public menu and the printed documents show. */
  establishmentId: string;
  /** The name and description for diners in other languages (src/shared/diner/translations.ts). */
  translations: DishTranslations;
  createdAt: string;
}

export interface MenuItemRecipe {
  id: string;
  name: string;
  description: string;
  /** The recipe's price (TTC): what diners see while the item has no own price. */
  price: number | null;
  caloriesPerServing: number | null;
  /** The recipe's photo, shown for an item without its own. */
  photoUrl: string | null;
  photo: Photo | null;
}

/** The allergen lists of an item without a recipe. */
export interface ItemLabels {
  allergens: string[];
  traces: string[];
  dietaryInfo: string[];
  allergenStatus: AllergenStatus;
}

export interface MenuItem {
  id: string;
  /** +1 per change; a PUT or PATCH may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  description: string;
  /**
   * The item's own price, euros TTC. An item made from a recipe follows the recipe's price while
   * this is null (`priceSource: 'recipe'`); set, it is « prix propre au menu » (`'item'`); null
   * again goes back. An item without a recipe always has `'item'`, null: « Prix à renseigner ».
   */
  price: number | null;
  priceSource: 'recipe' | 'item';
  /** Its own allergen lists when it has no recipe; null for an item made from a recipe. */
  labels: ItemLabels | null;
  isAvailable: boolean;
  /** « Épuisé »: still shown to diners, marked sold out, live (docs/decisions/0019-public-menu-for-diners.md). */
  soldOut: boolean;
  /** The item's own translations for diners (src/shared/diner/translations.ts). */
  translations: DishTranslations;
  displayOrder: number;
  /** The item's own photo (PUT /api/items/:id/photo), or null: diners then see its recipe's. */
  photoUrl: string | null;
  photo: Photo | null;
  recipe: MenuItemRecipe | null;
}

export interface MenuSection {
  id: string;
  /** +1 per change; a PUT or PATCH may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  description: string;
  /** The name and description for diners in other languages (src/shared/diner/translations.ts). */
  translations: DishTranslations;
  displayOrder: number;
  items: MenuItem[];
}

export const DEFAULT_SECTION_NAME = 'Nouvelle section';
