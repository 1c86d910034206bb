import { describe, expect, it } from 'vitest';
import { bold, plain } from '../../../../shared/labels/rich-text.ts';
import { NBSP } from '../../../../shared/typography.ts';
import { layout } from './flow.ts';
import { measurer, MIN_FONT_PT, mm } from './fonts.ts';
import { placeInBox, shortenMessage } from './place.ts';

const doc = measurer();
const words = (n: number) => Array.from({ length: n }, (_, i) => `ingrédient${i}`).join(', ');

describe('setting a label’s text', () => {
  it('takes the smallest legal size from the x-height of 1,2 mm (article 13): 6,81 pt of PT Sans Narrow', () => {
    // 1,2 mm = 3,40 pt of x-height; PT Sans Narrow's x-height is 0,5 em.
    expect(MIN_FONT_PT).toBe(6.81);
  });

  it('keeps the largest size that fits, shrinks a long text, never below the minimum', () => {
    const short = placeInBox(doc, [{ segments: [plain('Quiche')] }], mm(66), mm(33), { kind: 'none' }, 10);
    expect([short.fits, short.size]).toEqual([true, 10]);
    const longer = placeInBox(doc, [{ segments: [plain(words(50))] }], mm(66), mm(33), { kind: 'none' }, 10);
    expect(longer.fits).toBe(true);
    expect(longer.size).toBeLessThan(10);
    expect(longer.size).toBeGreaterThanOrEqual(MIN_FONT_PT);
    const tooLong = placeInBox(
      doc,
      [{ segments: [plain(words(200))], role: 'ingredients' }],
      mm(66),
      mm(33),
      { kind: 'none' },
      10,
    );
    expect([tooLong.fits, tooLong.size, tooLong.longest]).toEqual([false, MIN_FONT_PT, 'ingredients']);
    expect(tooLong.overflowLines).toBeGreaterThan(10);
    expect(shortenMessage(tooLong, 'planche')).toMatch(
      /^Trop long pour planche même à la taille minimale lisible .*lignes de trop\. Raccourcissez la liste des ingrédients/,
    );
  });

  it('never breaks a line at a no-break space, and keeps bold runs where they are', () => {
    const text = `sel${NBSP}2${NBSP}%, `.repeat(30);
    const { lines } = layout(doc, [{ segments: [bold('Ingrédients : '), plain(text)] }], 8, () => mm(40));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      const joined = line.runs.map((r) => r.text).join('');
      expect(joined.trim().startsWith('2'), joined).toBe(false);
      expect(joined.trim().startsWith('%'), joined).toBe(false);
      expect(line.width).toBeLessThanOrEqual(mm(40) + 0.01);
    }
    expect(lines[0]!.runs[0]).toMatchObject({ text: 'Ingrédients : ', bold: true, x: 0 });
  });

  it('narrows the lines beside a QR code in the corner', () => {
    const blocks = [{ segments: [plain(words(70))] }];
    const free = placeInBox(doc, blocks, mm(95), mm(34), { kind: 'none' }, 8);
    const qr = placeInBox(doc, blocks, mm(95), mm(34), { kind: 'corner', side: mm(13) }, 8);
    const bottom = qr.lines.filter((l) => l.top + l.height > mm(34) - mm(14));
    expect(bottom.length).toBeGreaterThan(0);
    for (const line of bottom) expect(line.width).toBeLessThanOrEqual(mm(95) - mm(14) + 0.01);
    expect(qr.lines.length).toBeGreaterThanOrEqual(free.lines.length);
  });
});
