// `npx tsx scripts/landing-screenshot.ts` (after `npm run build`): the landing page's product
// image (docs/decisions/0024), a real public menu on a 360 px phone. Starts the built server on a
// throwaway embedded database, signs up, seeds a menu through the API, screenshots /menu/:id
// in the system Chromium and writes an optimised WebP to public/landing/public-menu-phone.webp.
// LANDING_SCREENSHOT_PORT picks the port (default 4739).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';

const PORT = Number(process.env.LANDING_SCREENSHOT_PORT ?? 4739);
const ORIGIN = `http://localhost:${PORT}`;
const OUTPUT = path.resolve('public/landing/public-menu-phone.webp');
/** The WebP's size: 2× the phone's 360 × 740 CSS pixels, shown at 270 px wide on the landing. */
const IMAGE = { width: 540, height: 1110 };

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no server on ${ORIGIN}`);
}

/** Dishes with prices, allergens, an English name: the menu a bistro would publish. */
async function seed(page: Page) {
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { headers: { Origin: ORIGIN }, data });
    if (response.status() !== 201) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const recipe = (name: string, code: string, grams: number, allergens: string[], dietaryInfo: string[] = []) =>
    post('/api/recipes', {
      name,
      servings: 1,
      ingredients: [{ code, quantity: grams, unit: 'g' }],
      allergens,
      allergensDeclared: true,
      dietaryInfo,
    });
  const menu = await post('/api/menus', { name: 'La carte du midi' });
  const starters = await post(`/api/menus/${menu.id}/sections`, { name: 'Entrées' });
  const mains = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const dishes: [string, { id: string }, number][] = [
    [starters.id, await recipe('Carottes râpées au cumin', '20009', 150, [], ['Végan']), 6.5],
    [starters.id, await recipe('Quiche aux poireaux', '25573', 180, ['Gluten', 'Lait', 'Œufs'], ['Végétarien']), 8],
    [mains.id, await recipe('Cabillaud vapeur, riz basmati', '26025', 220, ['Poissons']), 17.5],
    [mains.id, await recipe('Lentilles du Puy aux légumes', '20587', 250, [], ['Végan']), 14],
  ].map(([section, r, price]) => [section as string, r as { id: string }, price as number]);
  for (const [section, r, price] of dishes) {
    const item = await post(`/api/sections/${section}/items`, { recipeId: r.id });
    const name = ((await (await page.request.get(`/api/recipes/${r.id}`)).json()) as { name: string }).name;
    await page.request.put(`/api/items/${item.id}`, {
      headers: { Origin: ORIGIN },
      data: { name, isAvailable: true, price },
    });
  }
  return menu.id;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nutricarte-landing-'));
const server = spawn(process.execPath, ['dist/server/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: ORIGIN,
    DATABASE_URL: '',
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
try {
  await waitForHealth();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const owner = await browser.newPage({ baseURL: ORIGIN, locale: 'fr-FR' });
  await owner.goto('/auth');
  await owner.getByRole('button', { name: 'Inscription', exact: true }).click();
  await owner.getByLabel('Email').fill(`carte.${Date.now()}@example.fr`);
  await owner.getByLabel('Mot de passe').fill('secret123');
  await owner.getByLabel('Nom du restaurant (optionnel)').fill('Le Bistrot du Port');
  await owner.getByRole('button', { name: 'Créer mon compte' }).click();
  await owner.waitForURL(/\/dashboard$/);
  const menuId = await seed(owner);
  const phone = await browser.newPage({
    baseURL: ORIGIN,
    locale: 'fr-FR',
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
  });
  await phone.goto(`/menu/${menuId}`);
  await phone.getByText('Cabillaud vapeur, riz basmati').waitFor();
  const png = await phone.screenshot();
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  await sharp(png).resize(IMAGE.width, IMAGE.height).webp({ quality: 78, effort: 6 }).toFile(OUTPUT);
  console.log(`landing-screenshot: ${OUTPUT}`);
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
