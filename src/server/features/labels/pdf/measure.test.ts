import { describe, expect, it } from 'vitest';
import { plain } from '../../../../shared/labels/rich-text.ts';
import { keptWidths, layout, WIDTHS_KEPT } from './flow.ts';
import { measurer } from './fonts.ts';

/** Layouts pdfkit keeps in a document's fonts (its `layoutCache`, one entry per word ever measured). */
function cachedLayouts(doc: ReturnType<typeof measurer>): number {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  return Object.values(fonts).reduce((sum, font) => sum + Object.keys(font.layoutCache ?? {}).length, 0);
}

describe('measuring label text', () => {
  it('keeps a bounded number of widths however many different words the server measures', () => {
    // Each GET /api/recipes/:id/label measures its lot, dates and names in the one long-lived measurer.
    const doc = measurer();
    for (let i = 0; i < WIDTHS_KEPT + 10; i++) layout(doc, [{ segments: [plain(`L${i}`)] }], 8, () => 200);
    expect(cachedLayouts(doc)).toBe(0);
    expect(keptWidths()).toBeLessThanOrEqual(WIDTHS_KEPT);
  }, 30_000);

  it('measures a word as pdfkit does, at any size', () => {
    const doc = measurer();
    const [line] = layout(doc, [{ segments: [plain('farine')] }], 7.5, () => 500).lines;
    const fresh = measurer().font('R').fontSize(7.5).widthOfString('farine');
    expect(line!.width).toBeCloseTo(fresh, 9);
  });
});
