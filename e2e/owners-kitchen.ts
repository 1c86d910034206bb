import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './test.ts';
import { dismissToasts, expectToast } from './fixtures.ts';

/**
 * What the owner's walk (e2e/owners-day.spec.ts) and the owner's screens
 * (e2e/owners-screens.spec.ts) share: a bistro's foods and pâte brisée seeded through the API,
 * and the recipe form's lines (docs/product/costs.md).
 */

/** Ciqual 2025 codes (data/ciqual/ciqual.csv). */
const FLOUR = '9436'; // Farine de blé tendre ou froment T55 (pour pains)
const BUTTER = '16400'; // Beurre à 80% MG minimum, doux
const TAP_WATER = '18066'; // Eau du robinet
export const BACON = 'Lardon nature, cru';
export const CREAM = 'Crème 30% MG, épaisse, rayon frais';

export type Api = (
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  data: unknown,
) => Promise<{ id: string } & Record<string, unknown>>;

export function apiOf(request: APIRequestContext, origin: string): Api {
  return async (method, path, data) => {
    const response = await request.fetch(path, { method, headers: { Origin: origin }, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as { id: string } & Record<string, unknown>;
  };
}

/** The pâte brisée of a bistro: one batch for one quiche, its flour and butter priced, water free. */
export async function seedDough(api: Api) {
  await api('PUT', `/api/ingredient-prices/${FLOUR}`, { amount: 1.2, per: 'kg', supplier: 'Minoterie Dupuis' });
  await api('PUT', `/api/ingredient-prices/${BUTTER}`, { amount: 9.6, per: 'kg' });
  return api('POST', '/api/recipes', {
    name: 'Pâte brisée',
    servings: 1,
    ingredients: [
      { code: FLOUR, quantity: 250, unit: 'g' },
      { code: BUTTER, quantity: 125, unit: 'g' },
      { code: TAP_WATER, quantity: 50, unit: 'ml' },
    ],
    allergens: ['Gluten', 'Lait'],
    allergensDeclared: true,
  });
}

export async function addIngredient(page: Page, typed: string, option: RegExp) {
  await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await dismissToasts(page);
}

export const line = (page: Page, food: string) =>
  page.getByRole('list', { name: 'Ingrédients de la recette' }).getByRole('listitem').filter({ hasText: food });

/** « Donner un prix » on a line: the price goes to every recipe of the organisation. */
export async function giveLinePrice(page: Page, food: string, amount: string, per: 'le kg' | 'le litre' | 'l’unité') {
  await line(page, food).getByRole('button', { name: 'Donner un prix' }).click();
  const editor = page.getByRole('group', { name: `Prix de ${food}` });
  await editor.getByLabel('Prix HT (€)').fill(amount);
  await editor.getByLabel('Pour').selectOption({ label: per });
  await editor.getByRole('button', { name: 'Enregistrer le prix' }).click();
  await expectToast(page, `Prix de ${food} enregistré`);
}

/** A text of the page, whatever spaces fr-FR puts in numbers (« 1,10 € », « 14,50 € »). */
export const flat = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
