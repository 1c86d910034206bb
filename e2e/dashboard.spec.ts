import type { Page } from '@playwright/test';
import { calmScreenshot, expectFitsScreen, LAPTOP, openAccountMenu, PHONE, screenshot, signUp } from './fixtures.ts';
import { expect, test } from './test.ts';

/** POST through the page's session (as its Origin); expects 201 and gives the created id. */
const poster = (page: Page, origin: string) => async (path: string, data: unknown) => {
  const response = await page.request.post(path, { headers: { Origin: origin }, data });
  expect(response.status(), path).toBe(201);
  return (await response.json()) as { id: string };
};

/**
 * « First hour » (docs/decisions/0024-design-language-and-accessibility.md): the dashboard's
 * checklist ticks each step from the server's data (a reload shows the same), each step links to
 * its page, and once the four are done (the table card counts at its first scan) a living summary
 * with links replaces it.
 */
for (const viewport of [LAPTOP, PHONE]) {
  test(`the first hour's checklist ticks itself, then the living summary (${viewport.width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const origin = baseURL!;
    const post = poster(page, origin);
    const checklist = page.getByTestId('first-hour');
    const step = (id: string) => page.getByTestId(`first-hour-${id}`);
    await expect(checklist).toContainText('0 / 4 étapes');
    for (const id of ['recipe', 'menu', 'qr', 'card']) await expect(step(id)).toHaveAttribute('data-done', 'false');
    await calmScreenshot(page, `dashboard-first-hour-${viewport.width}`);
    await expect(step('recipe').getByRole('link')).toHaveAttribute('href', '/recipes');

    // An unverified recipe does not count; a confirmed one does.
    const unverified = {
      name: 'Purée',
      servings: 4,
      ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
      allergens: [],
      allergensDeclared: false,
    };
    await post('/api/recipes', unverified);
    await page.reload();
    await expect(step('recipe')).toHaveAttribute('data-done', 'false');
    const recipe = await post('/api/recipes', {
      ...unverified,
      name: 'Gratin',
      allergens: ['Lait'],
      allergensDeclared: true,
    });
    const menu = await post('/api/menus', { name: 'Carte du midi' });
    const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
    await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
    await page.reload();
    await expect(checklist).toContainText('2 / 4 étapes');
    await expect(step('recipe')).toHaveAttribute('data-done', 'true');
    await expect(step('menu')).toHaveAttribute('data-done', 'true');

    const qr = (await (
      await page.request.post('/api/qr-codes', {
        headers: { Origin: origin },
        data: { name: 'Table 1', menuId: menu.id },
      })
    ).json()) as { id: string; qrData: string };
    await page.reload();
    await expect(step('qr')).toHaveAttribute('data-done', 'true');
    await expect(step('card')).toHaveAttribute('data-done', 'false');
    await calmScreenshot(page, `dashboard-first-hour-3-${viewport.width}`);

    // A diner's scan: the card is on a table. The checklist gives way to the summary.
    expect((await page.request.get(qr.qrData, { maxRedirects: 0 })).status()).toBe(302);
    // Scans are written in batches (docs/decisions/0022): the page is reloaded once this one is.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/qr-codes/${qr.id}/stats?days=7`)).json()) as { total: number }).total,
      )
      .toBe(1);
    await page.reload();
    const summary = page.getByTestId('living-summary');
    await expect(summary).toBeVisible();
    await expect(checklist).toHaveCount(0);
    await expect(summary.getByTestId('summary-unverified')).toContainText('1\u00a0recette');
    await expect(summary.getByTestId('summary-unverified')).toHaveAttribute('href', '/recipes?allergenes=non-verifies');
    await expect(summary.getByTestId('summary-no-price')).toContainText('1\u00a0plat');
    await expect(summary.getByTestId('summary-no-qr')).toContainText('0\u00a0menu actif');
    await expect(summary.getByTestId('summary-scans')).toContainText('1\u00a0scan');
    await calmScreenshot(page, `dashboard-summary-${viewport.width}`);
    await summary.getByTestId('summary-no-price').click();
    await expect(page).toHaveURL(/\/menus$/);
  });
}

test('the one-row header fits from 1024 px, with its account menu', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signUp(page, undefined, 'La Grande Brasserie des Halles de Lyon');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
  await expectFitsScreen(page, 'header at 1024 px');
  const menu = await openAccountMenu(page);
  for (const item of ['Mon compte', 'Abonnement', 'Se déconnecter'])
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  await screenshot(page, 'header-account-menu-1024', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.setViewportSize(LAPTOP);
  await screenshot(page, 'header-1280', { fullPage: false });
});

/**
 * Lighthouse on the dashboard (docs/decisions/0028-server-first-paint.md): a first visit asks for
 * the dashboard's data beside GET /api/me (src/web/pages/dashboard/prefetch.ts), not after the
 * session has answered and the page has rendered, and no answer is asked for twice when the page
 * mounts. /api/me is held until the lists and their follow-ups (a menu's sections, a code's week of
 * scans) are asked: without the prefetch the page waits for the session, so they never would be.
 */
