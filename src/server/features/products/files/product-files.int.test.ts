import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FILE_HEADERS } from '../../../../shared/product-file.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/harness.ts';
import { addMember } from '../../../test/teams.ts';
import { bombXlsx, hugeCellXlsx, millionRowsCsv, millionRowsXlsx, workbook } from '../../../test/hostile-tables.ts';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
});
afterAll(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = async (path: string, body: Uint8Array<ArrayBuffer> | string, type: string, cookie = owner.cookie) => {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': type, ...(cookie ? { cookie } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
};
const productNames = async (organisationId = owner.organisationId) =>
  (
    await t.db
      .selectFrom('products')
      .select('name')
      .where('organisation_id', '=', organisationId)
      .orderBy('name')
      .execute()
  ).map((r) => r.name);

// A French Excel's CSV: « ; », decimal commas, a BOM.
const csv = (lines: string[]) =>
  `\uFEFFNom;Fournisseur;Énergie (kcal);Matières grasses (g);Allergènes;Prix HT (€);Prix par;Viande;Origine\n${lines.join('\n')}\n`;

describe('product files (docs/decisions/0018-products-sub-recipes-costs.md)', () => {
  it('previews each row’s problems in French, imports all or nothing, and exports what it imported', async () => {
    const bad = csv([
      'Beurre doux;Laiterie Z;745;82;Lait;9,80;kg;;France',
      ';Sans nom;12;;;;;;',
      'Jambon;Salaisons;abc;;Soja, Gluten;4;kg;porcine;France',
      'Crème;;292;30;Noix de coco;;;;',
    ]);
    const preview = await upload('/api/files/products/preview', bad, 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: 4, valid: 1 });
    expect(preview.body.rows).toEqual([
      { line: 3, name: '(sans nom)', problems: ['Le nom du produit est requis'] },
      { line: 4, name: 'Jambon', problems: ['Énergie (kcal)\u00a0: nombre attendu, par exemple 9,80'] },
      { line: 5, name: 'Crème', problems: ['Allergène inconnu'] },
    ]);
    const refused = await upload('/api/files/products/import', bad, 'text/csv');
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields['line.4']).toContain('nombre attendu');
    expect(await productNames()).toEqual([]);

    const good = csv([
      'Beurre doux;Laiterie Z;745;82;Lait;9,80;kg;;France',
      'Jambon blanc;Salaisons;115;3;;12,5;kg;porcine;Espagne',
    ]);
    const imported = await upload('/api/files/products/import', good, 'text/csv');
    expect([imported.status, imported.body]).toEqual([201, { imported: 2 }]);
    const products = (await t.request('GET', '/api/products', { cookie: owner.cookie })).body.products;
    expect(products[1]).toMatchObject({
      name: 'Jambon blanc',
      per100g: { energyKcal: 115, fat: 3, protein: null },
      price: { amount: 12.5, per: 'kg' },
      meatKind: 'porcine',
      origin: 'Espagne',
    });

    const exported = await t.request('GET', '/api/files/products/export?format=csv', { cookie: owner.cookie });
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(PRODUCT_FILE_HEADERS.join(';'));
    expect(exported.text).toContain('Beurre doux;Laiterie Z;;745;82;');
    // What is exported imports again, the same (another organisation, same file).
    const again = await upload('/api/files/products/import', exported.text, 'text/csv', other.cookie);
    expect(again.status).toBe(201);
    const copied = (await t.request('GET', '/api/products', { cookie: other.cookie })).body.products;
    const strip = (p: Record<string, unknown>) => ({ ...p, id: undefined, createdAt: undefined, updatedAt: undefined });
    expect(copied.map(strip)).toEqual(products.map(strip));
  });

  it('reads and writes XLSX: the template, an export, an import of a workbook', async () => {
    const template = await t.app.request('/api/files/products/template?format=xlsx', {
      headers: { cookie: owner.cookie },
    });
    expect(template.headers.get('content-type')).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await template.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...PRODUCT_FILE_HEADERS]);
    sheet.getCell('A2').value = 'Beurre du modèle';
    sheet.addRow(['Farine T55', 'Moulin', '', 364]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const before = (await productNames()).length;
    const res = await upload('/api/files/products/import', bytes, XLSX);
    expect([res.status, res.body]).toEqual([201, { imported: 2 }]);
    expect(await productNames()).toHaveLength(before + 2);
    const farine = (await t.request('GET', '/api/products?q=farine', { cookie: owner.cookie })).body.products[0];
    expect(farine).toMatchObject({ supplier: 'Moulin', per100g: { energyKcal: 364 } });

    const exported = await t.app.request('/api/files/recipes/export?format=xlsx', {
      headers: { cookie: owner.cookie },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="recettes.xlsx"');
  });

  it('refuses an unreadable file, a file without « Nom », and a viewer’s import and export (403); nothing stored', async () => {
    const before = await productNames();
    const garbage = await upload('/api/files/products/import', new Uint8Array([0x50, 0x4b, 1, 2, 3]), XLSX);
    expect(garbage.status).toBe(422);
    expect(garbage.body.error.fields.file).toMatch(/^Fichier illisible/);
    const noName = await upload('/api/files/products/preview', 'Produit;Prix\nBeurre;3\n', 'text/csv');
    expect(noName.status).toBe(422);
    const viewer = await addMember(t, owner, 'viewer');
    const forbidden = await upload('/api/files/products/import', csv(['Sel;;0;0;;;;;']), 'text/csv', viewer.cookie);
    expect(forbidden.status).toBe(403);
    // The file holds the purchase prices: a viewer, who reads no costs (src/shared/permissions.ts), does not export it.
    expect((await t.request('GET', '/api/files/products/export', { cookie: viewer.cookie })).status).toBe(403);
    expect(await productNames()).toEqual(before);
  });

  it('answers the outside attack’s files at once with a French 422 (read in a worker, within bounds), one file per organisation at a time, and cuts long cells in a preview', async () => {
    const [millionRows, hugeCell] = [await millionRowsXlsx(), await hugeCellXlsx(100)];
    const rows = await upload('/api/files/products/preview', millionRows, XLSX);
    expect([rows.status, rows.body.error.fields.file]).toEqual([422, 'Au plus 10\u202f000 lignes par fichier']);
    const cell = await upload('/api/files/products/preview', hugeCell, XLSX);
    expect(cell.status).toBe(422);
    // Its 100 MB cell passes the 64 MB unpacked bound first (a 20 MB cell meets the cell's bound, below).
    expect(cell.body.error.message).toMatch(/^Fichier trop volumineux/);
    // A short answer (it was a 100 MB JSON preview before); how long it takes is measured in
    // src/server/reliability/hostile-files.reliability.ts, not here.
    expect(cell.text.length).toBeLessThan(1_000);

    // The same organisation's second file while the first is read: 429, with when to retry.
    const [first, second] = await Promise.all([
      upload('/api/files/products/preview', millionRows, XLSX),
      upload('/api/files/products/preview', millionRows, XLSX),
    ]);
    expect([first.status, second.status].sort()).toEqual([422, 429]);
    expect([first, second].find((r) => r.status === 429)!.body.error.message).toMatch(
      /^Un fichier de votre organisation est déjà en cours de lecture/,
    );
    // Another organisation is not held up by this one.
    const [mine, theirs] = await Promise.all([
      upload('/api/files/products/preview', millionRows, XLSX),
      upload('/api/files/products/preview', csv(['Sel;;0;0;;;;;']), 'text/csv', other.cookie),
    ]);
    expect([mine.status, theirs.status]).toEqual([422, 200]);

    const long = 'Beurre '.repeat(500);
    const preview = await upload('/api/files/products/preview', csv([`${long};;abc;;;;;;`]), 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body.rows[0].name).toHaveLength(120);
    expect(preview.body.rows[0].name.endsWith('…')).toBe(true);
  }, 60_000);

  it('imports what stays inside the bounds: a Windows-1252 CSV with its accents, a formula as its text; refuses every hostile file to « import » with nothing stored', async () => {
    const text = csv(['Crème fraîche;Laiterie Z;292;30;Lait;4,20;kg;;France', '=1+1;;;;;1;kg;;']).slice(1);
    const cp1252 = new Uint8Array(
      [...text].map((ch) => ({ è: 0xe8, î: 0xee, É: 0xc9, é: 0xe9, '€': 0x80 })[ch] ?? ch.charCodeAt(0)),
    );
    const who = await t.signUp();
    const imported = await upload('/api/files/products/import', cp1252, 'text/csv', who.cookie);
    expect(imported.status, imported.text).toBe(201);
    // The formula is a name like any other, stored as typed (the CSV export escapes it, docs/decisions/0034).
    expect(await productNames(who.organisationId)).toEqual(['=1+1', 'Crème fraîche']);

    const before = await productNames();
    const refusals = [
      [await bombXlsx(), XLSX, /^Fichier trop volumineux/],
      [await millionRowsXlsx(), XLSX, /^Au plus 10/],
      [millionRowsCsv(), 'text/csv', /^Au plus 10/],
      [await hugeCellXlsx(20), XLSX, /^Une cellule dépasse 4\u202f000\u00a0caractères/],
      [
        await workbook(
          () => ['<row r="1"><c r="A1" t="inlineStr"><is><t>Nom</t></is></c></row><row r="2">', '<x>'.repeat(100_000)],
          null,
        ),
        XLSX,
        /^Une cellule dépasse/,
      ],
    ] as const;
    for (const [bytes, type, message] of refusals) {
      const res = await upload('/api/files/products/import', bytes, type);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.fields.file).toMatch(message);
    }
    expect(await productNames()).toEqual(before);
  }, 60_000);
});
