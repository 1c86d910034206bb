import { describe, expect, it } from 'vitest';
import { labelSheetQuerySchema } from '../../../../shared/api/labels.ts';
import { plain } from '../../../../shared/labels/rich-text.ts';
import { readPdf } from '../../../test/pdf.ts';
import type { Printable } from './inco-blocks.ts';
import { mm } from './fonts.ts';
import { ROLL_MAX_MM, renderLabels } from './render.ts';

const withQr: Printable = {
  title: 'Quiche',
  blocks: [{ segments: [plain('Quiche au saumon')] }],
  barcode: { kind: 'qr', text: 'Quiche au saumon\nLot L260907\nÀ consommer jusqu’au 10/09/2026' },
};

/** Image XObjects in a PDF: pdfkit writes each object's dictionary uncompressed. */
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('a PDF of labels', () => {
  it('embeds a barcode once, however many labels print it', async () => {
    const one = await renderLabels([withQr], labelSheetQuerySchema.parse({ format: 'a4-3x8' }), 'Étiquettes');
    // The QR code and, for its PNG's transparency, its mask.
    expect(images(one)).toBeGreaterThan(0);
    expect(images(one)).toBeLessThanOrEqual(2);
    const sheet = labelSheetQuerySchema.parse({ format: 'a4-3x8', copies: '30' });
    const pdf = await renderLabels([withQr], sheet, 'Étiquettes');
    expect(images(pdf)).toBe(images(one));
    // Two pages of 24 cells, each page naming the one image.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(2);
  });

  it('embeds it once on a roll too, one page per label', async () => {
    const one = await renderLabels([withQr], labelSheetQuerySchema.parse({ format: 'roll-58' }), 'Étiquettes');
    const sheet = labelSheetQuerySchema.parse({ format: 'roll-58', copies: '5' });
    expect(images(await renderLabels([withQr], sheet, 'Étiquettes'))).toBe(images(one));
  });

  it(`ends a roll's label at ${ROLL_MAX_MM} mm: a longer text prints what to shorten instead`, async () => {
    // 40 own lists of 2 000 characters: the label would be 9,7 m long, past a PDF page's 5 m.
    const long = Array.from({ length: 6_000 }, (_, i) => `composant${i}`).join(' ');
    const printable: Printable = {
      title: 'Tourte',
      blocks: [{ segments: [plain(long)], role: 'ingredients' }],
      barcode: null,
    };
    const pdf = await renderLabels([printable], labelSheetQuerySchema.parse({ format: 'roll-58' }), 'Étiquettes');
    const read = readPdf(pdf, undefined, 10);
    expect(read.sizes[0]!.height).toBeLessThanOrEqual(mm(ROLL_MAX_MM) + 0.01);
    expect(read.text.replace(/\s+/g, ' ')).toContain('Étiquette non imprimable');
    expect(read.text).not.toContain('composant5999');
  });
});
