import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NBSP } from '../../../shared/typography.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { getRaw } from '../../test/photo-upload.ts';
import jsqr from 'jsqr';
import { inkIn, readPdf } from '../../test/pdf.ts';
import { addMember, makePremium, type TeamMember } from '../../test/teams.ts';

// Ciqual 2025: 9410 wheat flour T110, 16400 butter, 18066 tap water, 22000 egg, 19410 cream 30 %,
// 25992 smoked salmon with five berries, 11058 iodised salt.
// jsqr's bundle sets `module.exports` to the function while its types declare a default export.
const decodeQr = ((jsqr as unknown as { default?: unknown }).default ??
  jsqr) as unknown as (typeof import('jsqr'))['default'];

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let viewer: TeamMember;
let pastryId: string;
let quicheId: string;
let mustardId: string;

const send = async (method: string, path: string, body?: unknown, cookie = owner.cookie, headers = {}) =>
  t.request(method, path, { cookie, ...(body !== undefined ? { body } : {}), headers });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  viewer = await addMember(t, owner, 'viewer');
  await makePremium(t, owner.organisationId);
  const [first] = (await send('GET', '/api/establishments')).body.establishments;
  await send('PUT', `/api/establishments/${first.id}`, {
    name: 'Traiteur Lucie',
    address: '12 rue des Halles',
    postalCode: '34200',
    city: 'Sète',
  });
  const mustard = await send('POST', '/api/products', {
    name: 'Moutarde de Dijon',
    allergens: ['Moutarde', 'Anhydride sulfureux et sulfites'],
    labelIngredients: 'eau, graines de moutarde, vinaigre d’alcool, sel, conservateur : disulfite de potassium',
  });
  expect(mustard.status).toBe(201);
  expect(mustard.body.labelIngredients).toBe(
    'eau, graines de moutarde, vinaigre d’alcool, sel, conservateur : disulfite de potassium',
  );
  mustardId = mustard.body.id;
  const pastry = await send('POST', '/api/recipes', {
    name: 'Pâte brisée',
    servings: 4,
    // 250 + 125 + 15 g of water (3,8 % of 390 g: not listed), 300 g once baked.
    ingredients: [
      { code: '9410', quantity: 250, unit: 'g' },
      { code: '16400', quantity: 125, unit: 'g' },
      { code: '18066', quantity: 15, unit: 'g' },
    ],
    allergens: ['Gluten', 'Lait'],
    allergensDeclared: true,
    yieldGrams: 300,
  });
  pastryId = pastry.body.id;
  const quiche = await send('POST', '/api/recipes', {
    name: 'Quiche au saumon',
    servings: 4,
    homemade: true,
    // 300 + 150 + 250 + 120 + 10 + 3 + 100 = 933 g at the time of use, 850 g baked: 17 g of the
    // water left in it (2 %), not listed.
    ingredients: [
      { recipeId: pastryId, quantity: 300, unit: 'g' },
      { code: '22000', quantity: 3, unit: 'unité', gramsPerUnit: 50 },
      { code: '19410', quantity: 250, unit: 'g' },
      { code: '25992', quantity: 120, unit: 'g' },
      { productId: mustardId, quantity: 10, unit: 'g' },
      { code: '11058', quantity: 3, unit: 'g' },
      { code: '18066', quantity: 100, unit: 'ml' },
    ],
    allergens: ['Œufs', 'Poissons', 'Lait'],
    traces: ['Fruits à coque'],
    allergensDeclared: true,
    yieldGrams: 850,
  });
  expect(quiche.status).toBe(201);
  quicheId = quiche.body.id;
});
afterAll(() => t.close());

