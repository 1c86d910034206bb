import type { Page } from '@playwright/test';
import { makePremium } from './fixtures.ts';
import { expect } from './test.ts';

/** The public pages of the RGAA audit (docs/accessibility/rgaa-audit.md) and the data they show. */
export interface Seeded {
  menuId: string;
  qrId: string;
  inactiveQrId: string;
  establishmentId: string;
}

const WEEK = '2026-09-07';

/**
 * An owner’s menu (a priced dish in French and English, with `photo` if given, and a drink), a
 * QR code, an accessibility contact and a published week, through the API.
 */
export async function seed(page: Page, origin: string, { photo }: { photo?: Buffer } = {}): Promise<Seeded> {
  const headers = { Origin: origin };
  const send = async (method: 'post' | 'put', path: string, data: unknown, status = method === 'post' ? 201 : 200) => {
    const response = await page.request[method](path, { headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as { id: string };
  };
  const recipe = await send('post', '/api/recipes', {
    name: 'Quiche aux poireaux',
    servings: 4,
    ingredients: [{ code: '22000', quantity: 200, unit: 'g' }],
    allergens: ['Gluten', 'Lait', 'Œufs'],
    allergensDeclared: true,
    dietaryInfo: ['Végétarien'],
    translations: { en: { name: 'Leek quiche', description: 'With a green salad' } },
  });
  if (photo) {
    const put = await page.request.put(`/api/recipes/${recipe.id}/photo`, {
      headers: { ...headers, 'Content-Type': 'image/jpeg' },
      data: photo,
    });
    expect(put.status()).toBe(200);
  }
  const menu = await send('post', '/api/menus', { name: 'Carte du soir' });
  const section = await send('post', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const item = await send('post', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
  await send('put', `/api/items/${item.id}`, { name: 'Quiche aux poireaux', isAvailable: true, price: 14.5 });
  await send('post', `/api/sections/${section.id}/items`, { name: 'Café gourmand', price: 7.9 });
  const qr = await send('post', '/api/qr-codes', { name: 'Table 1', menuId: menu.id });
  const establishments = (await (await page.request.get('/api/establishments')).json()) as {
    establishments: { id: string; name: string }[];
  };
  const establishment = establishments.establishments[0]!;
  await send('put', `/api/establishments/${establishment.id}`, {
    name: establishment.name,
    accessibilityContact: 'accessibilite@bistrot-du-port.fr',
  });
  await makePremium(page, origin);
  const components = [{ slot: 'plat', recipeId: recipe.id }];
  await send('put', `/api/meal-plans/${establishment.id}/${WEEK}/dejeuner`, { components });
  expect(
    (
      await page.request.post(`/api/meal-plans/${establishment.id}/publish`, { headers, data: { week: WEEK } })
    ).status(),
  ).toBe(200);
  return {
    menuId: menu.id,
    qrId: qr.id,
    inactiveQrId: '00000000-0000-4000-8000-000000000000',
    establishmentId: establishment.id,
  };
}

/** The public pages: [address, name]. A scanned code leads to its menu; an unknown one to the calm error page. */
export const publicPages = (s: Seeded) =>
  [
    ['/', 'landing'],
    ['/restaurants', 'restaurants'],
    ['/restauration-collective', 'collective'],
    ['/auth', 'auth'],
    ['/auth?mode=inscription', 'sign-up'],
    ['/mentions-legales', 'legal-notice'],
    ['/confidentialite', 'privacy'],
    ['/conditions-generales', 'terms'],
    ['/accessibilite', 'statement'],
    [`/menu/${s.menuId}`, 'menu'],
    [`/menu/${s.menuId}?sans=gluten`, 'menu-filtered'],
    [`/qr/${s.qrId}`, 'qr'],
    [`/qr/${s.inactiveQrId}`, 'qr-unknown'],
    [`/semaine/${s.establishmentId}?date=${WEEK}`, 'week'],
  ] as const;
