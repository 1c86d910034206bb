import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import {
  calmScreenshot,
  expectFitsScreen,
  expectToast,
  LAPTOP,
  makePremium,
  openOrganisationPage,
  PHONE,
  signUp,
  uniqueEmail,
} from './fixtures.ts';
import { decodePng } from './qr-decode.ts';
import { expect, test } from './test.ts';

/**
 * A school kitchen plans four weeks (the first one from the keyboard, then copied),
 * sees one red GEMRCN criterion, fixes it by classifying a dish, prints the weekly poster, and
 * a parent's phone (360 px) opens the week by the poster's QR code.
 */
const MONDAY = '2026-09-07';

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

/**
 * A school year's weeks as a canteen runs them (docs/product/meal-plans.md): the establishment's
 * profile and diet counts, four school weeks around Easter Monday and zone B's spring holidays
 * (the first typed from the keyboard with its substitutes, then copied over the closed days),
 * the production sheet, the order list and the one-page poster printed, the week published,
 * and a parent's 360 px phone reading it without JavaScript.
 */
const SPRING = '2026-03-30';
const springDay = (n: number) =>
  new Date(Date.parse(`${SPRING}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('a canteen plans four school weeks with a holiday, two variants and a PAI, prints its sheets and poster, publishes, and a parent reads the week on a phone', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, uniqueEmail('cantine'), 'École Jules Ferry');
  await makePremium(page, baseURL!);
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { headers: { Origin: baseURL! }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const beef = await post('/api/products', {
    name: 'Steak haché de bœuf',
    supplier: 'Boucherie Martin',
    per100g: { energyKcal: 200, fat: 10, protein: 20, sugars: 0 },
    allergens: [],
    traces: [],
    price: { amount: 12, per: 'kg' },
    origin: 'France',
    meatKind: 'bovine',
    labels: ['label_rouge'],
    pack: { quantity: 5, unit: 'kg' },
  });
  const apples = await post('/api/products', {
    name: 'Pommes bio',
    supplier: 'Primeurs du Marché',
    basedOnCode: '13039',
    per100g: { energyKcal: 52, fat: 0.3, protein: 0.3, sugars: 10 },
    allergens: [],
    traces: [],
    price: { amount: 2.5, per: 'kg' },
    labels: ['bio'],
    seasonMonths: [1, 2, 3, 4, 5, 9, 10, 11, 12],
  });
  const recipe = (name: string, ingredients: unknown[], extra: Record<string, unknown> = {}) =>
    post('/api/recipes', {
      name,
      servings: 1,
      ingredients,
      allergens: [],
      dietaryInfo: [],
      allergensDeclared: true,
      ...extra,
    });
  const r = {
    carottes: await recipe('Carottes râpées', [{ code: '20009', quantity: 90, unit: 'g' }]),
    steak: await recipe('Steak haché', [{ productId: beef, quantity: 1000, unit: 'g' }], {
      servings: 10,
      yieldGrams: 800,
      homemade: true,
    }),
    roti: await recipe('Rôti de porc', [{ code: '28301', quantity: 100, unit: 'g' }]),
    omelette: await recipe('Omelette', [{ code: '22500', quantity: 100, unit: 'g' }], { allergens: ['Œufs'] }),
    cabillaud: await recipe('Cabillaud vapeur', [{ code: '26025', quantity: 100, unit: 'g' }], {
      allergens: ['Poissons'],
    }),
    lentilles: await recipe('Lentilles', [{ code: '20587', quantity: 150, unit: 'g' }]),
    riz: await recipe('Riz', [{ code: '9104', quantity: 135, unit: 'g' }]),
    haricots: await recipe('Haricots verts', [{ code: '20070', quantity: 1000, unit: 'g' }], {
      servings: 10,
      yieldGrams: 1300,
    }),
    yaourt: await recipe('Yaourt', [{ code: '19554', quantity: 125, unit: 'g' }], { allergens: ['Lait'] }),
    pomme: await recipe('Pomme', [{ productId: apples, quantity: 150, unit: 'g' }]),
    gateau: await recipe('Gâteau au yaourt', [{ code: '23588', quantity: 60, unit: 'g' }], {
      allergens: ['Gluten', 'Œufs', 'Lait'],
      traces: ['Arachides'],
    }),
  };
  const establishment = (
    (await (await page.request.get('/api/establishments')).json()) as { establishments: { id: string }[] }
  ).establishments[0]!.id;

  // The establishment: an élémentaire school of zone B, 120 lunches a day, no school on Wednesdays.
  await openOrganisationPage(page, 'Établissements');
  await page.getByTestId('establishment-card').first().getByRole('button', { name: 'Modifier' }).click();
  const form = page.getByRole('form', { name: 'Modifier l’établissement' });
  await form.getByLabel('Type d’établissement').selectOption({ label: 'École élémentaire' });
  await form.getByLabel('Zone scolaire').selectOption({ label: 'Zone B' });
  await form.getByLabel(/SIRET/).fill('213 401 722 01788');
  for (const day of ['lundi', 'mardi', 'jeudi', 'vendredi'])
    await form.getByLabel(`Couverts du déjeuner, ${day}`).fill('120');
  await form.getByLabel('Pas d’école le mercredi').check();
  await form.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(form.getByText(/SIRET invalide/)).toBeVisible();
  await form.getByLabel(/SIRET/).fill('213 401 722 01787');
  await calmScreenshot(page, 'canteen-establishment-1280');
  await form.getByRole('button', { name: 'Mettre à jour' }).click();
  await expectToast(page, 'Établissement enregistré');

  // Two variants and a PAI: 8 « sans porc », 5 « végétarien », 2 PAI peanut.
  await page.goto(`/plans-de-menus?date=${SPRING}`);
  const diets = page.getByRole('region', { name: 'Menus de substitution' });
  await diets.getByLabel('Sans porc').fill('8');
  await diets.getByLabel('Végétarien').fill('5');
  await diets.getByText('PAI (allergies), par allergène').click();
  await diets.getByLabel('PAI arachides').fill('2');
  await diets.getByRole('button', { name: 'Enregistrer les menus de substitution' }).click();
  await expectToast(page, 'Menus de substitution enregistrés');

  // Monday from the keyboard; Wednesday has no school and shows why.
  const monday = page.getByTestId(`day-${SPRING}`);
  await monday.getByLabel('lundi 30 mars, Entrée').click();
  for (const name of ['Carottes râpées', 'Rôti de porc', 'Riz', 'Yaourt', 'Pomme']) {
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
  }
  await expect(monday.getByLabel('lundi 30 mars, Dessert', { exact: true })).toHaveValue('Pomme');
  // The roast does not suit the « sans porc » and « végétarien » covers: two substitutes to plan.
  await expect(monday.getByText(/Menus de substitution.: 2 à prévoir/)).toBeVisible({ timeout: 15_000 });
  await expect(monday).toContainText('Rôti de porc\u00a0: contient du porc');
  await monday.getByLabel('lundi 30 mars, Plat, Sans porc').fill('Omelette');
  await monday.getByLabel('lundi 30 mars, Plat, Sans porc').press('Enter');
  await monday.getByLabel('lundi 30 mars, Plat, Végétarien').fill('Lentilles');
  await monday.getByLabel('lundi 30 mars, Plat, Végétarien').press('Enter');
  await expect(monday.getByText('Menus de substitution (2)')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId(`day-${springDay(2)}`)).toContainText('Pas de service\u00a0: Mercredi sans école');
  // The rest of the week through the API (the requests the fields send), a PAI dessert included.
  const lunch = (plat: string, side: string, dessert: string, substitutes: unknown[] = []) => [
    { slot: 'entree', recipeId: r.carottes },
    { slot: 'plat', recipeId: plat },
    { slot: 'accompagnement', recipeId: side },
    { slot: 'laitier', recipeId: r.yaourt },
    { slot: 'dessert', recipeId: dessert, substitutes },
  ];
  for (const [n, components] of [
    [1, lunch(r.steak, r.haricots, r.pomme)],
    [3, lunch(r.cabillaud, r.riz, r.gateau, [{ variant: 'pai:arachides', recipeId: r.pomme }])],
    [4, lunch(r.lentilles, r.riz, r.pomme)],
  ] as const) {
    const res = await page.request.put(`/api/meal-plans/${establishment}/${springDay(n)}/dejeuner`, {
      headers: { Origin: baseURL! },
      data: { components },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // Copied three times onto the next school days: Easter Monday, the Wednesdays, zone B's spring
  // holidays (11 – 26 April), 1 May and 8 May are skipped, four lunches a week kept together.
  await page.reload();
  const copy = page.getByRole('region', { name: 'Copier vers des dates suivantes' });
  await copy.getByLabel('Quoi').selectOption({ label: 'Une semaine' });
  await copy.getByLabel('Nombre de fois').fill('3');
  await copy.getByRole('button', { name: 'Copier' }).click();
  await expectToast(page, '60\u00a0plats copiés');
  await page.getByRole('button', { name: 'Semaine suivante' }).click();
  await expect(page.getByTestId('day-2026-04-06')).toContainText('Pas de service\u00a0: Lundi de Pâques');
  await expect(page.getByTestId('day-2026-04-07').getByLabel('mardi 7 avril, Plat', { exact: true })).toHaveValue(
    'Rôti de porc',
  );
  await expect(page.getByTestId('day-2026-04-11')).toHaveCount(0);
  await calmScreenshot(page, 'canteen-week-easter-1280');
  await page.getByRole('button', { name: 'Semaine précédente' }).click();

  // The grid: cooked green beans are cooked vegetables, said with the reason.
  await expect(page.getByTestId('gemrcn-crudites')).toContainText('16');
  const beans = page.getByTestId('gemrcn-legumes-cuits');
  await beans.getByText('Repas qui comptent').click();
  await expect(beans).toContainText('Haricots verts — 100\u00a0% de légumes (Haricot vert, surgelé, cru), plat cuit');
  const classify = page.getByRole('region', { name: 'Classer un plat pour la grille' });
  await classify.getByLabel('Recette').selectOption({ label: 'Haricots verts' });
  await expect(classify).toContainText('Selon les données\u00a0: oui, 100\u00a0% de légumes');
  await calmScreenshot(page, 'canteen-plan-1280');

  // The production sheet of Monday, printed: 107 roasts, 8 omelettes, 5 lentils.
  await page
    .getByRole('region', { name: 'Fiche de production du jour' })
    .getByRole('link', { name: 'Imprimer la fiche' })
    .click();
  const sheet = page.getByTestId('production-sheet');
  await expect(sheet).toContainText('Convives (de l’établissement)\u00a0: élémentaire 120');
  await expect(sheet.getByRole('heading', { name: 'Déjeuner, plat\u00a0: Rôti de porc' })).toBeVisible();
  await expect(sheet).toContainText('Déjeuner, plat (sans porc)\u00a0: Omelette');
  await expect(sheet).toContainText('Déjeuner, plat (végétarien)\u00a0: Lentilles');
  await expect(sheet).toContainText('107 convives');
  await expect(sheet.getByTestId('production-totals')).toContainText('Carotte, crue');
  await calmScreenshot(page, 'canteen-production-sheet-1280');
  await page.setViewportSize(PHONE);
  await expectFitsScreen(page, 'Fiche de production');
  await calmScreenshot(page, 'canteen-production-sheet-360');
  await page.setViewportSize(LAPTOP);

  // The week's order list: 120 steaks of 70 g cooked (80 % yield) are 10,5 kg raw, 3 packs of 5 kg.
  await page.goto(`/plans-de-menus/${establishment}/commandes?du=${SPRING}&au=${springDay(4)}`);
  const orders = page.getByTestId('orders');
  const butcher = orders.locator('section', { has: page.getByRole('heading', { name: 'Boucherie Martin' }) });
  await expect(butcher.getByRole('row', { name: /Steak haché de bœuf/ })).toContainText('10,5\u00a0kg');
  await expect(butcher.getByRole('row', { name: /Steak haché de bœuf/ })).toContainText('3 colis de 5\u00a0kg');
  await expect(page.getByRole('note')).toContainText(
    '5 convives «\u00a0Végétarien\u00a0» sans plat de substitution pour Steak haché',
  );
  await expect(page.getByRole('link', { name: 'Excel (XLSX)' })).toHaveAttribute('href', /format=xlsx/);
  await calmScreenshot(page, 'canteen-orders-1280');

  // Published: the week goes public.
  await page.goto(`/plans-de-menus?date=${SPRING}`);
  const bar = page.getByTestId('week-bar');
  await expect(bar).toContainText('Brouillon');
  await bar.getByRole('button', { name: 'Publier la semaine' }).click();
  await expectToast(page, 'Semaine publiée (20\u00a0plats)');
  await expect(bar).toContainText('Publiée le');

  // The poster: traces, « Aucun des 14 » in plain text, one A4 page, its QR code to the families' page.
  await page.goto(`/plans-de-menus/${establishment}/affiche?date=${SPRING}`);
  const poster = page.getByTestId('week-poster');
  await expect(poster).toContainText('Peut contenir\u00a0: Arachides');
  // A substitute is on the poster too, with its own allergens (the omelette's eggs).
  await expect(poster).toContainText('Sans porc\u00a0: OmeletteAllergènes\u00a0: Œufs');
  await expect(poster.getByText('Aucun des 14\u00a0allergènes réglementaires').first()).toHaveClass(/text-stone-600/);
  const qr = poster.getByRole('img', { name: 'Code QR des menus de la semaine' });
  const url = decodePng(await qr.screenshot({ scale: 'device' })).text;
  expect(url).toBe(`${baseURL}/semaine/${establishment}`);
  await calmScreenshot(page, 'canteen-poster-1280');
  const pdf = 'test-results/screenshots/canteen-poster.pdf';
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  expect(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]).toBe('1');

  // A parent's phone, no session, no JavaScript: the published week; a draft week is « pas disponible ».
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const parent = await phone.newPage();
  await parent.goto(`${url}?date=${springDay(1)}`);
  await expect(parent.getByRole('heading', { level: 1 })).toHaveText('Menus de la semaine du 30 mars 2026');
  await expect(parent.getByText('Peut contenir\u00a0: Arachides')).toBeVisible();
  await expect(parent.getByText('Fait maison').first()).toBeVisible();
  await expect(parent.getByText('De saison').first()).toBeVisible();
  await expect(parent.getByText('Viande bovine\u00a0: Origine\u00a0: France')).toBeVisible();
  await expect(parent.getByText('Menu végétarien')).toBeVisible();
  await expect(parent.getByText('Sans porc\u00a0: Omelette')).toBeVisible();
  await expectFitsScreen(parent, 'Semaine des familles');
  await parent.screenshot({ path: 'test-results/screenshots/canteen-week-page-360.png', fullPage: true });
  // A change after publication is dated for families.
  const change = await page.request.put(`/api/meal-plans/${establishment}/${springDay(4)}/dejeuner`, {
    headers: { Origin: baseURL! },
    data: { components: lunch(r.lentilles, r.haricots, r.pomme) },
  });
  expect(change.status()).toBe(200);
  await parent.reload();
  await expect(parent.getByText(/^Menu modifié le /)).toBeVisible();
  const draft = await parent.goto(`${url}?date=2026-04-27`);
  expect(draft?.status()).toBe(404);
  await expect(parent.getByText('Les menus de cette semaine ne sont pas encore disponibles')).toBeVisible();
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
  // No covers said for the establishment: they are typed for the day.
  await sheet.getByText('Saisir d’autres couverts pour ce jour').click();
  await sheet.getByLabel('Élémentaire').fill('10');
  // 100 g of cod a portion, 70 g an élémentaire cover (arrêté): 700 g for 10.
  const fish = sheet.locator('section', { has: page.getByRole('heading', { name: /Cabillaud vapeur/ }) });
  await expect(fish).toContainText(
    'élémentaire 70\u00a0g (source\u00a0: arrêté du 30 septembre 2011, annexe II, steak haché de bœuf',
  );
  await expect(fish.getByRole('row')).toContainText('700\u00a0g');

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
  await expect(fish.getByRole('row')).toContainText('900\u00a0g');
  await expect(fish).toContainText('élémentaire 90\u00a0g (source\u00a0: grammage de l’établissement)');
  await calmScreenshot(page, 'meal-plans-grammages-1280');

  await page.setViewportSize(PHONE);
  await expectFitsScreen(page, 'Plans de menus avec les grammages');
  await grammages.scrollIntoViewIfNeeded();
  await calmScreenshot(page, 'meal-plans-grammages-360');
  await page.setViewportSize(LAPTOP);

  await grammages.getByRole('button', { name: 'Rétablir les repères' }).click();
  await expectToast(page, 'Repères rétablis');
  await expect(fishCover).toHaveValue('70');
  await expect(fish.getByRole('row')).toContainText('700\u00a0g');
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
