import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { audit, unringed } from './axe.ts';
import { decidedConsentState, signUp, uniqueEmail } from './fixtures.ts';
import { publicPages, seed, type Seeded } from './public-pages.ts';
import { expect, test } from './test.ts';

/**
 * RGAA 4.1 on the public pages (docs/accessibility/rgaa-audit.md, docs/decisions/0040-rgaa-public-pages.md):
 * every public page, at 320 and 1280 px in a browser set to French, with and without
 * JavaScript, and at 320 px in English with JavaScript (VARIANTS below), passes axe with no violation at all (best practices included), scrolls no
 * wider than the screen (RGAA 10.11) and has its own title (8.6). One context per variant, the
 * pages audited one after the other in it. Then every route of the web app, signed in, has a
 * title of its own.
 */

let seeded: Promise<Seeded> | undefined;
/** Seeded once per worker, by an owner signed up in a context of its own. */
function seedOnce(browser: Browser, baseURL: string): Promise<Seeded> {
  seeded ??= (async () => {
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      await signUp(page, uniqueEmail('rgaa'));
      return await seed(page, baseURL);
    } finally {
      await context.close();
    }
  })();
  return seeded;
}

/**
 * A painted page (docs/decisions/0028-server-first-paint.md) is the app's once the visitor moves:
 * with JavaScript, a key pressed brings the app, and the page is audited as the app draws it.
 */
async function appTakesOver(page: Page) {
  if ((await page.locator('#root[data-first-paint]').count()) === 0) return;
  await page.keyboard.press('Shift');
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * French at both widths, with and without JavaScript; English (its texts, the same layout) once, on
 * the narrow screen where a longer word would overflow first, with JavaScript.
 */
const VARIANTS = [
  ...([320, 1280] as const).flatMap((width) =>
    [true, false].map((javaScriptEnabled) => ({ width, locale: 'fr-FR' as const, javaScriptEnabled })),
  ),
  { width: 320 as const, locale: 'en-US' as const, javaScriptEnabled: true },
];

for (const { width, locale, javaScriptEnabled } of VARIANTS)
  test(`public pages at ${width} px, ${locale}, ${javaScriptEnabled ? 'with' : 'without'} JavaScript: axe finds nothing, nothing scrolls sideways, each has its title`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000); // 14 pages audited: about 40 s on an idle machine
    const s = await seedOnce(browser, baseURL!);
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: 800 },
      locale,
      reducedMotion: 'reduce',
      storageState: decidedConsentState(baseURL!),
    });
    const page = await context.newPage();
    // Without JavaScript: the page's own scripts never run (the HTML parser sees scripting off,
    // so <noscript> shows), then scripting comes back for axe alone, which Playwright injects.
    const cdp = await context.newCDPSession(page);
    const titles = new Map<string, string>();
    try {
      for (const [path, name] of publicPages(s)) {
        if (!javaScriptEnabled) await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
        await page.goto(path);
        if (!javaScriptEnabled) await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
        await expect(page.locator('h1').first(), path).toBeVisible();
        if (javaScriptEnabled) {
          await appTakesOver(page);
          expect.soft(await unringed(page), `${path}: controls without a visible focus`).toEqual([]);
        }
        // 10.11: the widest elements are named when the page is wider than the screen.
        const wider = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= width) return [];
          return [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .slice(-4)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
        });
        expect.soft(wider, `${path} scrolls sideways at ${width} px`).toEqual([]);
        const title = await page.title();
        expect.soft(title, `${path} has a title`).not.toBe('');
        titles.set(name, title);
        await audit(page, `rgaa-${name}-${locale}-${javaScriptEnabled ? 'js' : 'nojs'}`, {
          strict: true,
          screenshot: locale === 'fr-FR' && (javaScriptEnabled || width === 320),
        });
      }
    } finally {
      await context.close();
    }
    // One title per page; a filtered menu and a scanned code are the menu itself.
    const distinct = [...titles].filter(([name]) => name !== 'menu-filtered' && name !== 'qr' && name !== 'sign-up');
    expect(new Set(distinct.map(([, title]) => title)).size, JSON.stringify(distinct)).toBe(distinct.length);
  });

/**
 * The route table of src/web/router.tsx, read as bench/js-size.mjs reads it: every `path` the
 * app declares, its parameters filled with the seeded ids. A new route without a title fails here.
 */
function declaredRoutes(): string[] {
  const source = readFileSync(new URL('../src/web/router.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/path:\s*'([^']+)'/g)].map(([, path]) => path!);
}

test('every route of the web app has its own title (RGAA 8.6)', async ({ page, baseURL }) => {
  test.setTimeout(180_000); // about 35 pages, signed in
  await signUp(page, uniqueEmail('titres'));
  const s = await seed(page, baseURL!);
  const recipes = (await (await page.request.get('/api/recipes')).json()) as { recipes: { id: string }[] };
  const fill = (path: string) =>
    path
      .replace(':id?', s.menuId)
      .replace('/recipes/:id', `/recipes/${recipes.recipes[0]!.id}`)
      .replace('/qr-codes/:id', `/qr-codes/${s.qrId}`)
      .replace(':establishmentId', s.establishmentId)
      .replace(':menuId', s.menuId)
      .replace('/menus/:id', `/menus/${s.menuId}`)
      .replace('/demo/checkout/:id', '/demo/checkout/inconnu')
      // A page for an id the organisation does not have still says what it is.
      .replace(':id', '00000000-0000-4000-8000-000000000000')
      .replace(':token', 'jeton-inconnu')
      .replace('*', 'page-inexistante');
  const routes = declaredRoutes();
  expect(routes.length).toBeGreaterThan(30);
  const titles = new Map<string, string[]>();
  for (const route of routes) {
    const path = fill(route);
    // The auth page sends a signed-in owner to the dashboard: it is seen signed out (above).
    if (route === '/auth') continue;
    await page.goto(path);
    await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
    await expect(page.locator('h1').first(), path).toBeVisible();
    const title = await page.title();
    titles.set(title, [...(titles.get(title) ?? []), route]);
  }
  const shared = [...titles].filter(([, paths]) => paths.length > 1);
  // The two addresses of the menu editor are one page.
  expect(
    shared.filter(([, paths]) => !paths.every((p) => p.startsWith('/menu-editor') || p === '/menus/:menuId')),
  ).toEqual([]);
  expect(
    [...titles.keys()].filter((title) => title === 'NutriCarte – Nutrition et menus digitaux pour la restauration'),
  ).toHaveLength(1);
});
