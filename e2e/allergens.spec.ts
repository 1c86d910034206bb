import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import {
  calmScreenshot,
  dismissToasts,
  expectNoHorizontalScroll,
  LAPTOP,
  PHONE,
  screenshot,
  signUp,
} from './fixtures.ts';

/** A recipe's allergens are declared or say they are not (docs/product/decisions.md 15). */

const PATE = 'Pâte brisée, pur beurre, préemballée, crue';
const UNVERIFIED = 'Allergènes non renseignés : demandez au personnel';
const NONE = 'Aucun des 14 allergènes réglementaires';

async function addIngredient(page: Page, typed: string, option: RegExp) {
  await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

async function addQuicheIngredients(page: Page) {
  await addIngredient(page, 'pate brisee pur beurre crue', /^Pâte brisée, pur beurre, préemballée, crue \d/);
  await addIngredient(page, 'oeuf cru', /^Oeuf cru \d/);
  await addIngredient(page, 'creme 30 epaisse', /^Crème 30% MG, épaisse, rayon frais \d/);
  await addIngredient(page, 'gruyere sans precision', /^Gruyère, sans précision/);
  await dismissToasts(page);
}

/** A computed colour as sRGB bytes (the browser may give it in lab() or oklch()). */
const rgbOf = (locator: Locator, property: 'backgroundColor' | 'color') =>
  locator.evaluate((el, prop) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(el)[prop];
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3) as [number, number, number];
  }, property);

/** The suggestion of this allergen (its name in bold; its sources may name another one). */
const suggestion = (page: Page, allergen: string) =>
  page
    .getByRole('region', { name: 'Allergènes suggérés' })
    .getByRole('listitem')
    .filter({ has: page.locator('strong').getByText(allergen, { exact: true }) });

