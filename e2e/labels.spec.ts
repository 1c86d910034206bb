import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectToast, LAPTOP, makePremium, PHONE, screenshot, signUp } from './fixtures.ts';

/**
 * Labels (docs/product/labels.md): a recipe's label computed from its tree, its settings typed
 * the French way in any browser locale, printed as a PDF; the plats témoins of a planned day.
 * The data is seeded through the API.
 */
async function seedQuiche(page: Page, origin: string) {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(response.status(), path).toBe(201);
    return (await response.json()) as { id: string };
  };
  const pastry = await post('/api/recipes', {
    name: 'Pâte brisée',
    servings: 4,
    ingredients: [
      { code: '9410', quantity: 250, unit: 'g' },
      { code: '16400', quantity: 125, unit: 'g' },
    ],
    allergens: ['Gluten', 'Lait'],
    allergensDeclared: true,
    yieldGrams: 300,
  });
  return post('/api/recipes', {
    name: 'Quiche au saumon',
    servings: 4,
    homemade: true,
    ingredients: [
      { recipeId: pastry.id, quantity: 300, unit: 'g' },
      { code: '22000', quantity: 3, unit: 'unité', gramsPerUnit: 50 },
      { code: '19410', quantity: 250, unit: 'g' },
      { code: '25992', quantity: 120, unit: 'g' },
    ],
    allergens: ['Œufs', 'Poissons', 'Lait', 'Gluten'],
    traces: ['Fruits à coque'],
    allergensDeclared: true,
    yieldGrams: 800,
  });
}

for (const [locale, viewport] of [
  ['en-US', LAPTOP],
  ['fr-FR', PHONE],
] as const) {
  test.describe(`browser locale ${locale}`, () => {
    test.use({ locale });
    test(`a recipe's label: computed, set with French numbers, printed as a PDF (${viewport.width} px)`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signUp(page);
      const quiche = await seedQuiche(page, baseURL!);
      await page.goto('/recipes');
      await page.getByRole('link', { name: 'Étiquette', exact: true }).first().click();
      await expect(page.getByRole('heading', { name: 'Étiquette : Quiche au saumon', level: 1 })).toBeVisible();
      const preview = page.getByTestId('label-preview');
      // By weight at the time of use, the pastry with its own list, the allergens in bold, the salmon's QUID.
      await expect(preview).toContainText(
        'Ingrédients : pâte brisée (farine de blé tendre ou froment T110, beurre à 80 % MG minimum), crème 30 % MG, œuf cru, saumon fumé 15 %.',
      );
      await expect(preview.locator('strong', { hasText: 'saumon' })).toBeVisible();
      await expect(preview).toContainText('Peut contenir : fruits à coque.');
      await expect(page.getByTestId('label-warnings')).toContainText('Durée de conservation par défaut');

      // French numbers in any locale: « 212,5 » g.
      await page.getByLabel('Durée de conservation (jours après la fabrication)').fill('2');
      await page.getByLabel('Quantité nette').fill('212,5');
      await page.getByLabel('Déclaration nutritionnelle').selectOption('per_100g_and_portion');
      await page.getByRole('textbox', { name: 'œuf cru' }).fill('œufs frais');
      await page.getByRole('button', { name: 'Enregistrer l’étiquette' }).click();
      await expectToast(page, 'Étiquette enregistrée');
      await expect(preview).toContainText('Poids net : 212,5 g');
      await expect(preview).toContainText('œufs frais');
      await expect(preview).toContainText('Par portion (200 g)');
      const stored = await (await page.request.get(`/api/recipes/${quiche.id}/label`)).json();
      expect(stored.settings).toMatchObject({ version: 1, shelfLifeDays: 2, netQuantity: 212.5 });

      // A typo is said next to the field, nothing is sent.
      await page.getByLabel('Quantité nette').fill('12,5,3');
      await page.getByRole('button', { name: 'Enregistrer l’étiquette' }).click();
      await expect(page.getByText('La quantité nette doit être comprise entre 0,1 et 100 000')).toBeVisible();
      await page.getByLabel('Quantité nette').fill('212,5');

      // Printing: the link carries the choices; the server answers a PDF.
      await page.getByLabel('Format', { exact: true }).selectOption('roll-62');
      await page.getByLabel('Exemplaires').fill('3');
      await page.getByLabel('Numéro de lot').fill('L-0907');
      const href = await page.getByTestId('print-pdf').getAttribute('href');
      expect(href).toMatch(
        /^\/api\/recipes\/[0-9a-f-]+\/label\.pdf\?format=roll-62&copies=3&skip=0&date=\d{4}-\d{2}-\d{2}&lot=L-0907$/,
      );
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `labels-recipe-${viewport.width}`);
    });
  });
}

test('the plats témoins of a planned day, all dishes in one go (360 and 1280 px)', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await makePremium(page, baseURL!);
  const quiche = await seedQuiche(page, baseURL!);
  const establishments = await (await page.request.get('/api/establishments')).json();
  const establishmentId = establishments.establishments[0].id as string;
  const planned = await page.request.put(`/api/meal-plans/${establishmentId}/2026-09-07/dejeuner`, {
    headers: { Origin: baseURL! },
    data: { components: [{ slot: 'plat', recipeId: quiche.id }] },
  });
  expect(planned.status()).toBe(200);
  for (const viewport of [PHONE, LAPTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/plans-de-menus/${establishmentId}/temoins?date=2026-09-07`);
    await expect(page.getByRole('heading', { name: 'Plats témoins', level: 1 })).toBeVisible();
    await expect(page.getByTestId('temoin-dishes')).toContainText('Quiche au saumon');
    await expect(page.getByTestId('temoin-dishes')).toContainText('à détruire le 13/09/2026');
    const href = await page.getByTestId('print-pdf').getAttribute('href');
    expect(href).toContain('date=2026-09-07');
    const pdf = await page.request.get(href!);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await screenshot(page, `labels-temoins-${viewport.width}`);
  }
});
