import { expect, test } from './test.ts';
import { expectToast, LAPTOP, screenshot, signUp } from './fixtures.ts';
import { RECIPE_FILE_HEADERS } from '../src/shared/recipe-file.ts';

/**
 * Recipes from a CSV file (docs/decisions/0023-costs-import-export.md): the preview
 * names each row's problem in French and nothing can be imported; the corrected file imports
 * its recipes, the sub-recipe before the dish that uses it.
 */
const row = (recipe: string, ingredient: string, kind: string, quantity: string, unit: string, gramsPerUnit = '') =>
  [recipe, '4', '', 'sur place', '', '', '', ingredient, kind, quantity, unit, gramsPerUnit].join(';');
const file = (rows: string[]) => ({
  name: 'recettes.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${RECIPE_FILE_HEADERS.join(';')}\n${rows.join('\n')}\n`),
});

test('a recipes file: its problems in French, then an import of every recipe (1280 px)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page);
  await page.goto('/produits');
  const input = page.getByLabel(/^Fichier de recettes/);
  const section = page.getByTestId('recipes-import');

  await input.setInputFiles(
    file([
      row('Pâte brisée maison', 'Beurre à 80% MG minimum, doux', 'Ciqual', '125', 'g'),
      row('Quiche', 'Pâte brisée', 'Sous-recette', '2', 'portion'),
    ]),
  );
  await expect(section.getByText('2 lignes : 1 prêtes, 1 à corriger.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(section.getByText(/Sous-recette introuvable\s:\s«\sPâte brisée\s»/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Importer les 2 recettes' })).toBeDisabled();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'recipe-import-preview-1280');

  await input.setInputFiles(
    file([
      row('Pâte brisée maison', 'Beurre à 80% MG minimum, doux', 'Ciqual', '125', 'g'),
      row('Pâte brisée maison', 'Farine de blé tendre ou froment T55 (pour pains)', 'Ciqual', '250', 'g'),
      row('Quiche', 'Pâte brisée maison', 'Sous-recette', '2', 'portion'),
      row('Quiche', 'Oeuf cru', 'Ciqual', '3', 'unité', '50'),
    ]),
  );
  await expect(section.getByText('4 lignes, toutes prêtes à importer.')).toBeVisible({ timeout: 30_000 });
  await section.getByRole('button', { name: 'Importer les 2 recettes' }).click();
  await expectToast(page, '2 recettes importées');
  const recipes = (await (await page.request.get('/api/recipes')).json()).recipes as {
    name: string;
    ingredients: { kind: string }[];
  }[];
  expect(recipes.map((r) => r.name).sort()).toEqual(['Pâte brisée maison', 'Quiche']);
  expect(recipes.find((r) => r.name === 'Quiche')!.ingredients.map((l) => l.kind)).toEqual(['recipe', 'ciqual']);
  // A fresh file input: the imported file is not offered again.
  await expect(input).toHaveValue('');
  await screenshot(page, 'recipe-import-done-1280');
});