for (const viewport of [LAPTOP, PHONE]) {
  test(`the quiche: suggestions answered and the list confirmed, or the card says « non vérifiés » (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000); // a long walk (playwright.config.ts: budgets)
    await page.setViewportSize(viewport);
    await signUp(page);
    await page.goto('/recipes');
    await page.getByRole('button', { name: 'Nouvelle recette' }).click();
    await page.getByLabel('Nom de la recette').fill('Quiche lorraine');
    await addQuicheIngredients(page);

    // Every suggestion named with its ingredients; nothing confirmable while one is open.
    const suggestions = page.getByRole('region', { name: 'Allergènes suggérés' });
    await expect(suggestions.getByRole('listitem')).toHaveCount(3);
    await expect(suggestion(page, 'Gluten')).toContainText(`(${PATE})`);
    await expect(suggestion(page, 'Lait')).toContainText('Gruyère, sans précision');
    const confirm = page.getByLabel('Je confirme la liste des allergènes');
    await expect(confirm).toBeDisabled();
    await expect(page.getByTestId('allergen-confirm-hint')).toHaveText(
      'Répondez d’abord à chaque suggestion (Ajouter ou Ignorer).',
    );
    await expect(page.getByTestId('unverified-warning')).toContainText(UNVERIFIED);
    // All 14 allergens as chips at once, none chosen yet.
    await expect(page.getByRole('list', { name: 'Allergènes de la recette' }).getByRole('button')).toHaveCount(14);
    await expect(page.getByRole('button', { name: 'Poissons : absent' })).toBeVisible();
    // The Nutri-Score preview says what it lacks.
    await page.getByText('Déclaration nutritionnelle et Nutri-Score').click();
    await expect(page.getByTestId('nutri-score-preview')).toContainText(
      'Part de fruits, légumes et légumineuses manquante',
    );
    await calmScreenshot(page, `allergens-quiche-pending-${viewport.width}`);

    // « Créer » with the suggestions still open: saved, but unverified, in orange.
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await expect(page.getByText('Recette créée avec succès')).toBeVisible();
    const card = page.getByTestId('recipe-card').filter({ hasText: 'Quiche lorraine' });
    const status = card.getByTestId('allergen-status');
    await expect(status).toHaveText('Allergènes non vérifiés');
    const [red, green, blue] = await rgbOf(status, 'backgroundColor');
    expect(red > green && green > blue && red - blue > 20).toBe(true); // an orange, whatever its notation
    await calmScreenshot(page, `allergens-card-unverified-${viewport.width}`);

    // The dashboard counts it and leads to it.
    await page.goto('/dashboard');
    await expect(page.getByTestId('unverified-allergens')).toContainText('1 recette aux allergènes non vérifiés');
    await page.getByRole('link', { name: 'Vérifier les allergènes' }).click();
    await expect(page).toHaveURL(/\/recipes\?allergenes=non-verifies$/);
    await expect(page.getByTestId('unverified-filter')).toContainText('Recettes aux allergènes non vérifiés : 1');

    // Answer each suggestion, confirm, grade the dish.
    await card.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('button', { name: 'Ajouter l’allergène Gluten' }).click();
    await page.getByRole('button', { name: 'Ajouter l’allergène Œufs' }).click();
    await expect(confirm).toBeDisabled();
    await page.getByRole('button', { name: 'Ajouter l’allergène Lait' }).click();
    await expect(page.getByRole('region', { name: 'Allergènes suggérés' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lait : contient' })).toBeVisible();
    // « Peut contenir » from the same chips: one touch contains, two touches traces.
    await page.getByRole('button', { name: 'Fruits à coque : absent' }).click();
    await page.getByRole('button', { name: 'Fruits à coque : contient' }).click();
    await expect(page.getByRole('button', { name: 'Fruits à coque : traces possibles' })).toBeVisible();
    await confirm.check();
    await expect(page.getByTestId('unverified-warning')).toHaveCount(0);
    await page.getByText('Déclaration nutritionnelle et Nutri-Score').click();
    await page.getByLabel('Part de fruits, légumes et légumineuses (%)').fill('10');
    await expect(
      page.getByTestId('nutri-score-preview').getByRole('img', { name: /^Nutri-Score [A-E]$/ }),
    ).toBeVisible();
    await calmScreenshot(page, `allergens-quiche-confirmed-${viewport.width}`);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await expect(page.getByText('Recette mise à jour avec succès')).toBeVisible();
    await page.goto('/recipes');
    await expect(card.getByTestId('allergen-status')).toHaveText('3 allergènes');
    await expect(card).toContainText('Peut contenir : Fruits à coque');
    await expect(card.getByRole('img', { name: /^Nutri-Score [A-E]$/ })).toBeVisible();
    await calmScreenshot(page, `allergens-card-declared-${viewport.width}`);

    // A new ingredient withdraws the confirmation and brings its suggestions.
    await card.getByRole('button', { name: 'Modifier' }).click();
    await expect(page.getByLabel('Je confirme la liste des allergènes')).toBeChecked();
    await addIngredient(page, 'moutarde', /^Moutarde \d/);
    await expect(suggestion(page, 'Moutarde')).toBeVisible();
    await expect(page.getByLabel('Je confirme la liste des allergènes')).not.toBeChecked();
    await page.getByRole('button', { name: 'Ajouter l’allergène Moutarde' }).click();
    await page.getByRole('button', { name: 'Ignorer la suggestion Anhydride sulfureux et sulfites' }).click();
    await expect(page.getByTestId('allergen-confirm-hint')).toHaveText(
      'Les ingrédients ont changé : vérifiez la liste, puis confirmez-la à nouveau.',
    );
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Annuler' }).click();
  });

  test(`the public menu and the allergen table say which, never nothing (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await signUp(page);
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(path, { headers: { Origin: baseURL! }, data });
      expect(response.status(), path).toBe(201);
      return (await response.json()) as { id: string };
    };
    const recipe = (name: string, code: string, extra: object) =>
      post('/api/recipes', {
        name,
        servings: 2,
        ingredients: [{ code, quantity: 200, unit: 'g' }],
        allergens: [],
        dietaryInfo: [],
        ...extra,
      });
    const salade = await recipe('Salade verte', '20031', { allergensDeclared: true });
    const quiche = await recipe('Quiche', '23414', { allergens: ['Gluten'] });
    const tarte = await recipe('Tarte fine', '23414', {
      allergens: ['Gluten', 'Lait'],
      allergensDeclared: true,
      fruitVegLegumePercent: 0,
      showNutriScore: true,
    });
    const menu = await post('/api/menus', { name: 'Carte du jour' });
    const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
    for (const r of [salade, quiche, tarte]) await post(`/api/sections/${section.id}/items`, { recipeId: r.id });

    await page.goto(`/menu/${menu.id}`);
    const item = (name: string) => page.locator('li.item').filter({ has: page.getByRole('heading', { name }) });
    await expect(item('Salade verte')).toContainText(`Allergènes : ${NONE}`);
    await expect(item('Quiche')).toContainText(UNVERIFIED);
    await expect(item('Quiche')).not.toContainText(NONE);
    await expect(item('Tarte fine').locator('.badges.allergen li')).toHaveText(['Gluten', 'Lait']);
    await expect(item('Tarte fine')).not.toContainText(UNVERIFIED);
    // The five-letter scale, shown because the owner chose to.
    await expect(
      item('Tarte fine').getByRole('img', { name: /^Nutri-Score [A-E], tableau des aliments$/ }),
    ).toBeVisible();
    await expect(item('Salade verte').getByRole('img', { name: /Nutri-Score/ })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `allergens-public-menu-${viewport.width}`);

    await page.goto(`/menus/${menu.id}/allergenes`);
    const row = (dish: string) =>
      page.getByTestId('allergen-row').filter({ has: page.getByRole('rowheader', { name: dish }) });
    await expect(row('Salade verte')).toContainText(NONE);
    // One message for an unconfirmed dish: not the list it names so far (docs/decisions/0036).
    await expect(row('Quiche')).toContainText(UNVERIFIED);
    await expect(row('Quiche')).not.toContainText('déjà indiqués');
    await expect(row('Tarte fine').locator('td[data-state="contains"]')).toHaveCount(2);
    await screenshot(page, `allergens-table-${viewport.width}`);

    // The fiche technique says the same.
    await page.goto(`/recipes/${quiche.id}/fiche`);
    // The fiche technique is the kitchen's sheet: « non vérifiés », not the diner's « demandez au personnel ».
    await expect(page.getByTestId('sheet-allergens-unverified')).toHaveText(/^Allergènes non vérifiés/);
    await expect(page.getByTestId('sheet-allergens')).toHaveText('Contient :Gluten');
    await page.goto(`/recipes/${salade.id}/fiche`);
    await expect(page.getByTestId('sheet-allergens')).toHaveText(`Contient :${NONE}`);
    await expect(page.getByTestId('sheet-allergens-unverified')).toHaveCount(0);
  });
}

