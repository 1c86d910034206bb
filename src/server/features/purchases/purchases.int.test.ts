import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseMessages as m } from '../../../shared/api/purchase-messages.ts';
import { versionMessages } from '../../../shared/api/versions.ts';
import { parisToday } from '../../domain/product-prices.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import {
  ciiXml,
  facturXPdf,
  GUIDELINES,
  objectStreamBomb,
  postFile,
  ublXml,
  type TestInvoice,
} from '../../test/invoices.ts';
import { addMember } from '../../test/teams.ts';

let t: TestApp;
let owner: SignedUpUser;
const ids = {} as Record<
  'carrots' | 'cream' | 'milk' | 'beef' | 'butter' | 'soup' | 'steak' | 'eggs' | 'january' | 'march' | 'early',
  string
>;

const call = async (method: string, path: string, body?: unknown, cookie = owner.cookie) => {
  const res = await t.request(method, path, { cookie, ...(body !== undefined ? { body } : {}) });
  return res;
};
const ok = async (method: string, path: string, body?: unknown) => {
  const res = await call(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};
const product = (name: string, extra: Record<string, unknown> = {}) =>
  ok('POST', '/api/products', { name, per100g: {}, allergens: [], traces: [], ...extra });

const supplier = { name: 'Primeurs du Marché', siret: '12345678900014' };
/** January: the grocer's first invoice (several units and VAT rates). */
const january: TestInvoice = {
  number: 'F-2026-0001',
  date: '2026-01-15',
  supplier,
  lines: [
    { articleId: 'CAR-01', description: 'Carottes des sables', quantity: 12.5, unitCode: 'KGM', unitPrice: 1.2 },
    { articleId: 'CRE-35', description: 'Crème fraîche épaisse 35 %', quantity: 3, unitCode: 'LTR', unitPrice: 4 },
    { articleId: 'LAI-6', description: 'Lait entier colis de 6 × 1 L', quantity: 2, unitCode: 'XCS', unitPrice: 6.6 },
    { articleId: 'OEU-30', description: 'Œufs plein air calibre M', quantity: 30, unitCode: 'H87', unitPrice: 0.28 },
    { articleId: 'BOE-HA', description: 'Bœuf haché 15 % MG', quantity: 5, unitCode: 'KGM', unitPrice: 12 },
    { articleId: 'TAB-1', description: 'Tablier de cuisine', quantity: 1, unitCode: 'C62', unitPrice: 12, vatRate: 20 },
  ],
};
/** March: the same articles, dearer beef and carrots. */
const march: TestInvoice = {
  number: 'F-2026-0037',
  date: '2026-03-02',
  supplier,
  lines: [
    { articleId: 'CAR-01', description: 'Carottes des sables', quantity: 10, unitCode: 'KGM', unitPrice: 1.5 },
    { articleId: 'BOE-HA', description: 'Bœuf haché 15 % MG', quantity: 4, unitCode: 'KGM', unitPrice: 20 },
    { articleId: 'OEU-30', description: 'Œufs plein air calibre M', quantity: 60, unitCode: 'H87', unitPrice: 0.3 },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  ids.carrots = (await product('Carottes', { labels: ['bio'] })).id;
  ids.cream = (await product('Crème fraîche')).id;
  ids.milk = (await product('Lait entier')).id;
  ids.beef = (await product('Bœuf haché', { meatKind: 'bovine', labels: ['label_rouge'] })).id;
  ids.butter = (await product('Beurre doux', { price: { amount: 9, per: 'kg' } })).id;
  ids.soup = (
    await ok('POST', '/api/recipes', {
      name: 'Velouté de carottes',
      servings: 4,
      price: 6,
      ingredients: [
        { productId: ids.carrots, quantity: 500, unit: 'g' },
        { productId: ids.cream, quantity: 100, unit: 'ml' },
      ],
      allergens: [],
      dietaryInfo: [],
    })
  ).id;
  ids.steak = (
    await ok('POST', '/api/recipes', {
      name: 'Steak haché maison',
      servings: 1,
      price: 5,
      ingredients: [{ productId: ids.beef, quantity: 150, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    })
  ).id;
});
afterAll(() => t?.close());

describe(`supplier invoices (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('imports a CII as a draft: lines suggested by name, the rest left to the owner', async () => {
    const res = await postFile(t, '/api/purchases/invoices', ciiXml(january), owner.cookie);
    expect(res.status, res.text).toBe(201);
    const invoice = res.body.invoice;
    ids.january = invoice.id;
    expect(invoice).toMatchObject({
      status: 'draft',
      kind: 'invoice',
      format: 'cii',
      supplier: { name: 'Primeurs du Marché', siret: '12345678900014' },
      number: 'F-2026-0001',
      date: '2026-01-15',
      currency: 'EUR',
      totalValue: 120.6,
      linesIncluded: true,
      notes: [],
      version: 1,
    });
    expect(
      invoice.lines.map((l: { productId: string | null; match: string | null }) => [l.productId, l.match]),
    ).toEqual([
      [ids.carrots, 'suggested'],
      [ids.cream, 'suggested'],
      [ids.milk, 'suggested'],
      [null, null],
      [ids.beef, 'suggested'],
      [null, null],
    ]);
    expect(invoice.lines[2]).toMatchObject({
      unitCode: 'XCS',
      contents: { amount: 6, per: 'l' },
      pricePerBase: { amount: 1.1, per: 'l' },
    });
    expect(invoice.lines[5]).toMatchObject({ vatRate: 20, unitCode: 'C62' });
  });

  it('the same supplier and number twice → 409, whatever the file format', async () => {
    for (const file of [ciiXml(january), ublXml(january)]) {
      const res = await postFile(t, '/api/purchases/invoices', file, owner.cookie);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        409,
        'conflict',
        m.duplicate('Primeurs du Marché', 'F-2026-0001'),
      ]);
    }
  });

  it('a line can create a product: the owner makes « Œufs » and gives it to the line', async () => {
    ids.eggs = (await product('Œufs plein air', { gramsPerUnit: 60 })).id;
    const lines = (await ok('GET', `/api/purchases/invoices/${ids.january}`)).invoice.lines;
    const res = await call('PUT', `/api/purchases/invoices/${ids.january}/lines/${lines[3].id}`, {
      productId: ids.eggs,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.line).toMatchObject({ productId: ids.eggs, match: null });
    // The invoice's version went 1 → 2: a write naming 1 (body or If-Match) is a 409 saying who saved, and changes nothing.
    for (const stale of [
      await call('PUT', `/api/purchases/invoices/${ids.january}/lines/${lines[3].id}`, { productId: null, version: 1 }),
      await t.request('PUT', `/api/purchases/invoices/${ids.january}/lines/${lines[3].id}`, {
        cookie: owner.cookie,
        headers: { 'if-match': '"1"' },
        body: { productId: null },
      }),
    ]) {
      expect([stale.status, stale.body.error.code], stale.text).toEqual([409, 'conflict']);
      expect(stale.body.error.conflict).toMatchObject({ version: 2, updatedBy: expect.any(String) });
      expect(stale.body.error.message).toContain(stale.body.error.conflict.updatedBy);
    }
    const kept = (await ok('GET', `/api/purchases/invoices/${ids.january}`)).invoice;
    expect([kept.version, kept.lines[3].productId]).toEqual([2, ids.eggs]);
    const foreign = await call('PUT', `/api/purchases/invoices/${ids.january}/lines/${lines[5].id}`, {
      productId: '00000000-0000-4000-8000-000000000000',
    });
    expect([foreign.status, foreign.body.error.fields]).toEqual([422, { productId: m.unknownProduct }]);
    // Another draft of the supplier, dropped with it: its eggs line is only suggested by name for now.
    const early = (
      await postFile(
        t,
        '/api/purchases/invoices',
        ciiXml({ ...march, number: 'F-2026-0036', lines: [january.lines[3]!] }),
        owner.cookie,
      )
    ).body.invoice;
    ids.early = early.id;
    expect(early.lines[0]).toMatchObject({ productId: ids.eggs, match: 'suggested' });
  });

  it('confirming records the purchase, updates prices per kg, l and unité, keeps their history, recomputes recipes', async () => {
    const before = await ok('GET', `/api/recipes/${ids.steak}`);
    expect(before.costPerServing).toBeNull();
    const stale = await call('POST', `/api/purchases/invoices/${ids.january}/confirm`, { version: 1 });
    expect([stale.status, stale.body.error.code, stale.body.error.conflict?.version]).toEqual([409, 'conflict', 2]);
    expect((await ok('GET', `/api/purchases/invoices/${ids.january}`)).invoice).toMatchObject({
      status: 'draft',
      version: 2,
    });
    expect((await ok('GET', `/api/recipes/${ids.steak}`)).costPerServing).toBeNull();
    // The version in If-Match, as for every versioned resource: a stale one is the same 409,
    // with a JSON body or with none (the body of a confirmation is all optional).
    const confirmUrl = `/api/purchases/invoices/${ids.january}/confirm`;
    for (const body of [{}, undefined]) {
      const staleHeader = await t.request('POST', confirmUrl, {
        cookie: owner.cookie,
        headers: { 'if-match': '"1"' },
        body,
      });
      expect([staleHeader.status, staleHeader.body.error.conflict?.version], staleHeader.text).toEqual([409, 2]);
    }
    const disagree = await t.request('POST', confirmUrl, {
      cookie: owner.cookie,
      headers: { 'if-match': '"1"' },
      body: { version: 2 },
    });
    expect([disagree.status, disagree.body.error.fields]).toEqual([422, { version: versionMessages.mismatch }]);
    expect((await ok('GET', `/api/purchases/invoices/${ids.january}`)).invoice.status).toBe('draft');
    const res = await t.request('POST', confirmUrl, { cookie: owner.cookie, headers: { 'if-match': '"2"' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.invoice).toMatchObject({ status: 'confirmed', version: 3 });
    expect(res.body.invoice.establishmentId).toEqual(expect.any(String));
    const changes = Object.fromEntries(
      res.body.priceChanges.map((c: { productId: string; before: unknown; after: unknown }) => [
        c.productId,
        [c.before, c.after],
      ]),
    );
    expect(changes).toEqual({
      [ids.carrots]: [null, { amount: 1.2, per: 'kg' }],
      [ids.cream]: [null, { amount: 4, per: 'l' }],
      [ids.milk]: [null, { amount: 1.1, per: 'l' }],
      [ids.eggs]: [null, { amount: 0.28, per: 'unité' }],
      [ids.beef]: [null, { amount: 12, per: 'kg' }],
    });
    const beef = await ok('GET', `/api/products/${ids.beef}`);
    expect(beef).toMatchObject({ price: { amount: 12, per: 'kg' }, priceSource: 'invoice' });
    // 150 g at 12 €/kg, in the same transaction as the prices.
    expect((await ok('GET', `/api/recipes/${ids.steak}`)).costPerServing).toBe(1.8);
    // (500 g × 1,20 €/kg + 0,1 l × 4 €/l) ÷ 4 portions.
    expect((await ok('GET', `/api/recipes/${ids.soup}`)).costPerServing).toBe(0.25);
    // What January taught reached the other draft of the supplier.
    expect((await ok('GET', `/api/purchases/invoices/${ids.early}`)).invoice.lines[0]).toMatchObject({
      productId: ids.eggs,
      match: 'learned',
    });
    expect((await call('DELETE', `/api/purchases/invoices/${ids.early}`)).status).toBe(204);
    const again = await call('POST', `/api/purchases/invoices/${ids.january}/confirm`, {});
    expect([again.status, again.body.error.message]).toEqual([409, m.alreadyConfirmed]);
    const edit = await call('PUT', `/api/purchases/invoices/${ids.january}/lines/${res.body.invoice.lines[5].id}`, {
      productId: null,
    });
    expect(edit.status).toBe(409);
  });

  it('the next invoice of the supplier is matched « learned », the owner’s choice included; its Factur-X PDF reads the same', async () => {
    const res = await postFile(
      t,
      '/api/purchases/invoices',
      await facturXPdf(ciiXml(march)),
      owner.cookie,
      'application/pdf',
    );
    expect(res.status, res.text).toBe(201);
    ids.march = res.body.invoice.id;
    expect(res.body.invoice.format).toBe('factur-x');
    expect(res.body.invoice.lines.map((l: { productId: string; match: string }) => [l.productId, l.match])).toEqual([
      [ids.carrots, 'learned'],
      [ids.beef, 'learned'],
      [ids.eggs, 'learned'],
    ]);
    const confirmed = await ok('POST', `/api/purchases/invoices/${ids.march}/confirm`, {});
    expect(confirmed.priceChanges).toContainEqual({
      productId: ids.beef,
      before: { amount: 12, per: 'kg' },
      after: { amount: 20, per: 'kg' },
    });
    expect((await ok('GET', `/api/recipes/${ids.steak}`)).costPerServing).toBe(3);
  });

  it('keeps every price with its source, newest first; a hand-typed price is « manuel »', async () => {
    const history = (await ok('GET', `/api/products/${ids.beef}/prices`)).prices;
    expect(history).toEqual([
      {
        date: '2026-03-02',
        amount: 20,
        per: 'kg',
        source: 'invoice',
        invoiceId: ids.march,
        supplier: 'Primeurs du Marché',
      },
      {
        date: '2026-01-15',
        amount: 12,
        per: 'kg',
        source: 'invoice',
        invoiceId: ids.january,
        supplier: 'Primeurs du Marché',
      },
    ]);
    const current = await ok('GET', `/api/products/${ids.beef}`);
    const { id: _id, usedBy: _u, createdAt: _c, updatedAt: _up, priceSource: _s, originStages: _o, ...input } = current;
    await ok('PUT', `/api/products/${ids.beef}`, { ...input, price: { amount: 18.5, per: 'kg' } });
    expect(await ok('GET', `/api/products/${ids.beef}`)).toMatchObject({ priceSource: 'manual' });
    expect((await ok('GET', `/api/products/${ids.beef}/prices`)).prices[0]).toEqual({
      date: parisToday(),
      amount: 18.5,
      per: 'kg',
      source: 'manual',
    });
  });

  it('an invoice older than the newest price keeps it in the history without changing the product', async () => {
    const old: TestInvoice = {
      number: 'B-1',
      date: '2026-02-01',
      supplier: { name: 'Crèmerie Dupont', siret: '11122233300018' },
      lines: [{ description: 'Beurre doux 500 g', quantity: 10, unitCode: 'H87', unitPrice: 4 }],
    };
    const invoice = (await postFile(t, '/api/purchases/invoices', ublXml(old), owner.cookie)).body.invoice;
    expect(invoice.lines[0]).toMatchObject({
      productId: ids.butter,
      match: 'suggested',
      contents: { amount: 0.5, per: 'kg' },
    });
    const confirmed = await ok('POST', `/api/purchases/invoices/${invoice.id}/confirm`, {});
    expect(confirmed.priceChanges).toEqual([]);
    expect((await ok('GET', `/api/products/${ids.butter}`)).price).toEqual({ amount: 9, per: 'kg' });
    expect(
      (await ok('GET', `/api/products/${ids.butter}/prices`)).prices.map((p: { source: string }) => p.source),
    ).toEqual(['manual', 'invoice']);
  });

  it('a price per unit for a product without a unit weight stays in the history; the product waits for its weight', async () => {
    const lemons = (await product('Citrons jaunes')).id;
    const invoice = (
      await postFile(
        t,
        '/api/purchases/invoices',
        ciiXml({
          number: 'C-1',
          date: '2026-03-03',
          supplier,
          lines: [{ description: 'Citrons jaunes', quantity: 20, unitCode: 'H87', unitPrice: 0.35 }],
        }),
        owner.cookie,
      )
    ).body.invoice;
    expect(invoice.lines[0].productId).toBe(lemons);
    expect((await ok('POST', `/api/purchases/invoices/${invoice.id}/confirm`, {})).priceChanges).toEqual([]);
    expect((await ok('GET', `/api/products/${lemons}`)).price).toBeNull();
    expect((await ok('GET', `/api/products/${lemons}/prices`)).prices).toEqual([
      {
        date: '2026-03-03',
        amount: 0.35,
        per: 'unité',
        source: 'invoice',
        invoiceId: invoice.id,
        supplier: 'Primeurs du Marché',
      },
    ]);
  });

  it('a credit note and a MINIMUM invoice are recorded without touching prices, and say so', async () => {
    const note = await postFile(
      t,
      '/api/purchases/invoices',
      ublXml({ ...march, number: 'AV-2026-0003', typeCode: '381', lines: [march.lines[0]!] }),
      owner.cookie,
    );
    expect(note.status, note.text).toBe(201);
    expect(note.body.invoice).toMatchObject({ kind: 'credit_note', notes: [m.creditNote] });
    expect((await ok('POST', `/api/purchases/invoices/${note.body.invoice.id}/confirm`, {})).priceChanges).toEqual([]);
    const minimum = await postFile(
      t,
      '/api/purchases/invoices',
      await facturXPdf(ciiXml({ ...march, number: 'M-9', guideline: GUIDELINES.minimum })),
      owner.cookie,
      'application/pdf',
    );
    expect(minimum.body.invoice).toMatchObject({
      linesIncluded: false,
      lines: [],
      totalValue: 113,
      notes: [m.noLines('MINIMUM')],
    });
    expect((await ok('POST', `/api/purchases/invoices/${minimum.body.invoice.id}/confirm`, {})).priceChanges).toEqual(
      [],
    );
  });

  it('a foreign currency, a wrong total and junk are refused whole (422 next to « file »), nothing stored', async () => {
    const count = async () => (await ok('GET', '/api/purchases/invoices')).invoices.length;
    const before = await count();
    for (const [file, message] of [
      [ciiXml({ ...march, number: 'NOK-1', currency: 'NOK' }), m.currency('NOK')],
      [ciiXml({ ...march, number: 'T-1', linesTotal: 1 }), m.wrongTotal(113, 1)],
      ['bonjour', m.unreadable],
    ] as const) {
      const res = await postFile(t, '/api/purchases/invoices', file, owner.cookie);
      expect([res.status, res.body.error.code, res.body.error.fields]).toEqual([422, 'validation', { file: message }]);
    }
    expect(await count()).toBe(before);
  });

  it('a PDF bomb pdf-lib would inflate itself (small-window header, Flate inside Flate) is refused as a bomb', async () => {
    for (const shape of ['small-window', 'twice'] as const) {
      const bomb = await objectStreamBomb(100, shape);
      expect(bomb.length).toBeLessThan(256 * 1024);
      const res = await postFile(t, '/api/purchases/invoices', bomb, owner.cookie, 'application/pdf');
      expect([shape, res.status, res.body.error?.fields]).toEqual([shape, 422, { file: m.pdfBomb }]);
    }
  });

  it('a draft can be thrown away; a confirmed invoice cannot', async () => {
    const draft = (await postFile(t, '/api/purchases/invoices', ciiXml({ ...march, number: 'D-1' }), owner.cookie)).body
      .invoice;
    expect((await call('DELETE', `/api/purchases/invoices/${draft.id}`)).status).toBe(204);
    expect((await call('GET', `/api/purchases/invoices/${draft.id}`)).status).toBe(404);
    const confirmed = await call('DELETE', `/api/purchases/invoices/${ids.january}`);
    expect([confirmed.status, confirmed.body.error.message]).toEqual([409, m.notDraft]);
  });

  it('lists invoices by period, newest first, with how many lines have a product', async () => {
    const list = (await ok('GET', '/api/purchases/invoices?from=2026-01-01&to=2026-01-31')).invoices;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: ids.january, lineCount: 6, matchedLines: 5 });
    expect(list[0].lines).toBeUndefined();
  });
});

describe(`EGalim from purchases and the « Prix » view (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('shares by value HT from confirmed invoices: organic, Label Rouge meat, credit notes deducted', async () => {
    const res = await ok('GET', '/api/purchases/egalim?from=2026-01-01&to=2026-03-31');
    // January 120,60 + March 113 + butter 40 + lemons 7 − credit note 15 + MINIMUM 113 (its total, non-EGalim).
    // Organic carrots 15 + 15 − 15; Label Rouge beef 60 + 80 (meat 140, all EGalim).
    expect(res).toEqual({
      source: 'purchases',
      totalValue: 378.6,
      sustainableValue: 155,
      organicValue: 15,
      meatFishValue: 140,
      meatFishSustainableValue: 140,
      sustainablePercent: 40.9,
      organicPercent: 4,
      meatFishSustainablePercent: 100,
      invoices: 6,
      totalOnlyInvoices: 1,
      unmatchedValue: 12,
    });
  });

  it('falls back to the meal plan’s estimate, labelled so, when nothing was bought in the period', async () => {
    const res = await ok('GET', '/api/purchases/egalim?from=2025-01-01&to=2025-12-31');
    expect(res).toMatchObject({ source: 'estimate', invoices: 0, totalValue: 0, sustainablePercent: null });
  });

  it('« Prix »: what went up and by how much; which recipes crossed the owner’s target (version checked)', async () => {
    expect(await ok('GET', '/api/purchases/settings')).toEqual({ foodCostTarget: 30, version: 1 });
    const saved = await ok('PUT', '/api/purchases/settings', { foodCostTarget: 50, version: 1 });
    expect(saved).toEqual({ foodCostTarget: 50, version: 2 });
    const stale = await call('PUT', '/api/purchases/settings', { foodCostTarget: 40, version: 1 });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);
    expect(stale.body.error.conflict).toMatchObject({ version: 2, updatedBy: expect.any(String) });
    expect(await ok('GET', '/api/purchases/settings')).toEqual({ foodCostTarget: 50, version: 2 });
    const badIfMatch = await t.request('PUT', '/api/purchases/settings', {
      cookie: owner.cookie,
      headers: { 'if-match': 'deux' },
      body: { foodCostTarget: 40 },
    });
    expect([badIfMatch.status, Object.keys(badIfMatch.body.error.fields)]).toEqual([422, ['version']]);
    const report = await ok('GET', '/api/purchases/prices?from=2026-02-01&to=2026-03-31');
    expect(report.target).toBe(50);
    expect(report.rises.map((r: { name: string; changePercent: number }) => [r.name, r.changePercent])).toEqual([
      ['Bœuf haché', 66.7],
      ['Carottes', 25],
      ['Œufs plein air', 7.1],
    ]);
    expect(report.rises[0]).toMatchObject({
      before: { amount: 12, per: 'kg', date: '2026-01-15' },
      after: { amount: 20, per: 'kg', date: '2026-03-02', source: 'invoice' },
    });
    // Steak: 1,80 → 3,00 € a portion, sold 5 € TTC (4,55 € HT): 39,6 % → 66 %, across the 50 % target.
    expect(report.recipes[0]).toEqual({
      recipeId: ids.steak,
      name: 'Steak haché maison',
      costBefore: 1.8,
      costAfter: 3,
      foodCostBefore: 39.6,
      foodCostAfter: 66,
      crossed: true,
    });
  });

  it('viewers see no money; editors do; another organisation gets 404', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const editor = await addMember(t, owner, 'editor');
    for (const path of ['/api/purchases/invoices', `/api/products/${ids.beef}/prices`, '/api/purchases/egalim'])
      expect((await call('GET', path, undefined, viewer.cookie)).status, path).toBe(403);
    expect((await call('GET', '/api/purchases/invoices', undefined, editor.cookie)).status).toBe(200);
    const other = await t.signUp();
    expect((await call('GET', `/api/purchases/invoices/${ids.january}`, undefined, other.cookie)).status).toBe(404);
    expect((await call('GET', `/api/products/${ids.beef}/prices`, undefined, other.cookie)).status).toBe(404);
  });
});
