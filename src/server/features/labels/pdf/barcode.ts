import bwipjs from 'bwip-js';
import type { Label } from '../../../../shared/api/labels.ts';

/**
 * A label's barcode as a PNG (bwip-js): a QR code of the denomination, lot and use-by date, or
 * a GS1-128 of the use-by date (AI 17) and the lot (AI 10) with its text below. White
 * background and quiet zone, so a phone reads it on any label stock.
 */
export function barcodePng(barcode: NonNullable<Label['barcode']>): Promise<Buffer> {
  if (barcode.kind === 'qr')
    // `eclevel` is the QR code's own option, missing from bwip-js's types.
    return bwipjs.toBuffer({
      bcid: 'qrcode',
      text: barcode.text,
      scale: 4,
      eclevel: 'M',
      backgroundcolor: 'FFFFFF',
      padding: 4,
    } as Parameters<typeof bwipjs.toBuffer>[0]);
  return bwipjs.toBuffer({
    bcid: 'gs1-128',
    text: barcode.text,
    scale: 3,
    height: 7,
    includetext: true,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
  });
}
