import { z } from '../zod-fr.ts';
import type { Photo } from './photos.ts';

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
});
export const menuUpdateSchema = z.object({ name: name(m.nameRequired), description: description.default(''), isActive: z.boolean(), establishmentId });
export const menuStatusSchema = z.object({ isActive: z.boolean() });
export const sectionCreateSchema = z.object({ name: name(m.sectionNameRequired).optional(), description: description.optional() });
export const sectionUpdateSchema = z.object({ name: name(m.sectionNameRequired), description: description.default('') });
export const itemCreateSchema = z.object({ recipeId: uuid(m.recipeRequired) });
export const itemUpdateSchema = z.object({ name: name(m.itemNameRequired), description: description.default(''), isAvailable: z.boolean() });
/** Moves a section within its menu, or an item within its section, to a 0-based position. */
export const moveSchema = z.object({ position: z.number({ error: m.positionInvalid }).int(m.positionInvalid).min(0, m.positionInvalid).max(10_000) });

export type MenuCreateInput = z.input<typeof menuCreateSchema>;
export type MenuUpdateInput = z.input<typeof menuUpdateSchema>;
export type MenuCreateParsed = z.output<typeof menuCreateSchema>;
export type MenuUpdateParsed = z.output<typeof menuUpdateSchema>;
export type SectionUpdateInput = z.input<typeof sectionUpdateSchema>;
export type ItemUpdateInput = z.input<typeof itemUpdateSchema>;

/** docs/product/api.md « Menus, sections, items ». */
export interface Menu {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  /** The establishment whose name and address the public menu and the printed documents show. */
  establishmentId: string;
  createdAt: string;
}

export interface MenuItemRecipe {
  id: string;
  name: string;
  description: string;
  caloriesPerServing: number | null;
  /** The recipe's photo, shown for an item without its own. */
  photoUrl: string | null;
  photo: Photo | null;
}

export interface MenuItem {
  id: string;
  name: string;
  description: string;
  price: number;
  isAvailable: boolean;
  displayOrder: number;
  /** The item's own photo (PUT /api/items/:id/photo), or null: diners then see its recipe's. */
  photoUrl: string | null;
  photo: Photo | null;
  recipe: MenuItemRecipe | null;
}

export interface MenuSection {
  id: string;
  name: string;
  description: string;
  displayOrder: number;
  items: MenuItem[];
}

export const DEFAULT_SECTION_NAME = 'Nouvelle section';
