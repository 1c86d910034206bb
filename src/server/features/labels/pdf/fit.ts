import type { Label } from '../../../../shared/api/labels.ts';
import type { ComputedLabel } from '../../../../shared/labels/label.ts';
import { FIT_FORMATS, sheetOf } from './formats.ts';
import { measurer } from './fonts.ts';
import { incoPrintable } from './inco-blocks.ts';
import { shortenMessage, placeInBox } from './place.ts';
import { reserveOf, ROLL_PT, SHEET_MAX_PT } from './render.ts';

/** Whether the label's text fits each format, at what size, and otherwise what to shorten. */
export function fitsOf(computed: ComputedLabel): Label['fits'] {
  const printable = incoPrintable(computed);
  const doc = measurer();
  return FIT_FORMATS.map((format) => {
    const sheet = sheetOf({ format });
    if (sheet.kind === 'roll') return { format, fits: true, fontSizePt: ROLL_PT, message: null };
    const width = sheet.width - 2 * sheet.padding;
    const height = sheet.height - 2 * sheet.padding;
    const placement = placeInBox(doc, printable.blocks, width, height, reserveOf(printable, height), SHEET_MAX_PT);
    return {
      format,
      fits: placement.fits,
      fontSizePt: placement.size,
      message: placement.fits ? null : shortenMessage(placement, sheet.name),
    };
  });
}
