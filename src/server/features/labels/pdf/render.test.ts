import { describe, expect, it } from 'vitest';
import { labelSheetQuerySchema } from '../../../../shared/api/labels.ts';
import { plain } from '../../../../shared/labels/rich-text.ts';
import type { Printable } from './inco-blocks.ts';
import { renderLabels } from './render.ts';

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
});
