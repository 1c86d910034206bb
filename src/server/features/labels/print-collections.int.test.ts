import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NBSP } from '../../../shared/typography.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { getRaw } from '../../test/photo-upload.ts';
import { inkIn, readPdf } from '../../test/pdf.ts';
import { addMember, makePremium, type TeamMember } from '../../test/teams.ts';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let editor: TeamMember;
let establishmentId: string;
let menuId: string;
const recipes: Record<string, string> = {};

const send = async (method: string, path: string, body?: unknown, cookie = owner.cookie) =>
  t.request(method, path, { cookie, ...(body !== undefined ? { body } : {}) });
const pdfOf = async (path: string, cookie = owner.cookie) => getRaw(t, path, { cookie });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  editor = await addMember(t, owner, 'editor');
  await makePremium(t, owner.organisationId);
  [{ id: establishmentId }] = (await send('GET', '/api/establishments')).body.establishments;
  await send('PUT', `/api/establishments/${establishmentId}`, { name: 'Cantine Jules Ferry', city: 'Lyon' });
  for (const [name, code] of [
    ['Carottes râpées', '20009'],
    ['Hachis parmentier', '25414'],
    ['Yaourt nature', '19501'],
  ] as const) {
    const res = await send('POST', '/api/recipes', {
      name,
      servings: 10,
      ingredients: [{ code, quantity: 1000, unit: 'g' }],
      allergens: [],
      allergensDeclared: true,
    });
    expect(res.status, res.text).toBe(201);
    recipes[name] = res.body.id;
  }
  const planned = await send('PUT', `/api/meal-plans/${establishmentId}/2026-09-07/dejeuner`, {
    components: [
      { slot: 'plat', recipeId: recipes['Hachis parmentier'] },
      { slot: 'entree', recipeId: recipes['Carottes râpées'] },
      { slot: 'laitier', recipeId: recipes['Yaourt nature'] },
    ],
  });
  expect(planned.status, planned.text).toBe(200);
  await send('PUT', `/api/meal-plans/${establishmentId}/2026-09-07/gouter`, {
    components: [{ slot: 'gouter', recipeId: recipes['Yaourt nature'] }],
  });
  menuId = (await send('POST', '/api/menus', { name: 'Carte du midi' })).body.id;
  const section = (await send('POST', `/api/menus/${menuId}/sections`, { name: 'Plats' })).body.id;
  for (const name of ['Hachis parmentier', 'Carottes râpées', 'Hachis parmentier'])
    await send('POST', `/api/sections/${section}/items`, { recipeId: recipes[name] });
  await send('POST', `/api/sections/${section}/items`, { name: 'Café', price: 2 });
});
afterAll(() => t.close());