describe('GET /api/recipes/:id/label', () => {
  it('computes the label from the recipe tree, field by field', async () => {
    const res = await send('GET', `/api/recipes/${quicheId}/label?date=2026-09-07`);
    expect(res.status).toBe(200);
    const label = res.body;
    expect(label.recipeId).toBe(quicheId);
    expect(label.denomination).toBe('Quiche au saumon');
    // Annex VII part A: by weight at the time of use; the pastry with its own list; water under 5 % left out.
    expect(
      label.ingredients.map((i: { name: string; percent: number; allergen: boolean }) => [
        i.name,
        i.percent,
        i.allergen,
      ]),
    ).toEqual([
      ['pâte brisée', 35.3, true],
      [`crème 30${NBSP}% MG`, 29.4, true],
      ['œuf cru', 17.6, true],
      ['saumon fumé', 14.1, true],
      ['moutarde de Dijon', 1.2, true],
      ['sel blanc alimentaire', 0.4, false],
    ]);
    expect(label.ingredients[0].ingredients.map((i: { name: string }) => i.name)).toEqual([
      'farine de blé tendre ou froment T110',
      `beurre à 80${NBSP}% MG minimum`,
    ]);
    expect(label.ingredients[0].allergens).toEqual(['Gluten', 'Lait']);
    expect(
      label.ingredients[4].ingredients.map((i: { name: string; allergens: string[] }) => [i.name, i.allergens]),
    ).toEqual([
      ['eau', []],
      ['graines de moutarde', ['Moutarde']],
      ['vinaigre d’alcool', []],
      ['sel', []],
      ['conservateur : disulfite de potassium', ['Anhydride sulfureux et sulfites']],
    ]);
    expect(label.ingredientsHtml).toBe(
      `pâte brisée (farine de <strong>blé</strong> tendre ou <strong>froment</strong> T110, <strong>beurre</strong> à 80${NBSP}% MG minimum), ` +
        `<strong>crème</strong> 30${NBSP}% MG, <strong>œuf</strong> cru, <strong>saumon</strong> fumé` +
        `${NBSP}14${NBSP}%, moutarde de Dijon (eau, graines de <strong>moutarde</strong>, vinaigre d’alcool, sel, ` +
        'conservateur : <strong>disulfite</strong> de potassium), sel blanc alimentaire',
    );
    expect(label.contains).toEqual([]);
    expect(label.traces).toEqual(['Fruits à coque']);
    expect(label.tracesText).toBe(`Peut contenir${NBSP}: fruits à coque.`);
    // QUID of the salmon named in the denomination: 120 g in 850 g of quiche.
    expect(label.quid).toEqual([{ key: 'food:25992', name: 'saumon fumé', percent: 14.1, text: `14${NBSP}%` }]);
    expect(label.nutrition.shown).toBe('per_100g');
    expect(label.nutrition.referenceGrams).toBe(850);
    expect(label.nutrition.portionGrams).toBe(213);
    expect(Object.keys(label.nutrition.per100g)).toEqual([
      'energyKj',
      'energyKcal',
      'fat',
      'saturatedFat',
      'carbs',
      'sugars',
      'protein',
      'salt',
    ]);
    const recipe = (await send('GET', `/api/recipes/${quicheId}`)).body;
    expect(label.nutrition.per100g.energyKcal).toBeCloseTo((recipe.nutrition.totals.energyKcal * 100) / 850, 2);
    expect(label.nutrition.per100g.salt).toBeCloseTo((recipe.nutrition.totals.salt * 100) / 850, 2);
    expect(label.nutrition.perPortion).toBeNull();
    expect(label.nutrition.text).toHaveLength(1);
    expect(label.nutrition.text[0]).toMatch(new RegExp(`^Valeurs nutritionnelles pour 100${NBSP}g${NBSP}: énergie `));
    expect(label.netQuantityGrams).toBe(213);
    expect(label.netQuantity).toEqual({ value: 213, unit: 'g' });
    expect(label.storage).toBe(`À conserver entre 0 et 4${NBSP}°C`);
    expect(label.shelfLifeDays).toBe(3);
    expect(label.productionDate).toBe('2026-09-07');
    expect(label.useBy).toBe('2026-09-10');
    expect(label.lot).toBe('L260907');
    expect(label.homemade).toBe(true);
    expect(label.establishment).toMatchObject({ name: 'Traiteur Lucie', address: '12 rue des Halles, 34200 Sète' });
    expect(label.barcode).toBeNull();
    // No setting saved yet: version 0, the row is made by the first save (src/shared/api/versions.ts).
    expect(label.settings.version).toBe(0);
    // The mustard's label values were not typed in: the declaration is a lower bound, and says so.
    expect(label.warnings.map((w: { code: string }) => w.code)).toEqual(['nutrition_partial', 'shelf_life_default']);
    expect(label.nutrition.partial).toEqual([
      'energyKj',
      'energyKcal',
      'fat',
      'saturatedFat',
      'carbs',
      'sugars',
      'protein',
      'salt',
    ]);
    // 70 × 37 mm is too small for this list and its declaration at 1,2 mm of x-height.
    expect(label.fits.map((f: { format: string; fits: boolean }) => [f.format, f.fits])).toEqual([
      ['a4-3x8', false],
      ['a4-2x7', true],
      ['roll-62', true],
      ['roll-58', true],
    ]);
    expect(label.fits[0].fontSizePt).toBe(6.81);
    expect(label.fits[1].fontSizePt).toBeGreaterThanOrEqual(6.81);
  });

  it('is the organisation’s own: another organisation’s recipe is a 404, a viewer reads it', async () => {
    expect((await send('GET', `/api/recipes/${quicheId}/label`, undefined, other.cookie)).status).toBe(404);
    expect((await send('GET', `/api/recipes/${quicheId}/label`, undefined, viewer.cookie)).status).toBe(200);
    const bad = await send('GET', `/api/recipes/${quicheId}/label?date=2026-13-40&lot=x%20y`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['date', 'lot']);
  });
});

