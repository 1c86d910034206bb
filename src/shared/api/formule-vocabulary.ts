import type { DishTranslations } from '../diner/translations.ts';

/**
 * A formule as pages read it, without zod: the menu editor lists the formules before any form
 * is opened (the 120 kB budget of docs/decisions/0041-first-load-javascript.md; the schemas stay in ./formules.ts, which re-exports these).
 */

/** A formule as the menu editor reads it: `choices` are section ids (a deleted section drops out). */
export interface Formule {
  id: string;
  /** +1 per change; a PUT may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  /** Euros TTC. */
  price: number;
  choices: string[][];
  displayOrder: number;
  /** The name for diners in English, Spanish, German, Italian (`{en: {name}}`). */
  translations: DishTranslations;
}

/**
 * A formule as diners read it: each alternative as its sections' names (French), in order;
 * the page writes each in the diner's language from the sections' own translations.
 */
export interface PublicFormule {
  name: string;
  price: number;
  translations?: DishTranslations;
  choices: string[][];
}

/** « Entrée + Plat ou Plat + Dessert »: `or` is the page language's word (DINER_TEXTS.or). */
export function formuleChoicesText(choices: readonly (readonly string[])[], or: string): string {
  return choices
    .filter((c) => c.length > 0)
    .map((c) => c.join(' + '))
    .join(` ${or} `);
}
