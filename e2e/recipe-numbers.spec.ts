import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { calmScreenshot, expectToast, LAPTOP, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * « Numbers a French kitchen types » (docs/product/decisions.md 16 and 17, docs/decisions/0010). « 0,25 » kg of
 * butter became 25 kg in an English Chromium: every browser locale must read it as 0.25.
 */
const BUTTER = 'Beurre à 80% MG minimum, doux';
const YOLK = "Oeuf, jaune (jaune d'oeuf), cru";
const OIL = 'Huile de tournesol';

async function addIngredient(page: Page, typed: string, name: string) {
  await page.getByRole('combobox', { name: 'Rechercher un ingrédient (table Ciqual)' }).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')} \\d`) }).click();
}

const line = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Ingrédients de la recette' }).getByRole('listitem').filter({ hasText: name });

async function storedRecipes(page: Page) {
  const response = await page.request.get('/api/recipes');
  expect(response.status()).toBe(200);
  return (await response.json()).recipes as {
    name: string;
    price: number | null;
    caloriesPerServing: number;
    ingredients: Record<string, unknown>[];
  }[];
}

for (const locale of ['en-US', 'fr-FR']) {
  test.describe(`browser locale ${locale}`, () => {
    test.use({ locale });

    for (const viewport of [LAPTOP, PHONE]) {
      test(`« 0,25 » kg and « 9,50 » € are saved as typed, -5 and 0 are refused next to the field (${viewport.width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await signUp(page);
        await page.goto('/recipes');
        await page.getByRole('button', { name: 'Nouvelle recette' }).click();
        await page.getByLabel('Nom de la recette').fill('Beurre noisette');
        await page.getByLabel('Portions').fill('2');
        await page.getByLabel('Prix (€)').fill('9,50');

        await addIngredient(page, 'beurre doux', BUTTER);
        await page.getByLabel(`Quantité de ${BUTTER}`).fill('0,25');
        await page.getByLabel(`Unité de ${BUTTER}`).selectOption('kg');

        // An egg yolk counted by the unit weighs 17 g (USDA), not a whole egg's 55 g.
        await addIngredient(page, "jaune d'oeuf cru", YOLK);
        await page.getByLabel(`Quantité de ${YOLK}`).fill('2');
        await page.getByLabel(`Unité de ${YOLK}`).selectOption('unité');
        await expect(page.getByLabel(`Poids d’une unité de ${YOLK} (g)`)).toHaveValue('17');
        await expect(line(page, YOLK).getByTestId('line-conversion')).toContainText(
          'USDA FoodData Central, Foundation Foods',
        );

        // Oil in ml: density 0,92 shown and editable; « 0.91 » typed reads back « 0,91 ».
        await addIngredient(page, 'huile tournesol', OIL);
        await page.getByLabel(`Unité de ${OIL}`).selectOption('ml');
        const density = page.getByLabel(`Densité de ${OIL} (g/ml)`);
        await expect(density).toHaveValue('0,92');
        await density.fill('0.91');
        await density.blur();
        await expect(density).toHaveValue('0,91');
        await expect(line(page, OIL).getByRole('button', { name: 'Utiliser 0,92' })).toBeVisible();

        // -5 then 0: refused next to the quantity, nothing saved.
        const quantity = page.getByLabel(`Quantité de ${BUTTER}`);
        for (const typed of ['-5', '0']) {
          await quantity.fill(typed);
          await quantity.blur();
          await expect(line(page, BUTTER).getByRole('alert')).toHaveText('La quantité doit être supérieure à 0');
          await expect(quantity).toHaveAttribute('aria-invalid', 'true');
          await page.getByRole('button', { name: 'Créer', exact: true }).click();
          await expectToast(page, 'Erreur de validation');
          expect(await storedRecipes(page)).toEqual([]);
        }
        await screenshot(page, `recipe-numbers-refused-${locale}-${viewport.width}`);

        await quantity.fill('0,25');
        await expect(line(page, BUTTER).getByRole('alert')).toHaveCount(0);
        await quantity.blur();
        await expect(page.getByLabel('Prix (€)')).toHaveValue('9,50');
        await page.getByRole('button', { name: 'Créer', exact: true }).click();
        await expectToast(page, 'Recette créée avec succès');

        const [saved] = await storedRecipes(page);
        expect(saved).toMatchObject({ name: 'Beurre noisette', price: 9.5 });
        expect(
          saved!.ingredients.map(({ code, quantity, unit, gramsPerUnit, gramsPerMl }) => ({
            code,
            quantity,
            unit,
            gramsPerUnit,
            gramsPerMl,
          })),
        ).toEqual([
          { code: '16400', quantity: 0.25, unit: 'kg', gramsPerUnit: null, gramsPerMl: null },
          { code: '22002', quantity: 2, unit: 'unité', gramsPerUnit: 17, gramsPerMl: null },
          { code: '17440', quantity: 100, unit: 'ml', gramsPerUnit: null, gramsPerMl: 0.91 },
        ]);
        // (250 g × 7.53 + 34 g × 3.07 + 91 g × 9) / 2 = 2805.88 / 2 → 1403 kcal, not 188 250.
        expect(saved!.caloriesPerServing).toBe(1403);
        const card = page.getByTestId('recipe-card').filter({ hasText: 'Beurre noisette' });
        await expect(card.getByTestId('kcal-badge')).toHaveText(/^1\s403\skcal \/ portion$/);
        await expect(card.getByTestId('price-badge')).toHaveText(/^9,50\s€$/);
        await expect(card).toContainText(`0,25 kg · ${BUTTER}`);
        await calmScreenshot(page, `recipe-numbers-card-${locale}-${viewport.width}`);
      });
    }
  });
}

test('the recipe form refuses junk in its other number fields, next to each', async ({ page }) => {
  await signUp(page);
  await page.goto('/recipes');
  await page.getByRole('button', { name: 'Nouvelle recette' }).click();
  await page.getByLabel('Nom de la recette').fill('Essai');
  await addIngredient(page, 'beurre doux', BUTTER);
  await page.getByLabel('Portions').fill('1,5');
  await page.getByLabel('Préparation (min)').fill('dix');
  await page.getByLabel('Prix (€)').fill('0');
  await page.getByText('Déclaration nutritionnelle et Nutri-Score').click();
  await page.getByLabel('Poids total cuit (g, optionnel)').fill('1,2,3');
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  const form = page.getByRole('form', { name: 'Nouvelle recette' });
  await expect(form.getByText('Le nombre de portions doit être un nombre entier')).toBeVisible();
  await expect(form.getByText('Saisissez un nombre entier, par exemple 4')).toBeVisible();
  await expect(form.getByText('Le prix doit être supérieur à 0')).toBeVisible();
  await expect(form.getByText('Saisissez un nombre, par exemple 0,25')).toBeVisible();
  await expect(page.getByLabel('Portions')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'recipe-numbers-fields');
  expect(await storedRecipes(page)).toEqual([]);
});
