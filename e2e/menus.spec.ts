import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { calmScreenshot, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

interface CreatedRecipe {
  id: string;
  name: string;
  caloriesPerServing: number;
  proteinPerServing: number;
}

/** Recipes are not what this spec is about: they are made through the API (Ciqual 4003 potato, 16400 butter). */
async function createRecipe(
  page: Page,
  baseURL: string,
  name: string,
  description: string,
  potato: number,
  butter: number,
): Promise<CreatedRecipe> {
  const ingredients = [{ code: '4003', quantity: potato, unit: 'g' }];
  if (butter) ingredients.push({ code: '16400', quantity: butter, unit: 'g' });
  const response = await page.request.post('/api/recipes', {
    headers: { Origin: baseURL },
    data: { name, description, servings: 2, ingredients, allergens: [], dietaryInfo: [], prepTime: 15, cookTime: 30 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedRecipe;
}

/** The sections' titles, in order (a retrying assertion: the list follows the server's answer). */
const expectSections = (page: Page, names: string[]) =>
  expect(page.getByTestId('menu-section').locator('h2')).toHaveText(names);

async function addRecipe(page: Page, section: Locator, search: string, recipe: string) {
  await section.getByRole('button', { name: 'Ajouter recette' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une recette' });
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('Rechercher une recette...').fill(search);
  await expect(dialog.getByTestId('picker-recipe')).toHaveCount(1);
  await dialog
    .getByTestId('picker-recipe')
    .filter({ hasText: recipe })
    .getByRole('button', { name: 'Sélectionner' })
    .click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Recette ajoutée au menu');
  await expect(section.getByTestId('menu-item').filter({ hasText: recipe })).toBeVisible();
}

async function renameSection(page: Page, section: Locator, name: string, description: string) {
  await section.getByRole('button', { name: 'Modifier' }).click();
  await section.getByLabel('Nom de la section').fill(name);
  await section.getByLabel('Description', { exact: true }).fill(description);
  await section.getByRole('button', { name: 'Sauvegarder' }).click();
  await expectToast(page, 'Section mise à jour');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(section.getByText(description)).toBeVisible();
}

for (const viewport of [LAPTOP, PHONE]) {
  test(`a menu from the list to its content: sections, recipe picker, availability, order (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000); // a long walk through two pages (playwright.config.ts: budgets)
    await page.setViewportSize(viewport);
    await signUp(page);
    const velvet = await createRecipe(
      page,
      baseURL!,
      'Velouté de pommes de terre',
      'Servi chaud avec des croûtons',
      300,
      10,
    );
    const puree = await createRecipe(page, baseURL!, 'Purée maison', 'Pommes de terre écrasées au beurre', 800, 40);
    const gratin = await createRecipe(page, baseURL!, 'Gratin dauphinois', 'Au four, à la crème', 1000, 30);

    // Mes Menus: create, toggle, edit.
    await page.getByRole('link', { name: 'Mes Menus' }).first().click();
    await expect(page.getByRole('heading', { name: 'Mes Menus' })).toBeVisible();
    await expect(page.getByText('Aucun menu trouvé')).toBeVisible();
    await page.getByRole('button', { name: 'Nouveau menu' }).click();
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await expect(page.getByText('Le nom du menu est requis')).toBeVisible();
    await page.getByLabel('Nom du menu').fill('Menu du midi');
    await page.getByLabel('Description', { exact: true }).fill('Du lundi au vendredi, de 12 h à 14 h');
    await expect(page.getByLabel('Menu actif')).toBeChecked();
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    await expectToast(page, 'Menu créé avec succès');
    const card = page.getByTestId('menu-card').filter({ hasText: 'Menu du midi' });
    await expect(card).toContainText('Actif');
    await expect(card).toContainText('Créé le');
    await expect(page.getByRole('form', { name: 'Nouveau menu' })).toHaveCount(0);
    // The free plan holds one menu.
    await expect(page.getByRole('button', { name: 'Nouveau menu' })).toBeDisabled();
    await expect(
      page.getByText('Limite de menus atteinte pour le plan gratuit. Passez au Premium pour créer plus de menus.'),
    ).toBeVisible();
    await expect(page.getByTestId('limit-banner')).toContainText('Limite atteinte !');

    await card.getByRole('button', { name: 'Désactiver' }).click();
    await expectToast(page, 'Menu désactivé avec succès');
    await expect(card).toContainText('Inactif');
    await card.getByRole('button', { name: 'Activer' }).click();
    await expectToast(page, 'Menu activé avec succès');
    await expect(card.getByText('Actif', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Modifier' }).click();
    await expect(page.getByRole('heading', { name: 'Modifier le menu' })).toBeVisible();
    await expect(page.getByLabel('Nom du menu')).toHaveValue('Menu du midi');
    await page.getByLabel('Nom du menu').fill('Menu du marché');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await expectToast(page, 'Menu mis à jour avec succès');
    const edited = page.getByTestId('menu-card').filter({ hasText: 'Menu du marché' });
    await expect(edited).toBeVisible();
    await calmScreenshot(page, `menus-list-${viewport.width}`);

    // The editor.
    await edited.getByRole('link', { name: 'Gérer le contenu' }).click();
    await expect(page).toHaveURL(/\/menu-editor\/[0-9a-f-]{36}$/);
    const menuId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Éditer : Menu du marché' })).toBeVisible();
    await expect(page.getByText('Aucune section trouvée')).toBeVisible();
    await page.getByRole('button', { name: 'Créer ma première section' }).click();
    await expectToast(page, 'Section créée avec succès');
    await expect(page.getByTestId('menu-section')).toHaveCount(1);
    await page.getByRole('button', { name: 'Nouvelle section', exact: true }).click();
    await expect(page.getByTestId('menu-section')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Nouvelle section', exact: true })).toBeEnabled();
    await expectSections(page, ['Nouvelle section', 'Nouvelle section']);

    const sections = page.getByTestId('menu-section');
    await renameSection(page, sections.nth(0), 'Entrées', 'Pour commencer');
    await renameSection(page, sections.nth(1), 'Plats', 'Nos plats du jour');
    await expectSections(page, ['Entrées', 'Plats']);
    const starters = sections.filter({ has: page.getByRole('heading', { name: 'Entrées', exact: true }) });
    const mains = sections.filter({ has: page.getByRole('heading', { name: 'Plats', exact: true }) });

    // The picker: list, empty search, accent-insensitive search, rows with kcal, protein, time.
    await mains.getByRole('button', { name: 'Ajouter recette' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une recette' });
    await expect(dialog.getByTestId('picker-recipe')).toHaveCount(3);
    await expect(dialog.getByPlaceholder('Rechercher une recette...')).toBeFocused();
    const pureeRow = dialog.getByTestId('picker-recipe').filter({ hasText: 'Purée maison' });
    await expect(pureeRow).toContainText('Pommes de terre écrasées au beurre');
    await expect(pureeRow).toContainText(`${puree.caloriesPerServing} kcal`);
    await expect(pureeRow).toContainText(`${oneDecimal.format(puree.proteinPerServing)} g de protéines`);
    await expect(pureeRow).toContainText('45 min');
    await dialog.getByPlaceholder('Rechercher une recette...').fill('zzz');
    await expect(dialog.getByText('Aucune recette trouvée')).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/recipe-picker-empty-${viewport.width}.png` });
    await dialog.getByPlaceholder('Rechercher une recette...').fill('');
    await page.screenshot({ path: `test-results/screenshots/recipe-picker-${viewport.width}.png` });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();

    await addRecipe(page, starters, 'VELOUTE', velvet.name);
    await addRecipe(page, mains, 'ecrasees', puree.name);
    await addRecipe(page, mains, 'gratin', gratin.name);
    const pureeItem = mains.getByTestId('menu-item').filter({ hasText: 'Purée maison' });
    await expect(pureeItem.getByTestId('item-recipe')).toHaveText(
      `Recette : Purée maison · ${puree.caloriesPerServing} kcal`,
    );
    await expect(pureeItem).toContainText('Disponible');

    // Availability and texts of an item.
    await pureeItem.getByRole('button', { name: 'Modifier' }).click();
    const itemForm = page.getByRole('form', { name: 'Modifier l’élément Purée maison' });
    await itemForm.getByLabel('Description', { exact: true }).fill('Beurre demi-sel de Bretagne');
    await itemForm.getByLabel('Disponible').uncheck();
    await itemForm.getByRole('button', { name: 'Sauvegarder' }).click();
    await expectToast(page, 'Élément mis à jour');
    await expect(pureeItem).toContainText('Indisponible');
    await expect(pureeItem).toContainText('Beurre demi-sel de Bretagne');

    // Reordering with the keyboard: « Plats » above « Entrées », then « Gratin » above « Purée ».
    await expect(page.getByRole('button', { name: 'Monter la section Entrées' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Descendre la section Plats' })).toBeDisabled();
    await page.getByRole('button', { name: 'Monter la section Plats' }).focus();
    await page.keyboard.press('Enter');
    await expectSections(page, ['Plats', 'Entrées']);
    await expect(page.getByRole('button', { name: 'Monter la section Plats' })).toBeDisabled();
    // The focus stays with the moved section, on the button that still works.
    await expect(page.getByRole('button', { name: 'Descendre la section Plats' })).toBeFocused();
    await page.getByRole('button', { name: 'Monter l’élément Gratin dauphinois' }).click();
    await expect(mains.getByTestId('menu-item').locator('h3')).toHaveText(['Gratin dauphinois', 'Purée maison']);
    await page.reload();
    await expectSections(page, ['Plats', 'Entrées']);
    await expect(mains.getByTestId('menu-item').locator('h3')).toHaveText(['Gratin dauphinois', 'Purée maison']);
    await calmScreenshot(page, `menu-editor-${viewport.width}`);

    // Deleting an item, then a section with its items.
    await mains
      .getByTestId('menu-item')
      .filter({ hasText: 'Gratin dauphinois' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(page.getByRole('alertdialog')).toContainText('Êtes-vous sûr de vouloir supprimer cet élément ?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(page, 'Élément supprimé');
    await expect(mains.getByTestId('menu-item')).toHaveCount(1);

    await starters.getByRole('button', { name: 'Supprimer' }).first().click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'Êtes-vous sûr de vouloir supprimer cette section et tous ses éléments ?',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(page, 'Section supprimée');
    await expectSections(page, ['Plats']);

    // The second reading of the route, then back to the list and delete the menu.
    await page.goto(`/menus/${menuId}`);
    await expect(page.getByRole('heading', { name: 'Éditer : Menu du marché' })).toBeVisible();
    await expect(page.getByTestId('menu-section')).toHaveCount(1);
    await page.getByRole('link', { name: 'Retour aux menus' }).click();
    await expect(page).toHaveURL(/\/menus$/);
    await page.getByTestId('menu-card').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Êtes-vous sûr de vouloir supprimer ce menu ?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(page, 'Menu supprimé avec succès');
    await expect(page.getByText('Aucun menu trouvé')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nouveau menu' })).toBeEnabled();
  });
}

test('the free plan refuses a second menu with the « Limite atteinte » toast', async ({ page, baseURL }) => {
  await signUp(page);
  await page.goto('/menus');
  await expect(page.getByText('Aucun menu trouvé')).toBeVisible();
  // Another tab created a menu meanwhile: this page still thinks there is room.
  const first = await page.request.post('/api/menus', {
    headers: { Origin: baseURL! },
    data: { name: 'Carte du soir' },
  });
  expect(first.status()).toBe(201);
  await page.getByRole('button', { name: 'Nouveau menu' }).click();
  await page.getByLabel('Nom du menu').fill('Menu du midi');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expectToast(
    page,
    'Limite atteinte',
    'Le plan gratuit est limité à 1 menu. Passez au Premium pour créer plus de menus.',
  );
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByTestId('menu-card')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Nouveau menu' })).toBeDisabled();
  await expect(
    page.getByText('Limite de menus atteinte pour le plan gratuit. Passez au Premium pour créer plus de menus.'),
  ).toBeVisible();

  const refused = await page.request.post('/api/menus', { headers: { Origin: baseURL! }, data: { name: 'Encore un' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('plan_limit');
});

test('« Menu non trouvé » for an unknown id and for another owner’s menu', async ({ page, baseURL }) => {
  await signUp(page);
  const created = await page.request.post('/api/menus', {
    headers: { Origin: baseURL! },
    data: { name: 'Menu privé' },
  });
  const { id } = (await created.json()) as { id: string };

  await page.context().clearCookies();
  await signUp(page);
  for (const path of [
    `/menu-editor/${id}`,
    `/menus/${id}`,
    '/menu-editor/00000000-0000-4000-8000-000000000000',
    '/menu-editor',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Menu non trouvé' })).toBeVisible();
    await expect(page.getByText('Menu privé')).toHaveCount(0);
  }
  await page.setViewportSize(PHONE);
  await screenshot(page, 'menu-not-found-360');
  await page.getByRole('link', { name: 'Retour aux menus' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(page.getByText('Aucun menu trouvé')).toBeVisible();
});

test('the recipe picker without recipes points to Mes Recettes', async ({ page, baseURL }) => {
  await signUp(page);
  const created = await page.request.post('/api/menus', { headers: { Origin: baseURL! }, data: { name: 'Menu vide' } });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/menu-editor/${id}`);
  await page.getByRole('button', { name: 'Créer ma première section' }).click();
  await page.getByRole('button', { name: 'Ajouter recette' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une recette' });
  await expect(dialog.getByText('Aucune recette disponible')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Ajouter recette' }).click();
  await dialog.getByRole('link', { name: 'Mes Recettes' }).click();
  await expect(page).toHaveURL(/\/recipes$/);
});