describe('plats témoins (arrêté of 21 December 2009, annex IV)', () => {
  it('lists every dish of the day, by service and component, kept five days, thrown away the sixth', async () => {
    const res = await send('GET', `/api/meal-plans/${establishmentId}/temoins?date=2026-09-07&dejeuner=11:45`);
    expect(res.status).toBe(200);
    expect(res.body.establishment).toEqual({ id: establishmentId, name: 'Cantine Jules Ferry', address: 'Lyon' });
    expect(res.body.labels).toEqual(
      [
        ['Carottes râpées', 'entree', 'dejeuner', '11:45'],
        ['Hachis parmentier', 'plat', 'dejeuner', '11:45'],
        ['Yaourt nature', 'laitier', 'dejeuner', '11:45'],
        ['Yaourt nature', 'gouter', 'gouter', '16:00'],
      ].map(([dish, slot, service, time]) => ({
        recipeId: recipes[dish!],
        dish,
        slot,
        service,
        time,
        date: '2026-09-07',
        keepUntil: '2026-09-12',
        destroyOn: '2026-09-13',
      })),
    );
    const lunch = await send('GET', `/api/meal-plans/${establishmentId}/temoins?date=2026-09-07&service=dejeuner`);
    expect(lunch.body.labels).toHaveLength(3);
    expect((await send('GET', `/api/meal-plans/${establishmentId}/temoins?date=2026-09-08`)).body.labels).toEqual([]);
  });

  it('prints them all in one go, with the box for the cook’s initials', async () => {
    const res = await pdfOf(
      `/api/meal-plans/${establishmentId}/temoins.pdf?date=2026-09-07&format=a4-2x7`,
      editor.cookie,
    );
    expect(res.status).toBe(200);
    const pdf = readPdf(res.body, 'temoins-2x7');
    const flat = pdf.text.replace(/\s+/g, ' ');
    expect(flat.match(/PLAT TÉMOIN/g)).toHaveLength(4);
    for (const dish of ['Carottes râpées', 'Hachis parmentier', 'Yaourt nature']) expect(flat).toContain(dish);
    expect(flat).toContain('Déjeuner du lundi 07/09/2026 à 12 h 00');
    expect(flat).toContain('Goûter du lundi 07/09/2026 à 16 h 00');
    expect(flat).toContain('À conserver 5 jours à 0–3 °C, jusqu’au 12/09/2026 inclus');
    expect(flat).toContain('À détruire le : dimanche 13/09/2026');
    expect(flat.match(/Initiales du cuisinier :/g)).toHaveLength(4);
    // The initials' box: a frame at the bottom right of the first label (99,1 × 38,1 mm from 4,65 mm, 15,15 mm).
    const page = pdf.images[0]!;
    const box = { x0: (4.65 + 40) / 210, x1: (4.65 + 97) / 210, y0: (15.15 + 31) / 297, y1: (15.15 + 36.5) / 297 };
    expect(inkIn(page, box.x0, box.y0, box.x1, box.y1)).toBeGreaterThan(0.02);
    expect(inkIn(page, box.x0 + 0.05, box.y0 + 0.004, box.x1 - 0.05, box.y1 - 0.004)).toBe(0);
  });

  it('is the establishment’s organisation’s only, and a day without dishes is said so', async () => {
    expect(
      (await send('GET', `/api/meal-plans/${establishmentId}/temoins?date=2026-09-07`, undefined, other.cookie)).status,
    ).toBe(404);
    const empty = await send('GET', `/api/meal-plans/${establishmentId}/temoins.pdf?date=2026-09-08`);
    expect([empty.status, empty.body.error.fields]).toEqual([
      422,
      { date: 'Aucun plat prévu ce jour-là pour cet établissement.' },
    ]);
    const bad = await send(
      'GET',
      `/api/meal-plans/${establishmentId}/temoins?date=demain&service=brunch&dejeuner=25:00`,
    );
    expect(bad.body.error.fields).toEqual({
      date: 'Date invalide (AAAA-MM-JJ)',
      service: 'Service inconnu',
      dejeuner: 'Heure invalide (HH:MM)',
    });
  });
});

describe('labels of a menu', () => {
  it('prints one label of each dish made from a recipe, on a roll of 58 mm', async () => {
    const res = await pdfOf(`/api/menus/${menuId}/labels.pdf?format=roll-58&date=2026-09-07`);
    expect(res.status).toBe(200);
    const pdf = readPdf(res.body, 'menu-roll58');
    expect(pdf.sizes).toHaveLength(2);
    expect(pdf.sizes[0]!.width).toBeCloseTo((58 * 72) / 25.4, 1);
    expect(pdf.pages[0]).toContain('Hachis parmentier');
    expect(pdf.pages[1]).toContain('Carottes râpées');
    expect(pdf.text).toContain('Cantine Jules Ferry');
    expect(pdf.text).not.toContain('Café');
  });

  it('prints on the owner’s grid from the first free cell', async () => {
    const res = await pdfOf(
      `/api/menus/${menuId}/labels.pdf?format=a4-grid&columns=2&rows=4&width=100&height=70&top=5&left=5&gapX=0&gapY=2&skip=7&copies=2`,
    );
    expect(res.status).toBe(200);
    const pdf = readPdf(res.body, 'menu-grid');
    // 7 cells used: the 4 labels go in the 8th cell of page 1, then 3 on page 2.
    expect(pdf.sizes).toHaveLength(2);
    expect(pdf.pages[0]!.match(/Hachis parmentier/g)).toHaveLength(1);
    expect(pdf.pages[1]!.match(/Hachis parmentier|Carottes râpées/g)).toHaveLength(3);
    // The eighth cell (bottom right) has ink, the first (top left) none.
    const first = pdf.images[0]!;
    expect(inkIn(first, 5 / 210, 5 / 297, 105 / 210, 75 / 297)).toBe(0);
    expect(inkIn(first, 105 / 210, (5 + 3 * 72) / 297, 205 / 210, (5 + 3 * 72 + 70) / 297)).toBeGreaterThan(0.005);
  });

  it('is the menu’s organisation’s only; a menu without recipes has nothing to label', async () => {
    expect((await send('GET', `/api/menus/${menuId}/labels.pdf`, undefined, other.cookie)).status).toBe(404);
    const drinks = (await send('POST', '/api/menus', { name: 'Boissons' }, other.cookie)).body.id;
    const res = await send('GET', `/api/menus/${drinks}/labels.pdf`, undefined, other.cookie);
    expect([res.status, res.body.error.message]).toEqual([
      422,
      `Aucun plat de ce menu n’est fait d’une recette${NBSP}: rien à étiqueter.`,
    ]);
  });
});
