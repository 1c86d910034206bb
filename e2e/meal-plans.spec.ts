import type { Page } from '@playwright/test';
import {
  calmScreenshot,
  expectFitsScreen,
  expectToast,
  LAPTOP,
  makePremium,
  PHONE,
  signUp,
  uniqueEmail,
} from './fixtures.ts';
import { decodePng } from './qr-decode.ts';
import { expect, test } from './test.ts';

/**
 * Issue 19: a school kitchen plans four weeks (the first one from the keyboard, then copied),
 * sees one red GEMRCN criterion, fixes it by classifying a dish, prints the weekly poster, and
 * a parent's phone (360 px) opens the week by the poster's QR code.
 */
const MONDAY = '2026-09-07';
const day = (n: number) => new Date(Date.parse(`${MONDAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function seedRecipes(page: Page, origin: string): Promise<Record<string, string>> {
  const recipes: [string, string, number, string[]][] = [
    ['Carottes râpées', '20009', 80, []],
    ['Cabillaud vapeur', '26025', 100, ['Poissons']],
    ['Steak grillé', '6200', 100, []],
    ['Riz blanc', '9104', 150, []],
    ['Yaourt de brebis', '19554', 125, ['Lait']],
    ['Pomme', '13039', 150, []],
    ['Lentilles', '20587', 150, []],
  ];
  const ids: Record<string, string> = {};
  for (const [name, code, quantity, allergens] of recipes) {
    const res = await page.request.post('/api/recipes', {
      headers: { Origin: origin },
      data: {
        name,
        servings: 1,
        ingredients: [{ code, quantity, unit: 'g' }],
        allergens,
        dietaryInfo: [],
        allergensDeclared: true,
      },
    });
    expect(res.status()).toBe(201);
    ids[name] = ((await res.json()) as { id: string }).id;
  }
  return ids;
}

test('a school kitchen plans four weeks, fixes a red GEMRCN criterion, prints the poster, and a parent’s phone opens the week by its QR code', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, uniqueEmail('cantine'), 'École Jules Ferry');
  await makePremium(page, baseURL!);
  const ids = await seedRecipes(page, baseURL!);
  const establishment = (
    (await (await page.request.get('/api/establishments')).json()) as { establishments: { id: string }[] }
  ).establishments[0]!.id;

  // Monday from the keyboard: type, Tab to the next component.
  await page.goto(`/plans-de-menus?date=${MONDAY}`);
  await expect(page.getByRole('heading', { name: 'Plans de menus' })).toBeVisible();
  const monday = page.getByTestId(`day-${MONDAY}`);
  await monday.getByLabel('lundi 7 septembre, Entrée').click();
  for (const name of ['Carottes râpées', 'Cabillaud vapeur', 'Riz blanc', 'Yaourt de brebis', 'Pomme']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
  }
  await expect(monday).toContainText('kcal', { timeout: 15_000 });
  await expect(monday.getByLabel('lundi 7 septembre, Dessert')).toHaveValue('Pomme');

  // The rest of the week through the API (the same request the fields send).
  for (const [n, plat] of [
    [1, 'Steak grillé'],
    [2, 'Cabillaud vapeur'],
    [3, 'Steak grillé'],
    [4, 'Lentilles'],
  ] as const) {
    const components = [
      { slot: 'entree', recipeId: ids['Carottes râpées'] },
      { slot: 'plat', recipeId: ids[plat] },
      { slot: 'accompagnement', recipeId: ids['Riz blanc'] },
      { slot: 'laitier', recipeId: ids['Yaourt de brebis'] },
      { slot: 'dessert', recipeId: ids.Pomme },
    ];
    expect(
      (
        await page.request.put(`/api/meal-plans/${establishment}/${day(n)}/dejeuner`, {
          headers: { Origin: baseURL! },
          data: { components },
        })
      ).status(),
    ).toBe(200);
  }

  // Copied three times: four weeks, 20 lunches, once Monday's last field (saved on Tab) is stored.
  await expect
    .poll(async () => {
      const plan = (await (
        await page.request.get(`/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}`)
      ).json()) as { days: { services: { components: unknown[] }[] }[] };
      return plan.days[0]?.services[0]?.components.length;
    })
    .toBe(5);
  await page.reload();
  const copy = page.getByRole('region', { name: 'Copier vers des dates suivantes' });
  await copy.getByLabel('Quoi').selectOption({ label: 'Une semaine' });
  await copy.getByLabel('Nombre de fois').fill('3');
  await copy.getByRole('button', { name: 'Copier' }).click();
  await expectToast(page, '75 plats copiés');
  await page.getByRole('button', { name: 'Publier la semaine' }).click();
  await expectToast(page, 'Semaine publiée (25\u00a0plats)');

  // One red criterion: no whole beef, veal or lamb in 20 meals, until the steak is classified.
  const beef = page.getByTestId('gemrcn-viandes-non-hachees');
  await expect(beef).toHaveAttribute('data-ok', 'false');
  await expect(beef).toContainText('Non conforme · 0/20');
  await expect(page.getByTestId('gemrcn-poissons')).toHaveAttribute('data-ok', 'true');
  await calmScreenshot(page, 'meal-plans-week-red-1280');
  const classify = page.getByRole('region', { name: 'Classer un plat pour la grille' });
  await classify.getByLabel('Recette').selectOption({ label: 'Steak grillé' });
  await classify.getByLabel('Viande non hachée de bœuf, veau, agneau ou abats').check();
  await classify.getByRole('button', { name: 'Enregistrer la classification' }).click();
  await expectToast(page, 'Classification enregistrée');
  await expect(beef).toHaveAttribute('data-ok', 'true');
  await expect(beef).toContainText('Conforme · 8/20');

  // EGalim: one vegetarian lunch every week (Friday's lentils).
  await expect(page.getByRole('region', { name: /EGalim/ })).toContainText('Semaines avec un menu végétarien');
  await page.getByRole('button', { name: 'Mois' }).click();
  await expect(page.getByText('Végétarien').first()).toBeVisible();
  await calmScreenshot(page, 'meal-plans-month-1280');

  // The poster, and its QR code leads to the families' page.
  await page.goto(`/plans-de-menus/${establishment}/affiche?date=${MONDAY}`);
  const poster = page.getByTestId('week-poster');
  await expect(poster).toContainText('Menus de la semaine du lundi 7 septembre');
  await expect(poster).toContainText('Allergènes : Poissons');
  await expect(poster).toContainText('Menu végétarien');
  const qr = poster.getByRole('img', { name: 'Code QR des menus de la semaine' });
  await expect(qr).toBeVisible();
  await calmScreenshot(page, 'meal-plans-poster-1280');
  const url = decodePng(await qr.screenshot({ scale: 'device' })).text;
  expect(url).toBe(`${baseURL}/semaine/${establishment}`);

  // A parent's phone, no session, no JavaScript.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const parent = await phone.newPage();
  await parent.goto(`${url}?date=${day(2)}`);
  await expect(parent.getByRole('heading', { level: 1 })).toHaveText('Menus de la semaine du 7 septembre 2026');
  await expect(parent.getByText('Cabillaud vapeur').first()).toBeVisible();
  await expect(parent.getByText('Menu végétarien')).toBeVisible();
  await expectFitsScreen(parent, 'Semaine des familles');
  await parent.screenshot({ path: 'test-results/screenshots/week-page-360.png', fullPage: true });
  await parent.getByRole('link', { name: 'Semaine suivante' }).first().click();
  await expect(parent.getByRole('heading', { level: 1 })).toHaveText('Menus de la semaine du 14 septembre 2026');
  await phone.close();
});

test('the planner fits a 360 px phone', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signUp(page, uniqueEmail('cantine-tel'), 'École du Port');
  // Free plan: the plan is read-only, with the way to Premium.
  await page.goto(`/plans-de-menus?date=${MONDAY}`);
  await expect(page.getByTestId('meal-plans-premium').getByRole('link', { name: 'Passer au Premium' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(page.getByTestId(`day-${MONDAY}`).getByLabel('lundi 7 septembre, Plat')).toBeDisabled();
  await calmScreenshot(page, 'meal-plans-free-360');
  await makePremium(page, baseURL!);
  await seedRecipes(page, baseURL!);
  await page.goto(`/plans-de-menus?date=${MONDAY}`);
  const monday = page.getByTestId(`day-${MONDAY}`);
  await monday.getByLabel('lundi 7 septembre, Plat').fill('Lentilles');
  await monday.getByLabel('lundi 7 septembre, Plat').press('Enter');
  await expect(monday.getByText('Menu végétarien')).toBeVisible({ timeout: 15_000 });
  await expectFitsScreen(page, 'Plans de menus');
  await calmScreenshot(page, 'meal-plans-week-360');
});

test('a canteen sets its own grammages: the production sheet follows, a wrong weight is told next to its box, and the defaults come back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, uniqueEmail('cantine-grammages'), 'Collège Jean Moulin');
  await makePremium(page, baseURL!);
  const ids = await seedRecipes(page, baseURL!);
  const establishment = (
    (await (await page.request.get('/api/establishments')).json()) as { establishments: { id: string }[] }
  ).establishments[0]!.id;
  const components = [
    { slot: 'plat', recipeId: ids['Cabillaud vapeur'] },
    { slot: 'laitier', recipeId: ids['Yaourt de brebis'] },
  ];
  expect(
    (
      await page.request.put(`/api/meal-plans/${establishment}/${MONDAY}/dejeuner`, {
        headers: { Origin: baseURL! },
        data: { components },
      })
    ).status(),
  ).toBe(200);

  await page.goto(`/plans-de-menus?date=${MONDAY}`);
  const sheet = page.getByRole('region', { name: 'Fiche de production du jour' });
  await sheet.getByLabel('Élémentaire').fill('10');
  // 100 g of cod a portion, 70 g an élémentaire cover (arrêté): 700 g for 10.
  const fish = sheet.locator('div', { has: page.getByRole('heading', { name: /Cabillaud vapeur/ }) }).last();
  await expect(fish).toContainText('élémentaire 70\u00a0g (arrêté du 30 septembre 2011, annexe II)');
  await expect(fish.getByRole('listitem')).toContainText('700\u00a0g');

  const grammages = page.getByRole('region', { name: 'Grammages par âge' });
  const fishCover = grammages.getByLabel('Plat protidique (viande, poisson, œuf), élémentaire');
  await expect(fishCover).toHaveValue('70');
  await fishCover.fill('abc');
  await grammages.getByRole('button', { name: 'Enregistrer les grammages' }).click();
  await expect(grammages.getByRole('alert')).toHaveText(
    'Indiquez un nombre entier de grammes, de 1 à 2\u00a0000 (vide\u00a0: portion de la recette)',
  );
  await expect(fishCover).toHaveAttribute('aria-invalid', 'true');
  await fishCover.fill('90');
  await expect(grammages.getByText('Le vôtre')).toHaveCount(1);
  await grammages.getByRole('button', { name: 'Enregistrer les grammages' }).click();
  await expectToast(page, 'Grammages enregistrés');
  await expect(grammages.getByRole('alert')).toHaveCount(0);
  await expect(fish.getByRole('listitem')).toContainText('900\u00a0g');
  await expect(fish).toContainText('élémentaire 90\u00a0g (grammage de l’établissement)');
  await calmScreenshot(page, 'meal-plans-grammages-1280');

  await page.setViewportSize(PHONE);
  await expectFitsScreen(page, 'Plans de menus avec les grammages');
  await grammages.scrollIntoViewIfNeeded();
  await calmScreenshot(page, 'meal-plans-grammages-360');
  await page.setViewportSize(LAPTOP);

  await grammages.getByRole('button', { name: 'Rétablir les repères' }).click();
  await expectToast(page, 'Repères rétablis');
  await expect(fishCover).toHaveValue('70');
  await expect(fish.getByRole('listitem')).toContainText('700\u00a0g');
});

test('the yearly EGalim poster for diners: the shares of the year, the law’s goals, the team’s word and the week’s QR code', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, uniqueEmail('cantine-egalim'), 'Lycée Jean Jaurès');
  await makePremium(page, baseURL!);
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { headers: { Origin: baseURL! }, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const product = (name: string, amount: number, labels: string[], meatKind: string | null = null) =>
    post('/api/products', {
      name,
      per100g: { energyKcal: 100 },
      allergens: [],
      traces: [],
      labels,
      meatKind,
      price: { amount, per: 'kg' },
    });
  // 100 g of organic carrots (0.30 €) and 100 g of Label Rouge chicken (1.20 €): 1.50 € a cover.
  const carrots = await product('Carottes bio', 3, ['bio']);
  const chicken = await product('Poulet Label Rouge', 12, ['label_rouge'], 'volaille');
  const dish = await post('/api/recipes', {
    name: 'Poulet aux carottes',
    servings: 1,
    ingredients: [
      { productId: carrots, quantity: 100, unit: 'g' },
      { productId: chicken, quantity: 100, unit: 'g' },
    ],
    allergens: [],
    dietaryInfo: [],
    allergensDeclared: true,
  });
  const establishment = (
    (await (await page.request.get('/api/establishments')).json()) as { establishments: { id: string }[] }
  ).establishments[0]!.id;
  expect(
    (
      await page.request.put(`/api/meal-plans/${establishment}/${MONDAY}/dejeuner`, {
        headers: { Origin: baseURL! },
        data: { components: [{ slot: 'plat', recipeId: dish }] },
      })
    ).status(),
  ).toBe(200);

  await page.goto(`/plans-de-menus?date=${MONDAY}`);
  await page.getByRole('link', { name: 'Affiche EGalim de l’année pour les convives' }).click();
  await expect(page).toHaveURL(new RegExp(`/plans-de-menus/${establishment}/affiche-egalim\\?annee=2026$`));
  const poster = page.getByTestId('egalim-poster');
  await expect(poster.getByRole('heading', { level: 1 })).toHaveText('Ce que contiennent nos repas en 2026');
  // Bio 0.30 of 1.50 € = 20 %; sustainable (bio + Label Rouge) 100 %; all the meat is Label Rouge.
  await expect(poster.getByTestId('egalim-poster-organic')).toContainText('20\u00a0%');
  await expect(poster.getByTestId('egalim-poster-sustainable')).toContainText('100\u00a0%');
  await expect(poster.getByTestId('egalim-poster-meat-fish')).toContainText('100\u00a0%');
  await expect(poster.getByTestId('egalim-poster-sustainable')).toContainText(
    'Objectif de la loi\u00a0: au moins 50\u00a0%',
  );
  await expect(poster.getByTestId('egalim-poster-vegetarian')).toContainText('0\u00a0semaine sur 1');
  await expect(poster).toContainText('article L.\u00a0230-5-3 du code rural');
  await page
    .getByLabel('Un mot aux convives (facultatif, imprimé sur l’affiche)')
    .fill('Nos carottes viennent de la ferme du Plateau.');
  await expect(poster.getByRole('region', { name: 'Un mot de l’équipe' })).toContainText('ferme du Plateau');
  const qr = poster.getByRole('img', { name: 'Code QR des menus de la semaine' });
  expect(decodePng(await qr.screenshot({ scale: 'device' })).text).toBe(`${baseURL}/semaine/${establishment}`);
  await calmScreenshot(page, 'egalim-poster-1280');
  await page.setViewportSize(PHONE);
  await expectFitsScreen(page, 'Affiche EGalim');
  await calmScreenshot(page, 'egalim-poster-360');
});
