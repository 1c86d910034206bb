import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * A drink, an oil, a cheese, a water and a dish, made through the API, show the letter the
 * reference gives them and the table it comes from on the recipe card, the form's preview, the
 * fiche technique and the public menu (docs/product/nutri-score.md). The letters:
 * src/server/features/recipes/nutri-score.int.test.ts says where each comes from (Open Food
 * Facts' unit-test products, and the cheese worked by hand from its rule).
 */
const DISHES = [
  { name: 'Jus d’orange', letter: 'C', category: 'beverage', table: 'tableau des boissons' },
  { name: 'Huile de colza', letter: 'B', category: 'fats', table: 'tableau des matières grasses' },
  { name: 'Camembert', letter: 'D', category: 'cheese', table: 'tableau des fromages' },
  { name: 'Carafe d’eau', letter: 'A', category: 'water', table: 'tableau des eaux' },
  { name: 'Sablés', letter: 'E', category: 'general', table: 'tableau des aliments' },
] as const;

async function seed(page: Page, origin: string) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const product = (name: string, basedOnCode: string | undefined, per100g: Record<string, number>) =>
    post('/api/products', { name, basedOnCode, per100g, allergens: [], traces: [], labels: [] });
  const juice = await product('Jus d’orange du fournisseur', '2012', {
    energyKj: 182,
    fat: 0,
    saturatedFat: 0,
    carbs: 9,
    sugars: 8.9,
    fiber: 0.5,
    protein: 0.2,
    salt: 0.5,
  });
  const oil = await product('Huile de colza du fournisseur', '17130', {
    energyKj: 3400,
    fat: 92,
    saturatedFat: 7.3,
    carbs: 0,
    sugars: 0,
    fiber: 0,
    protein: 0,
    salt: 0,
  });
  const cookies = await product('Sablés du fournisseur', undefined, {
    energyKj: 3460,
    fat: 90,
    saturatedFat: 15,
    carbs: 0,
    sugars: 0,
    fiber: 0,
    protein: 0,
    salt: 0,
  });
  const lines = [
    [{ productId: juice.id, quantity: 1000, unit: 'g' }],
    [{ productId: oil.id, quantity: 1, unit: 'l' }],
    [{ code: '12001', quantity: 250, unit: 'g' }],
    [{ code: '18066', quantity: 1, unit: 'l' }],
    [{ productId: cookies.id, quantity: 500, unit: 'g' }],
  ];
  const recipes = [];
  for (const [index, dish] of DISHES.entries()) {
    recipes.push(
      await post('/api/recipes', {
        name: dish.name,
        servings: 4,
        ingredients: lines[index],
        allergens: [],
        allergensDeclared: true,
        dietaryInfo: [],
        showNutriScore: true,
        ...(dish.category === 'water' ? {} : { fruitVegLegumePercent: dish.category === 'beverage' ? 100 : 0 }),
      }),
    );
  }
  const menu = await post('/api/menus', { name: 'Carte du midi' });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'À la carte' });
  for (const recipe of recipes) await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
  return { recipes, menuId: menu.id };
}

test('the reference letter and its table on the recipe, the fiche and the public menu', async ({ page, baseURL }) => {
  test.setTimeout(120_000); // five fiches and two widths of three pages (playwright.config.ts: budgets)
  await signUp(page);
  const { recipes, menuId } = await seed(page, baseURL!);

  // « Mes Recettes »: each card, its letter and its table.
  await page.goto('/recipes');
  for (const dish of DISHES) {
    const card = page.getByTestId('recipe-card').filter({ hasText: dish.name });
    await expect(card.getByTestId('nutri-score')).toHaveAttribute('data-letter', dish.letter);
    await expect(card.getByTestId('nutri-score-table')).toHaveAttribute('data-category', dish.category);
    await expect(card.getByTestId('nutri-score-table')).toContainText(`T${dish.table.slice(1)}`);
  }
  await screenshot(page, 'nutri-score-recipes-1280');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'nutri-score-recipes-360');
  await page.setViewportSize(LAPTOP);

  // The form previews the same grade with the same table, the owner's choice « Automatique ».
  const juiceCard = page.getByTestId('recipe-card').filter({ hasText: 'Jus d’orange' });
  await juiceCard.getByRole('button', { name: 'Modifier' }).click();
  await expect(page.getByLabel('Tableau du Nutri-Score')).toHaveValue('auto');
  const preview = page.getByTestId('nutri-score-preview');
  await expect(preview.getByTestId('nutri-score')).toHaveAttribute('data-letter', 'C');
  await expect(preview.getByTestId('nutri-score-table')).toHaveAttribute('data-category', 'beverage');
  await screenshot(page, 'nutri-score-form-1280');

  // The fiche technique of each.
  for (const [index, dish] of DISHES.entries()) {
    await page.goto(`/recipes/${recipes[index]!.id}/fiche`);
    const block = page.getByTestId('sheet-nutriscore');
    await expect(block.getByTestId('nutri-score')).toHaveAttribute('data-letter', dish.letter);
    await expect(block.getByTestId('nutri-score-table')).toHaveAttribute('data-category', dish.category);
  }
  await screenshot(page, 'nutri-score-fiche-1280');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'nutri-score-fiche-360');
  await page.setViewportSize(LAPTOP);

  // The public menu, as a diner reads it.
  await page.goto(`/menu/${menuId}`);
  for (const dish of DISHES) {
    await expect(page.getByRole('img', { name: `Nutri-Score ${dish.letter}, ${dish.table}` })).toBeVisible();
  }
  await screenshot(page, 'nutri-score-menu-1280');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'nutri-score-menu-360');
});