describe('PUT /api/recipes/:id/label', () => {
  it('stores the settings, +1 to their version; a stale version is a 409; a viewer may not change a shelf life', async () => {
    const body = {
      denomination: 'Quiche au saumon fumé',
      shelfLifeDays: 2,
      storage: `À conserver entre 0 et 3${NBSP}°C`,
      nutrition: 'per_100g_and_portion',
      ingredientNames: { 'food:19410': 'crème fraîche épaisse', 'food:22000': 'œufs frais' },
      quid: ['food:25992', 'food:16400'],
      barcode: 'qr',
      version: 0,
    };
    expect((await send('PUT', `/api/recipes/${quicheId}/label`, body, viewer.cookie)).status).toBe(403);
    // Never saved, the label holds version 0: naming another (body or If-Match) is stale, and creates nothing.
    for (const named of [
      await send('PUT', `/api/recipes/${quicheId}/label`, { ...body, version: 3 }),
      await send('PUT', `/api/recipes/${quicheId}/label`, { ...body, version: undefined }, owner.cookie, {
        'If-Match': '"1"',
      }),
    ]) {
      expect([named.status, named.body.error.code], named.text).toEqual([409, 'conflict']);
      expect(named.body.error.conflict).toEqual({ version: 0, updatedAt: null, updatedBy: null });
      expect(named.body.error.message).toMatch(/^Ce contenu n’a pas encore été enregistré/);
    }
    expect((await send('GET', `/api/recipes/${quicheId}/label`)).body.settings.version).toBe(0);
    const saved = await send('PUT', `/api/recipes/${quicheId}/label`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ version: 1, shelfLifeDays: 2, barcode: 'qr' });
    expect(saved.body.denomination).toBe('Quiche au saumon fumé');
    expect(
      saved.body.ingredients.map((i: { name: string; defaultName: string }) => [i.name, i.defaultName]).slice(1, 3),
    ).toEqual([
      ['crème fraîche épaisse', `crème 30${NBSP}% MG`],
      ['œufs frais', 'œuf cru'],
    ]);
    // The butter inside the pastry: 125 g of its 390 g, 300 g of the 300 g served used: 125 g in 850 g.
    expect(saved.body.quid).toEqual([
      { key: 'food:25992', name: 'saumon fumé', percent: 14.1, text: `14${NBSP}%` },
      { key: 'food:16400', name: `beurre à 80${NBSP}% MG minimum`, percent: 14.7, text: `15${NBSP}%` },
    ]);
    expect(saved.body.nutrition.perPortion).not.toBeNull();
    expect(saved.body.nutrition.text[1]).toMatch(new RegExp(`^Par portion \\(213${NBSP}g\\)${NBSP}: énergie`));
    expect(saved.body.barcode.kind).toBe('qr');
    expect(saved.body.barcode.text).toMatch(
      /^Quiche au saumon fumé\nLot L\d{6}\nÀ consommer jusqu’au \d\d\/\d\d\/\d{4}$/,
    );
    expect(saved.body.shelfLifeDays).toBe(2);
    // With the portion's declaration and a QR code, the text no longer fits a sheet's label at 1,2 mm of x-height: a roll's only.
    expect(saved.body.warnings.map((w: { code: string }) => w.code)).toEqual(['nutrition_partial']);
    expect(saved.body.fits.map((f: { format: string; fits: boolean }) => [f.format, f.fits])).toEqual([
      ['a4-3x8', false],
      ['a4-2x7', false],
      ['roll-62', true],
      ['roll-58', true],
    ]);
    expect(saved.body.fits[0].message).toMatch(
      new RegExp(
        `^Trop long pour planche 3${NBSP}×${NBSP}8 \\(70${NBSP}×${NBSP}37${NBSP}mm\\) même à la taille minimale lisible`,
      ),
    );

    const stale = await send('PUT', `/api/recipes/${quicheId}/label`, { ...body, shelfLifeDays: 5 });
    expect([stale.status, stale.body.error.code, stale.body.error.conflict.version]).toEqual([409, 'conflict', 1]);
    expect(stale.body.error.message).toMatch(/^Ce contenu a été modifié par /);
    const byHeader = await send(
      'PUT',
      `/api/recipes/${quicheId}/label`,
      { ...body, version: undefined, shelfLifeDays: 5 },
      owner.cookie,
      {
        'If-Match': '"0"',
      },
    );
    expect(byHeader.status).toBe(409);
    const current = await send(
      'PUT',
      `/api/recipes/${quicheId}/label`,
      { ...body, version: undefined, shelfLifeDays: 5 },
      owner.cookie,
      {
        'If-Match': '"1"',
      },
    );
    expect([current.status, current.body.settings.version, current.body.shelfLifeDays]).toEqual([200, 2, 5]);
    const history = await send('GET', `/api/recipes/${quicheId}/history`);
    expect(history.body.events[0]).toMatchObject({ action: 'label_changed', details: { fields: ['shelfLifeDays'] } });
  });

  it('refuses ingredients the recipe does not have and another organisation’s establishment, field by field', async () => {
    const foreign = await send('POST', '/api/establishments', { name: 'Ailleurs' }, other.cookie);
    const res = await send('PUT', `/api/recipes/${quicheId}/label`, {
      quid: ['food:99999'],
      ingredientNames: { 'food:9410': 'farine' },
      establishmentId: foreign.body.id ?? '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      'quid.0': 'Cet ingrédient n’est pas dans la recette',
      // The flour is the pastry's line: its name is set on the pastry's label.
      'ingredientNames.food:9410': 'Cet ingrédient n’est pas dans la recette',
      establishmentId: 'Établissement inconnu',
    });
    expect((await send('PUT', `/api/recipes/${quicheId}/label`, { shelfLifeDays: 400 })).body.error.fields).toEqual({
      shelfLifeDays: 'La durée de conservation est un nombre entier de jours, de 0 à 365',
    });
    expect((await send('PUT', `/api/recipes/${quicheId}/label`, {}, other.cookie)).status).toBe(404);
  });
});