test('a first visit asks for the dashboard’s data beside the session, each answer once', async ({ page, baseURL }) => {
  await signUp(page);
  const post = poster(page, baseURL!);
  const menu = await post('/api/menus', { name: 'Carte du midi' });
  const qr = await post('/api/qr-codes', { name: 'Table 1', menuId: menu.id });

  // The page that signing up left open may still be fetching: counted from a blank page on.
  await page.goto('about:blank');
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  let releaseSession!: () => void;
  const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
  await page.route('**/api/me', async (route) => {
    await sessionHeld;
    await route.continue();
  });
  await page.goto('/dashboard');
  const dashboardData = [
    '/api/recipes?limit=1&allergenStatus=declared',
    '/api/recipes?limit=1&allergenStatus=unverified',
    '/api/menus',
    `/api/menus/${menu.id}/sections`,
    '/api/qr-codes',
    `/api/qr-codes/${qr.id}/stats?days=7`,
  ];
  await expect.poll(() => dashboardData.filter((path) => !asked.has(path))).toEqual([]);
  expect(asked.get('/api/me')).toBe(1);
  releaseSession();

  await expect(page.getByTestId('first-hour')).toContainText('1 / 4 étapes');
  await expect(page.getByTestId('first-hour-qr')).toHaveAttribute('data-done', 'true');
  for (const path of dashboardData) expect(asked.get(path), path).toBe(1);
});

/**
 * docs/decisions/0028-server-first-paint.md: a page load of the dashboard with a session comes
 * with the header and the greeting painted by the server; the app replaces them in one commit,
 * never blank in between and without moving the greeting, and the largest paint (Lighthouse's
 * LCP) is the server's.
 */
test('the dashboard is painted by the server first, then replaced by the app without a blank or a move', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await signUp(page);

  const html = await page.request.get('/dashboard');
  expect(html.headers()['cache-control']).toBe('private, no-cache');
  const body = await html.text();
  expect(body).toContain('<div id="root" data-first-paint="">');
  // The page writes « Bonjour, … ! » with a narrow no-break space before « ! » (French typography);
  // without a first name it greets the restaurant (src/web/pages/dashboard/greeting.ts).
  const greeting = `Bonjour, Le Bistrot du Port\u202f!`;
  expect(body).toContain(greeting);
  // Without the session the page is the bare app, which nobody's name is in.
  const anonymous = await request.get('/dashboard');
  expect(await anonymous.text()).toContain('<div id="root"></div>');

  await page.addInitScript(() => {
    const seen = {
      serverH1: null as Element | null,
      blank: false,
      moved: [] as string[],
      replacedAt: 0,
      lcp: [] as { at: number; text: string }[],
    };
    (window as unknown as { firstPaint: typeof seen }).firstPaint = seen;
    let rect: DOMRect | null = null;
    new MutationObserver(() => {
      const h1 = document.querySelector('#root h1');
      if (!seen.serverH1) {
        if (h1 && document.getElementById('root')?.hasAttribute('data-first-paint')) {
          seen.serverH1 = h1;
        }
        return;
      }
      if (!h1) seen.blank = true;
      else if (h1 !== seen.serverH1 && !seen.replacedAt) {
        seen.replacedAt = performance.now();
        const now = h1.getBoundingClientRect();
        if (rect && (now.top !== rect.top || now.left !== rect.left || now.height !== rect.height))
          seen.moved.push(`${rect.top},${rect.left},${rect.height} → ${now.top},${now.left},${now.height}`);
      }
      if (h1 === seen.serverH1) rect = h1.getBoundingClientRect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        // A node the app has since replaced reads as null here: only the server's are replaced.
        seen.lcp.push({
          at: entry.startTime,
          text: entry.element ? (entry.element.textContent ?? '').slice(0, 40) : '(replaced by the app)',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('first-hour')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
  const seen = await page.evaluate(() => {
    const s = (
      window as unknown as {
        firstPaint: {
          serverH1: Element | null;
          blank: boolean;
          moved: string[];
          replacedAt: number;
          lcp: { at: number; text: string }[];
        };
      }
    ).firstPaint;
    return { server: Boolean(s.serverH1), blank: s.blank, moved: s.moved, replacedAt: s.replacedAt, lcp: s.lcp };
  });
  expect(seen.server, 'the server painted the greeting').toBe(true);
  expect(seen.replacedAt, 'the app replaced it').toBeGreaterThan(0);
  expect(seen.blank, 'never without the greeting in between').toBe(false);
  expect(seen.moved, 'the greeting did not move').toEqual([]);
  // The greeting or the line under it, whichever is larger on this screen, painted by the server
  // (replaced by the app since) or by the app with the same text when it came before the frame.
  expect(seen.lcp[0]?.text, JSON.stringify(seen)).toMatch(
    /^(Bonjour|Bienvenue sur le tableau de bord|\(replaced by the app\))/,
  );
  if (seen.lcp[0]?.text === '(replaced by the app)')
    expect(seen.lcp[0].at, JSON.stringify(seen)).toBeLessThan(seen.replacedAt);
  // Not asserted, because Chromium 156 does both on a loaded CI host (seen in 2 of 10 runs with
  // two busy cores beside the suite): a first contentful frame at 272 ms with no LCP candidate
  // before the app's greeting at 452 ms, and a second candidate for the app's greeting, same
  // text and place, 370 ms after it replaced the server's. On an idle machine the only
  // candidate is the server's greeting in the first frame (Lighthouse: bench/README.md).
});
