import type { Browser, Page } from '@playwright/test';
import { calmScreenshot, expectToast, LAPTOP, makePremium, PASSWORD, PHONE, signUp, uniqueEmail } from './fixtures.ts';
import { waitForLink } from './mailbox.ts';
import { expect, test } from './test.ts';

/**
 * Versions and conflicts (src/shared/api/versions.ts, src/web/components/conflict-notice.tsx):
 * an owner and a cook, each in their own browser, edit the same thing. The one who saves
 * second is not silently written over: the form keeps what they typed, says who saved
 * meanwhile and what changed, and offers « Recharger » and « Garder mes modifications ».
 */
type Viewport = typeof LAPTOP | typeof PHONE;

/** The owner signs up in `page` (Premium, the cook's name set) and the cook joins from a second browser. */
async function ownerAndCook(page: Page, browser: Browser, origin: string, viewport: Viewport) {
  await signUp(page, uniqueEmail('chef'), 'Cantine des Lilas');
  await makePremium(page, origin);
  const cookEmail = uniqueEmail('marie');
  const invited = await page.request.post('/api/organisation/invitations', {
    headers: { Origin: origin },
    data: { email: cookEmail, role: 'editor' },
  });
  expect(invited.status()).toBe(201);
  const link = await waitForLink(cookEmail, /Invitation/);
  const phone = viewport.width < 768;
  const cook = await (
    await browser.newContext({ viewport, isMobile: phone, hasTouch: phone, baseURL: origin })
  ).newPage();
  const signedUp = await cook.request.post('/api/auth/sign-up/email', {
    headers: { Origin: origin },
    data: { email: cookEmail, password: PASSWORD, name: 'Marie Dupont' },
  });
  expect(signedUp.status()).toBe(200);
  const token = new URL(link).pathname.split('/').at(-1)!;
  expect(
    (await cook.request.post(`/api/invitations/${token}/accept`, { headers: { Origin: origin }, data: {} })).status(),
  ).toBe(200);
  return cook;
}

for (const viewport of [LAPTOP, PHONE]) {
  test(`at ${viewport.width} px: a cook saving a recipe the owner changed meanwhile sees who and what, keeps her portions and saves them`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const cook = await ownerAndCook(page, browser, baseURL!, viewport);
    const created = await page.request.post('/api/recipes', {
      headers: { Origin: baseURL! },
      data: { name: 'Quiche lorraine', servings: 6, ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }] },
    });
    expect(created.status()).toBe(201);
    const recipe = (await created.json()) as { id: string };

    // Both open the recipe.
    for (const p of [page, cook]) {
      await p.goto('/recipes');
      await p.getByRole('button', { name: 'Modifier' }).first().click();
      await expect(p.getByRole('form', { name: 'Modifier la recette' })).toBeVisible();
    }
    // The cook (Marie) saves a new name first.
    await cook.getByLabel('Nom de la recette').fill('Quiche aux poireaux');
    await cook.getByRole('button', { name: 'Mettre à jour' }).click();
    await expectToast(cook, 'Recette mise à jour avec succès');

    // The owner, who had the old version open, changes the portions and saves.
    await page.getByLabel('Portions', { exact: true }).fill('8');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    const notice = page.getByTestId('conflict-notice');
    await expect(notice).toContainText('Modifié pendant que vous travailliez');
    await expect(notice).toContainText(/Marie Dupont a enregistré une autre version à \d\d:\d\d/);
    await expect(notice.getByRole('row', { name: /Nom/ })).toContainText('Quiche lorraine');
    await expect(notice.getByRole('row', { name: /Nom/ })).toContainText('Quiche aux poireaux');
    // What the owner typed is still there.
    await expect(page.getByLabel('Portions', { exact: true })).toHaveValue('8');
    await notice.scrollIntoViewIfNeeded();
    await calmScreenshot(page, `edit-conflict-recipe-${viewport.width}`);

    await notice.getByRole('button', { name: 'Garder mes modifications' }).click();
    await expectToast(page, 'Recette mise à jour avec succès');
    const saved = (await (await page.request.get(`/api/recipes/${recipe.id}`)).json()) as {
      name: string;
      servings: number;
      version: number;
    };
    expect(saved).toMatchObject({ name: 'Quiche lorraine', servings: 8, version: 3 });
    await cook.context().close();
  });
}

test('one week, two people: the cook’s entrée on a Friday whose dessert the owner just changed is refused; « Recharger » shows the dessert, and her entrée then saves beside it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  const cook = await ownerAndCook(page, browser, baseURL!, LAPTOP);
  for (const name of ['Compote', 'Carottes râpées'])
    expect(
      (
        await page.request.post('/api/recipes', {
          headers: { Origin: baseURL! },
          data: { name, servings: 1, ingredients: [{ code: '4003', quantity: 100, unit: 'g' }] },
        })
      ).status(),
    ).toBe(201);
  const friday = '2026-09-11';
  for (const p of [page, cook]) {
    await p.goto(`/plans-de-menus?date=${friday}`);
    await expect(p.getByTestId(`day-${friday}`)).toBeVisible();
  }
  const dessert = (p: Page) => p.getByTestId(`day-${friday}`).getByLabel('vendredi 11 septembre, Dessert');
  const entree = (p: Page) => p.getByTestId(`day-${friday}`).getByLabel('vendredi 11 septembre, Entrée');

  // The cook's window keeps the week as it was: its refreshes of the plan are held back until
  // she saves (in a kitchen, a screen left open; here the browser would otherwise refetch on
  // focus before her keystroke).
  let stale = true;
  await cook.route(/\/api\/meal-plans\?/, (route) => (stale ? route.abort() : route.continue()));
  await dessert(page).fill('Compote');
  await dessert(page).press('Enter');
  await expect(async () => {
    const plan = await page.request.get(
      `/api/meal-plans?establishmentId=${await establishmentOf(page)}&from=${friday}&to=${friday}`,
    );
    expect(JSON.stringify(await plan.json())).toContain('Compote');
  }).toPass();
  const answer = cook.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/meal-plans/'));
  await entree(cook).fill('Carottes râpées');
  await entree(cook).press('Enter');
  stale = false;
  const put = await answer;
  expect(put.status(), await put.text()).toBe(409);
  const notice = cook.getByTestId(`day-${friday}`).getByTestId('conflict-notice');
  await expect(notice).toContainText(/a enregistré une autre version à \d\d:\d\d/);
  await expect(notice.getByRole('row', { name: /Dessert/ })).toContainText('Compote');
  await calmScreenshot(cook, 'edit-conflict-week-1280');
  await notice.getByRole('button', { name: 'Recharger' }).click();
  await expect(dessert(cook)).toHaveValue('Compote');
  await expect(entree(cook)).toHaveValue('');

  await entree(cook).fill('Carottes râpées');
  await entree(cook).press('Enter');
  await expect(async () => {
    const plan = await page.request.get(
      `/api/meal-plans?establishmentId=${await establishmentOf(page)}&from=${friday}&to=${friday}`,
    );
    const text = JSON.stringify(await plan.json());
    expect(text).toContain('Compote');
    expect(text).toContain('Carottes râpées');
  }).toPass();
  await expect(cook.getByTestId('conflict-notice')).toHaveCount(0);
  await cook.context().close();
});

async function establishmentOf(page: Page): Promise<string> {
  const body = (await (await page.request.get('/api/establishments')).json()) as { establishments: { id: string }[] };
  return body.establishments[0]!.id;
}