describe('GET /api/recipes/:id/label.pdf', () => {
  it('prints what to shorten instead of a cut text when even the minimum size does not fit', async () => {
    const res = await getRaw(t, `/api/recipes/${quicheId}/label.pdf?format=a4-3x8&date=2026-09-07`, {
      cookie: owner.cookie,
    });
    const pdf = readPdf(res.body, 'quiche-3x8-too-long');
    const flat = pdf.text.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'Quiche au saumon fumé Étiquette non imprimable : Trop long pour planche 3 × 8 (70 × 37 mm)',
    );
    expect(flat).toContain('Raccourcissez la déclaration nutritionnelle');
    expect(flat).not.toContain('Ingrédients');
  });

  it('prints n copies on a 3 × 8 sheet: selectable text, embedded fonts, the label’s words', async () => {
    const fitting = await send('PUT', `/api/recipes/${quicheId}/label`, {
      denomination: 'Quiche au saumon fumé',
      shelfLifeDays: 5,
      ingredientNames: { 'food:19410': 'crème fraîche épaisse', 'food:22000': 'œufs frais' },
      // Made and sold on the premises: no declaration needed (Regulation 1169/2011 annex V, 19).
      nutrition: 'none',
    });
    expect(fitting.body.fits[0]).toMatchObject({ format: 'a4-3x8', fits: true, message: null });
    const res = await getRaw(t, `/api/recipes/${quicheId}/label.pdf?format=a4-3x8&copies=3&date=2026-09-07&lot=L-A12`, {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = readPdf(res.body, 'quiche-3x8');
    expect(pdf.sizes).toHaveLength(1);
    expect([pdf.sizes[0]!.width, pdf.sizes[0]!.height]).toEqual([expect.closeTo(595.28, 1), expect.closeTo(841.89, 1)]);
    expect(pdf.fonts.map((f) => [f.name.replace(/^[A-Z]{6}\+/, ''), f.embedded, f.unicode])).toEqual([
      ['PTSans-NarrowBold', true, true],
      ['PTSans-Narrow', true, true],
    ]);
    const flat = pdf.text.replace(/\s+/g, ' ');
    expect(flat.match(/Quiche au saumon fumé/g)).toHaveLength(3);
    expect(flat).toContain('Fait maison');
    expect(flat).toContain('À consommer jusqu’au : 12/09/2026');
    expect(flat).toContain('Lot : L-A12');
    expect(flat).toContain('Peut contenir : fruits à coque.');
    expect(flat).not.toContain('Étiquette non imprimable');
  });

  it('prints on a roll of 62 mm, one page per label as long as its text', async () => {
    const res = await getRaw(t, `/api/recipes/${quicheId}/label.pdf?format=roll-62&copies=2&date=2026-09-07`, {
      cookie: viewer.cookie,
    });
    expect(res.status).toBe(200);
    const pdf = readPdf(res.body, 'quiche-roll62');
    expect(pdf.sizes).toHaveLength(2);
    expect(pdf.sizes[0]!.width).toBeCloseTo((62 * 72) / 25.4, 1);
    expect(pdf.sizes[0]!.height).toBeGreaterThan(100);
    expect(pdf.pages[0]).toContain('Ingrédients');
    expect(pdf.text).toContain('À consommer jusqu’au : 12/09/2026');
  });

  it('prints a QR code of the denomination, lot and use-by date, or a GS1-128 of the date and lot', async () => {
    const qr = await send('PUT', `/api/recipes/${quicheId}/label`, {
      barcode: 'qr',
      nutrition: 'none',
      shelfLifeDays: 3,
    });
    expect(qr.body.barcode.kind).toBe('qr');
    const roll = await getRaw(t, `/api/recipes/${quicheId}/label.pdf?format=roll-62&date=2026-09-07&lot=L42`, {
      cookie: owner.cookie,
    });
    const page = readPdf(roll.body, 'quiche-roll62-qr', 300).images[0]!;
    const decoded = decodeQr(new Uint8ClampedArray(page.data), page.width, page.height);
    expect(decoded?.data).toBe('Quiche au saumon\nLot L42\nÀ consommer jusqu’au 10/09/2026');

    // The bars take 9 mm of a label: the pastry's short list leaves them room.
    const gs1 = await send('PUT', `/api/recipes/${pastryId}/label`, { barcode: 'gs1_128', shelfLifeDays: 3 });
    expect(gs1.body.fits[1]).toMatchObject({ format: 'a4-2x7', fits: true });
    const json = await send('GET', `/api/recipes/${pastryId}/label?date=2026-09-07`);
    expect(json.body.barcode).toEqual({ kind: 'gs1_128', text: '(17)260910(10)L260907' });
    const sheet = await getRaw(t, `/api/recipes/${pastryId}/label.pdf?format=a4-2x7&date=2026-09-07`, {
      cookie: owner.cookie,
    });
    const image = readPdf(sheet.body, 'pastry-2x7-gs1').images[0]!;
    // The first label (4,65 mm, 15,15 mm, 99,1 × 38,1): bars in its bottom band, none in the band above the text's end.
    const [x0, x1] = [(4.65 + 2) / 210, (4.65 + 97) / 210];
    expect(inkIn(image, x0, (15.15 + 27.5) / 297, x1, (15.15 + 36) / 297)).toBeGreaterThan(0.15);
  });

  it('refuses bad print parameters field by field, in French', async () => {
    const res = await send('GET', `/api/recipes/${quicheId}/label.pdf?format=a5&copies=0&date=hier`);
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      format: 'Format d’étiquette inconnu',
      copies: 'Le nombre d’exemplaires est compris entre 1 et 500',
      date: 'Date invalide (AAAA-MM-JJ)',
    });
    const grid = await send(
      'GET',
      `/api/recipes/${quicheId}/label.pdf?format=a4-grid&columns=3&rows=8&width=80&height=37`,
    );
    expect(grid.body.error.fields).toEqual({
      width: 'La grille dépasse la largeur d’une feuille A4 (210 mm)'.replace(' mm', `${NBSP}mm`),
    });
    expect((await send('GET', `/api/recipes/${quicheId}/label.pdf`, undefined, other.cookie)).status).toBe(404);
  });
});