test('the niçoise at 55 %: the form says which value keeps it from a grade', async ({ page }) => {
  await signUp(page);
  await page.goto('/recipes');
  await page.getByRole('button', { name: 'Nouvelle recette' }).click();
  await page.getByLabel('Nom de la recette').fill('Salade niçoise');
  await addIngredient(page, 'tomate ronde crue', /^Tomate ronde, crue \d/);
  await addIngredient(
    page,
    'thon huile tournesol entier',
    /^Thon à l'huile de tournesol, entier, appertisé, égoutté \d/,
  );
  await page.getByText('Déclaration nutritionnelle et Nutri-Score').click();
  await page.getByLabel('Part de fruits, légumes et légumineuses (%)').fill('55');
  await page.getByLabel('Afficher le Nutri-Score sur le menu public').check();
  const preview = page.getByTestId('nutri-score-preview');
  await expect(preview).toContainText("Sucres inconnus pour : Thon à l'huile de tournesol, entier, appertisé, égoutté");
  await expect(preview).not.toContainText('Part de fruits');
  // Without the tuna, the grade appears at once, its letter enlarged on the five-letter scale.
  await page.getByRole('button', { name: "Retirer Thon à l'huile de tournesol, entier, appertisé, égoutté" }).click();
  await expect(preview.getByRole('img', { name: /^Nutri-Score [A-E]$/ })).toBeVisible();
  await calmScreenshot(page, 'allergens-nicoise-nutriscore-1280');
});
