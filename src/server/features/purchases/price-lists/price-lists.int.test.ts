import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FILE_MESSAGES } from '../../../../shared/product-file.ts';
import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/harness.ts';
import { ciiXml, postFile } from '../../../test/invoices.ts';
import { bombXlsx, workbook } from '../../../test/hostile-tables.ts';

/**
 * Suppliers' price lists (docs/product/purchases.md « Tarifs fournisseurs »,
 * docs/decisions/0043-supplier-price-lists.md): files built here, as wholesalers send them.
 */
let t: TestApp;
let owner: SignedUpUser;
const ids = {} as Record<'cream' | 'butter' | 'eggs' | 'carrots' | 'quiche', string>;

const ok = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};
const post = (query: string, bytes: Uint8Array | string, type = 'text/csv') =>
  postFile(t, `/api/purchases/price-lists${query}`, bytes, owner.cookie, type);
/** Today in Paris: a price typed by hand is dated today, and a price list dated earlier only enters the history. */
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const utf8Bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, 'utf8')]);
/** Windows-1252 for the accents this file uses (é, è, à, ç, ô, ’ as 0x92), as a French Excel saves « CSV (séparateur : point-virgule) ». */
const cp1252 = (text: string) =>
  new Uint8Array(
    [...text].map((ch) => {
      if (ch === '’') return 0x92;
      const code = ch.charCodeAt(0);
      if (code > 0xff) throw new Error(ch);
      return code;
    }),
  );

// A wholesaler's « mercuriale »: BOM, « ; », decimal commas, accents, a date d'effet, EAN and labels.
const METRO =
  'Réf. article;Désignation;Conditionnement;Prix HT;TVA;Date d’effet;EAN;Label / origine\n' +
  '100234;Crème fraîche épaisse 35 % MG;Carton 6 x 1 L;15,60;5,5;01/04/2026;3250390000011;Label Rouge\n' +
  '100512;Beurre doux AOP;kg;9,80;5,5 %;01/04/2026;;AOP Charentes-Poitou\n' +
  '200011;Œufs plein air calibre M;Plateau de 30;7,50;5,5;01/04/2026;;France\n' +
  '300400;Safran en filaments;Boîte 1 g;12,00;5,5;01/04/2026;;\n' +
  ';;;;;;;\n';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const product = async (name: string, price: { amount: number; per: string }, extra: object = {}) =>
    (await ok('POST', '/api/products', { name, per100g: {}, allergens: [], traces: [], price, ...extra })).id;
  ids.cream = await product('Crème fraîche épaisse', { amount: 3, per: 'l' });
  ids.butter = await product('Beurre doux', { amount: 8, per: 'kg' });
  ids.eggs = await product('Œufs plein air', { amount: 0.3, per: 'unité' }, { gramsPerUnit: 60 });
  ids.carrots = await product('Carottes', { amount: 1.2, per: 'kg' });
  ids.quiche = (
    await ok('POST', '/api/recipes', {
      name: 'Quiche',
      servings: 1,
      price: 12,
      ingredients: [
        { productId: ids.cream, quantity: 100, unit: 'g' },
        { productId: ids.butter, quantity: 50, unit: 'g' },
      ],
      allergens: [],
      dietaryInfo: [],
    })
  ).id;
});
afterAll(() => t?.close());

