import type { AllergenStatus } from '../allergens.ts';
import type { NutriScoreCategory } from '../nutriscore.ts';
import type { DishTranslations } from '../diner/translations.ts';
import type { Photo } from './photos.ts';
import type { PublicFormule } from './formules.ts';
import type { DinerMeatOrigin } from '../diner-meat-origins.ts';

/** GET /api/public/menus/:id: what a diner sees (docs/product/spec.md « Public menu page »). */
export interface PublicMenuRecipe {
  caloriesPerServing: number | null;
  proteinPerServing: number | null;
  carbsPerServing: number | null;
  fatPerServing: number | null;
  allergens: string[];
  /** `declared` (empty allergens: « Aucun des 14 allergènes réglementaires ») or `unverified` (« demandez au personnel »). */
  allergenStatus: AllergenStatus;
  /** « Peut contenir (traces) ». */
  traces: string[];
  dietaryInfo: string[];
  /** The Nutri-Score letter, only when the owner chose to show it. */
  nutriScore: 'A' | 'B' | 'C' | 'D' | 'E' | null;
  /** The table that letter comes from (docs/product/decisions.md 22); null without a letter. */
  nutriScoreCategory?: NutriScoreCategory | null;
  /** « Fait maison » (docs/product/decisions.md 20). */
  homemade: boolean;
  /**
   * Meats whose origin is known, in the decree's words: declared on the recipe (`{meat: 'Bœuf', text: 'Origine : France'}`),
   * else agreed on by all its products (`{meat: 'Viande bovine', …}`, src/shared/diner-meat-origins.ts),
   * with the countries apart for the other languages (`bovine`, `countries: {born, reared, slaughtered}`).
   */
  meatOrigins: DinerMeatOrigin[];
}

export type PublicItemLabels = Pick<PublicMenuRecipe, 'allergens' | 'allergenStatus' | 'traces' | 'dietaryInfo'>;

export interface PublicMenuItem {
  id: string;
  name: string;
  description: string;
  /**
   * Euros TTC, service included (docs/product/decisions.md 18): the item's own price, else its
   * recipe's (docs/product/api.md « Kitchen »); null: not set yet, not shown.
   */
  price: number | null;
  /** An item without a recipe (a drink): its own allergen lists and diet labels. */
  labels: PublicItemLabels | null;
  /** The item's own photo, else its recipe's, or null. */
  photoUrl: string | null;
  photo: Photo | null;
  /** « Épuisé »: listed, marked sold out (set from the menu editor). */
  soldOut: boolean;
  /**
   * The owner's translations of `name` and `description` (the item's own, else its recipe's
   * for a text the item took from the recipe unchanged); missing ones fall back to French.
   */
  translations: DishTranslations;
  recipe: PublicMenuRecipe | null;
}

export interface PublicMenuSection {
  id: string;
  name: string;
  description: string;
  /** The owner's translations of the name and description; missing ones fall back to French. */
  translations?: DishTranslations;
  items: PublicMenuItem[];
}

export interface PublicMenu {
  id: string;
  name: string;
  description: string;
  /** The owner's translations of the menu's name and description. */
  translations?: DishTranslations;
  /** The menu's establishment (docs/product/organisations.md « Establishments »). */
  restaurantName: string;
  /** The establishment's address on one line (« 12 rue des Halles, 75001 Paris »), or null. */
  restaurantAddress: string | null;
  /** « 01 23 45 67 89 », or null. */
  restaurantPhone: string | null;
  /** The establishment's own accessibility contact (an e-mail or https address), or null. */
  accessibilityContact: string | null;
  /** The menu's organisation is on Premium now. */
  ownerIsPremium: boolean;
  /** Only available items, sections and items in display order. */
  sections: PublicMenuSection[];
  /** Formules in display order, each choice as its sections' names (src/shared/api/formules.ts). */
  formules: PublicFormule[];
}
