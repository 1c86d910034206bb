import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource, scanSource, typographySourceFiles } from '../../scripts/typography-scan.ts';
import { publicMenuTexts } from '../server/features/public-menu/texts.ts';
import { billingMessages } from './api/billing.ts';
import { menuMessages } from './api/menus.ts';
import { photoMessages } from './api/photos.ts';
import { qrMessages } from './api/qr.ts';
import { recipeMessages } from './api/recipes.ts';
import { messages } from './messages.ts';
import { frenchTypography } from './typography.ts';

const root = path.resolve(import.meta.dirname, '../..');
const show = (text: string) => text.replaceAll('\u00a0', '⍽').replaceAll('\u202f', '˽');

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${at}.${key}`));
  return [];
}

describe('French typography of the sources (docs/decisions/0012-french-typography.md)', () => {
  it('every shared message is already typeset', () => {
    const all = [
      ...strings(messages, 'messages'),
      ...strings(recipeMessages, 'recipeMessages'),
      ...strings(menuMessages, 'menuMessages'),
      ...strings(photoMessages, 'photoMessages'),
      ...strings(qrMessages, 'qrMessages'),
      ...strings(billingMessages, 'billingMessages'),
      ...strings(publicMenuTexts, 'publicMenuTexts'),
    ];
    expect(all.length).toBeGreaterThan(80);
    const wrong = all.filter(([, text]) => frenchTypography(text) !== text).map(([at, text]) => `${at}: ${show(text)}`);
    expect(wrong, 'run `npx tsx scripts/fix-typography.ts`').toEqual([]);
  });

  it('every French text of src/ (JSX, strings, templates, e-mails, server pages) is written typeset', () => {
    const files = typographySourceFiles(root);
    expect(files.length).toBeGreaterThan(200);
    const issues = files.flatMap((file) => scanSource(file, readSource(file)).issues);
    const report = issues.map((i) => `${path.relative(root, i.file)}:${i.line} ${show(i.text)}`);
    expect(report, 'run `npx tsx scripts/fix-typography.ts`').toEqual([]);
  });

  it('the scan catches each kind of mistake and fixes what it can', () => {
    const source = [
      `const a = "Vous n'avez pas de menu";`,
      `const b = 'Recette supprimée !';`,
      'const c = `${n} recettes pour « ${name} »`;',
      `const d = <p>Contient : gluten</p>;`,
      `const e = <input placeholder="Ex. : tomate" className="a :b" />;`,
      `const f = 'hover:bg-stone-100 grid-cols-2 gap-4';`,
      "const g = sql`SELECT 'l''été' AS x WHERE a = 1 ; -- l'été`;",
      'const h = <p>{n} recettes, {name} seul</p>;',
      'const i = `Scans ${range} : ${n} au total`;',
      'const j = `${n} scans`;',
    ].join('\n');
    const { issues, fixedSource } = scanSource('sample.tsx', source);
    expect(issues.map((i) => i.line)).toEqual([1, 2, 3, 3, 4, 5, 8, 9, 10]);
    expect(show(fixedSource)).toBe(
      [
        `const a = 'Vous n’avez pas de menu';`,
        `const b = 'Recette supprimée˽!';`,
        'const c = `${n}⍽recettes pour «⍽${name}⍽»`;',
        `const d = <p>Contient⍽: gluten</p>;`,
        `const e = <input placeholder="Ex.⍽: tomate" className="a :b" />;`,
        `const f = 'hover:bg-stone-100 grid-cols-2 gap-4';`,
        "const g = sql`SELECT 'l''été' AS x WHERE a = 1 ; -- l'été`;",
        'const h = <p>{n}⍽recettes, {name} seul</p>;',
        'const i = `Scans ${range}⍽: ${n} au total`;',
        'const j = `${n}⍽scans`;',
      ].join('\n'),
    );
    expect(scanSource('sample.tsx', fixedSource).issues).toEqual([]);
  });
});