describe(`suppliers' price lists (${process.env.TEST_DB ?? 'pglite'})`, () => {
  let listId: string;
  let version: number;

  it('previews a French CSV (BOM, « ; », decimal commas, accents): lines matched by name, contents read, nothing priced yet', async () => {
    // The date d'effet given at the import wins over the file's.
    const res = await post(
      `?supplier=${encodeURIComponent('Métro Cash & Carry')}&effectiveDate=${today}`,
      utf8Bom(METRO),
    );
    expect(res.status, res.text).toBe(201);
    const list = res.body.priceList;
    listId = list.id;
    version = list.version;
    expect(list).toMatchObject({
      status: 'draft',
      supplier: { name: 'Métro Cash & Carry' },
      effectiveDate: today,
      version: 1,
    });
    expect(list.lines).toHaveLength(4);
    expect(list.lines[0]).toMatchObject({
      supplierArticleId: '100234',
      description: 'Crème fraîche épaisse 35 % MG',
      unitLabel: 'Carton 6 x 1 L',
      priceHt: 15.6,
      vatRate: 5.5,
      ean: '3250390000011',
      labels: 'Label Rouge',
      productId: ids.cream,
      match: 'suggested',
      contents: { amount: 6, per: 'l' },
      pricePerBase: { amount: 2.6, per: 'l' },
    });
    expect(list.lines[1]).toMatchObject({
      productId: ids.butter,
      vatRate: 5.5,
      pricePerBase: { amount: 9.8, per: 'kg' },
    });
    expect(list.lines[2]).toMatchObject({
      productId: ids.eggs,
      contents: { amount: 1, per: 'unité' },
      pricePerBase: { amount: 7.5, per: 'unité' },
    });
    expect(list.lines[3]).toMatchObject({ description: 'Safran en filaments', productId: null, match: null });
    // A preview changes no price.
    expect((await ok('GET', `/api/products/${ids.cream}`)).price).toEqual({ amount: 3, per: 'l' });
    expect((await ok('GET', '/api/purchases/price-lists')).priceLists[0]).toMatchObject({
      id: listId,
      lineCount: 4,
      matchedLines: 3,
    });
  });

  it('the same file twice → 409; a line corrected and a product created take the list’s version, a stale one → 409', async () => {
    const again = await post('?supplier=Metro', utf8Bom(METRO));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(m.priceListDuplicate);
    const list = (await ok('GET', `/api/purchases/price-lists/${listId}`)).priceList;
    // « Plateau de 30 »: the eggs line is 30 eggs; the owner leaves it out rather than price one egg at 7,50 €.
    const skip = await t.request('PUT', `/api/purchases/price-lists/${listId}/lines/${list.lines[2].id}`, {
      cookie: owner.cookie,
      body: { productId: null, version },
    });
    expect(skip.status, skip.text).toBe(200);
    const saffron = await ok('POST', '/api/products', { name: 'Safran', per100g: {}, allergens: [], traces: [] });
    const stale = await t.request('PUT', `/api/purchases/price-lists/${listId}/lines/${list.lines[3].id}`, {
      cookie: owner.cookie,
      body: { productId: saffron.id, version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const fresh = await t.request('PUT', `/api/purchases/price-lists/${listId}/lines/${list.lines[3].id}`, {
      cookie: owner.cookie,
      body: { productId: saffron.id },
      headers: { 'if-match': `"${version + 1}"` },
    });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.line).toMatchObject({
      productId: saffron.id,
      match: null,
      pricePerBase: { amount: 12000, per: 'kg' },
    });
    version += 2;
  });

  it('confirming records the prices at the date d’effet, named « tarif fournisseur » and the supplier, and recomputes recipes', async () => {
    const costBefore = (await ok('GET', `/api/recipes/${ids.quiche}`)).costPerServing;
    const stale = await t.request('POST', `/api/purchases/price-lists/${listId}/confirm`, {
      cookie: owner.cookie,
      body: { version: version - 1 },
    });
    expect(stale.status).toBe(409);
    // The version in If-Match alone, with no body at all (a confirmation's body is all optional).
    const staleHeader = await t.request('POST', `/api/purchases/price-lists/${listId}/confirm`, {
      cookie: owner.cookie,
      headers: { 'if-match': `"${version - 1}"` },
    });
    expect(staleHeader.status, staleHeader.text).toBe(409);
    expect((await ok('GET', `/api/products/${ids.cream}`)).price).toEqual({ amount: 3, per: 'l' });

    const res = await ok('POST', `/api/purchases/price-lists/${listId}/confirm`, { version });
    expect(res.priceList.status).toBe('confirmed');
    expect(res.priceChanges).toEqual(
      expect.arrayContaining([
        { productId: ids.cream, before: { amount: 3, per: 'l' }, after: { amount: 2.6, per: 'l' } },
        { productId: ids.butter, before: { amount: 8, per: 'kg' }, after: { amount: 9.8, per: 'kg' } },
      ]),
    );
    expect((await ok('GET', `/api/products/${ids.eggs}`)).price).toEqual({ amount: 0.3, per: 'unité' });
    const cream = await ok('GET', `/api/products/${ids.cream}`);
    expect(cream).toMatchObject({ price: { amount: 2.6, per: 'l' }, priceSource: 'price_list' });
    const history = (await ok('GET', `/api/products/${ids.cream}/prices`)).prices;
    expect(history[0]).toEqual({
      date: today,
      amount: 2.6,
      per: 'l',
      source: 'price_list',
      priceListId: listId,
      supplier: 'Métro Cash & Carry',
    });
    expect(history[1]).toMatchObject({ amount: 3, per: 'l', source: 'manual' });
    // 100 g of cream (1 l counted 1 kg) at 2,60 € and 50 g of butter at 9,80 €: 0,26 + 0,49.
    const costAfter = (await ok('GET', `/api/recipes/${ids.quiche}`)).costPerServing;
    expect(costBefore).toBeCloseTo(0.3 + 0.4, 4);
    expect(costAfter).toBeCloseTo(0.26 + 0.49, 4);
    const report = await ok('GET', `/api/purchases/prices?from=${today}&to=${today}`);
    expect(report.recipes).toEqual([expect.objectContaining({ recipeId: ids.quiche, costAfter: 0.75 })]);
    expect(report.rises.find((r: { productId: string }) => r.productId === ids.butter).after.source).toBe('price_list');
    // Confirmed: no more changes, no deletion.
    expect(
      (await t.request('POST', `/api/purchases/price-lists/${listId}/confirm`, { cookie: owner.cookie, body: {} }))
        .status,
    ).toBe(409);
    const del = await t.request('DELETE', `/api/purchases/price-lists/${listId}`, { cookie: owner.cookie });
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(m.priceListNotDraft);
  });

  it('a price list is not a purchase: EGalim, « ma cantine » and consumption still see no invoice', async () => {
    const year = today.slice(0, 4);
    const egalim = await ok('GET', `/api/purchases/egalim?from=${year}-01-01&to=${year}-12-31`);
    expect(egalim).toMatchObject({ source: 'estimate', invoices: 0 });
    const establishments = await ok('GET', '/api/establishments');
    const site = establishments.establishments[0].id;
    await ok('PUT', `/api/establishments/${site}`, {
      name: 'Cantine',
      siret: '21340172201787',
    });
    const filing = await ok('GET', `/api/meal-plans/ma-cantine?establishmentId=${site}&year=${year}`);
    expect(filing.source).toBe('estimate');
    const consumption = await ok('GET', `/api/purchases/consumption?from=${year}-01-01&to=${year}-12-31`);
    expect(consumption.rows.filter((r: { purchased: number }) => r.purchased !== 0)).toEqual([]);
  });

  it('an English CSV in Windows-1252 (« , », decimal dots) from the same supplier: articles learned, including from its invoices', async () => {
    // An invoice from the supplier (with its SIRET) teaches article 777 = carrots.
    const invoice = await postFile(
      t,
      '/api/purchases/invoices',
      ciiXml({
        number: 'F-1',
        supplier: { name: 'Métro Cash & Carry', siret: '12345678900014' },
        lines: [{ articleId: '777', description: 'CAROTTE SAC 10KG', quantity: 1, unitCode: 'H87', unitPrice: 9 }],
      }),
      owner.cookie,
    );
    expect(invoice.status, invoice.text).toBe(201);
    const inv = invoice.body.invoice;
    await t.request('PUT', `/api/purchases/invoices/${inv.id}/lines/${inv.lines[0].id}`, {
      cookie: owner.cookie,
      body: { productId: ids.carrots },
    });
    expect((await ok('POST', `/api/purchases/invoices/${inv.id}/confirm`, {})).invoice.status).toBe('confirmed');

    const csv = cp1252(
      'Item code,Description,Pack size,Unit price,VAT rate,Effective date\n' +
        '100234,Crème fraîche épaisse,6 x 1 L,16.20,0.055,2026-05-01\n' +
        '777,Carottes de Créances,Sac 10 kg,"11.00",,2026-05-01\n',
    );
    const res = await post(`?supplier=${encodeURIComponent('METRO cash & carry')}`, csv);
    expect(res.status, res.text).toBe(201);
    const list = res.body.priceList;
    expect(list.effectiveDate).toBe('2026-05-01');
    expect(list.lines[0]).toMatchObject({
      productId: ids.cream,
      match: 'learned',
      vatRate: 5.5,
      pricePerBase: { amount: 2.7, per: 'l' },
    });
    expect(list.lines[1]).toMatchObject({
      description: 'Carottes de Créances',
      productId: ids.carrots,
      match: 'learned',
      pricePerBase: { amount: 1.1, per: 'kg' },
    });
    // The supplier is the one the invoices know (by SIRET), named as the list says.
    expect(list.supplier.name).toBe('METRO cash & carry');
    const del = await t.request('DELETE', `/api/purchases/price-lists/${list.id}`, { cookie: owner.cookie });
    expect(del.status).toBe(204);
    expect((await t.request('GET', `/api/purchases/price-lists/${list.id}`, { cookie: owner.cookie })).status).toBe(
      404,
    );
  });

  it('reads an XLSX price list; the supplier and date from the file’s columns', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const num = (ref: string, value: number) => `<c r="${ref}"><v>${value}</v></c>`;
    const xlsx = await workbook(
      () => [
        `<row r="1">${cell('A1', 'Fournisseur')}${cell('B1', 'Libellé')}${cell('C1', 'Unité')}${cell('D1', 'Prix unitaire HT')}${cell('E1', 'Date d’application')}</row>`,
        `<row r="2">${cell('A2', 'Primeurs Dupré')}${cell('B2', 'Carottes')}${cell('C2', 'kg')}${num('D2', 1.35)}${cell('E2', '2026-06-01')}</row>`,
      ],
      null,
    );
    const res = await post('', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.status, res.text).toBe(201);
    expect(res.body.priceList).toMatchObject({ supplier: { name: 'Primeurs Dupré' }, effectiveDate: '2026-06-01' });
    expect(res.body.priceList.lines[0]).toMatchObject({ productId: ids.carrots, match: 'suggested', priceHt: 1.35 });
  });

  it('refuses what it cannot read, in French next to the field, and stores nothing', async () => {
    const count = async () => (await ok('GET', '/api/purchases/price-lists')).priceLists.length;
    const before = await count();
    const refused = async (
      query: string,
      bytes: Uint8Array | string,
      field: string,
      message: string,
      type?: string,
    ) => {
      const res = await post(query, bytes, type);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.fields[field]).toBe(message);
    };
    await refused('', 'Désignation;Prix HT\nBeurre;9,80\n', 'supplier', m.priceListSupplierMissing);
    await refused(
      '?supplier=X&effectiveDate=2026-02-30',
      'Désignation;Prix HT\nBeurre;9,80\n',
      'effectiveDate',
      m.dateInvalid,
    );
    await refused(`?supplier=${'x'.repeat(201)}`, 'Désignation;Prix HT\nBeurre;9,80\n', 'supplier', m.supplierInvalid);
    await refused('?supplier=X', 'Nom;Quantité\nBeurre;2\n', 'file', m.priceListNoColumns);
    await refused('?supplier=X', 'Désignation;Prix HT\nBeurre;gratuit\n', 'file', m.salesRow(2, m.priceListPrice));
    await refused(
      '?supplier=X',
      'Désignation;Prix HT;Date d’effet\nBeurre;9,80;01/04/2026\nSel;1;02/04/2026\n',
      'file',
      m.priceListDates,
    );
    await refused('?supplier=X', '', 'file', m.priceListEmpty);
    // Dates d'effet of year 0 (no date to PostgreSQL) or far ahead (it would hold the price for good).
    for (const date of ['0000-01-01', '1999-12-31', '9999-12-31'])
      await refused(
        `?supplier=X&effectiveDate=${date}`,
        'Désignation;Prix HT\nBeurre;9,80\n',
        'effectiveDate',
        m.priceListDateRange,
      );
    await refused(
      '?supplier=X',
      'Désignation;Prix HT;Date d’effet\nBeurre;1;0000-01-01\n',
      'file',
      m.priceListDateRange,
    );
    // « 1,50 » in a comma-separated file: a value past the header's columns, refused, not read as 1.
    await refused(
      '?supplier=X',
      'Désignation,Prix HT\n"Beurre; doux",1,50\n',
      'file',
      PRODUCT_FILE_MESSAGES.cellOutsideColumns(2),
    );
    // A price the history cannot hold: under a millionth of a euro, or under 0,0001 € a kg.
    await refused(
      '?supplier=X',
      'Désignation;Unité;Prix HT\nSel;kg;0,0000001\n',
      'file',
      m.priceListTinyPrice('Sel', 'kg'),
    );
    await refused(
      '?supplier=X',
      'Désignation;Unité;Prix HT\nCarton;Carton 1000 x 1 kg;0,01\n',
      'file',
      m.priceListTinyPrice('Carton', 'kg'),
    );
    // 10,001 articles: over the import bounds (src/shared/product-file.ts), refused whole.
    const long = `Désignation;Prix HT\n${'Sel fin;0,80\n'.repeat(10_001)}`;
    await refused('?supplier=X', long, 'file', m.priceListTooMany);
    // 10,000 are taken.
    const res = await post('?supplier=Grossiste', `Désignation;Prix HT\n${'Sel fin;0,80\n'.repeat(10_000)}`);
    expect(res.status, res.text).toBe(201);
    expect(res.body.priceList.lines).toHaveLength(10_000);
    await ok('DELETE', `/api/purchases/price-lists/${res.body.priceList.id}`);
    // A zip bomb lying about its sizes (256 MB of spaces declared as 1 KB) is refused by the import bounds.
    const bomb = await post(
      '?supplier=X',
      await bombXlsx(),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(bomb.status).toBe(422);
    expect(typeof bomb.body.error.fields.file).toBe('string');
    expect(await count()).toBe(before);
  }, 60_000);
});
