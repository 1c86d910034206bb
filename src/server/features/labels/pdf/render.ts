import type { LabelSheetQuery } from '../../../../shared/api/labels.ts';
import { plain } from '../../../../shared/labels/rich-text.ts';
import { NBSP } from '../../../../shared/typography.ts';
import { barcodePng } from './barcode.ts';
import { layout, drawLines } from './flow.ts';
import { A4_SIZE, cellOf, sheetOf, type Sheet } from './formats.ts';
import { finish, MIN_FONT_PT, mm, newDocument, type Doc } from './fonts.ts';
import type { Printable } from './inco-blocks.ts';
import { drawPlacement, overflowBlocks, placeInBox, placeOnRoll, shortenMessage, type Reserve } from './place.ts';

/** Sizes a label starts from before shrinking: a sheet's cell, a roll (which grows instead). */
export const SHEET_MAX_PT = 10;
export const ROLL_PT = 9;
const QR_SIDE = mm(13);
const GS1_BAND = mm(9);
const INITIALS_BAND = mm(7);

export function reserveOf(printable: Printable, height: number): Reserve {
  if (printable.initialsBox) return { kind: 'band', height: INITIALS_BAND };
  if (!printable.barcode) return { kind: 'none' };
  if (printable.barcode.kind === 'qr') return { kind: 'corner', side: Math.min(QR_SIDE, height) };
  return { kind: 'band', height: GS1_BAND };
}

/** Where the reserved corner or band is drawn: the barcode image, or the initials' box. */
async function drawReserve(
  doc: Doc,
  printable: Printable,
  reserve: Reserve,
  x: number,
  y: number,
  width: number,
  height: number,
  images: Map<string, Buffer>,
) {
  if (reserve.kind === 'none') return;
  if (printable.initialsBox) {
    const top = y + height - INITIALS_BAND;
    const { lines } = layout(
      doc,
      [{ segments: [plain(`Initiales du cuisinier${NBSP}:`)] }],
      Math.max(MIN_FONT_PT, 8),
      () => width,
    );
    const textWidth = lines[0]?.width ?? 0;
    drawLines(doc, lines, x, top + (INITIALS_BAND - (lines[0]?.height ?? 0)) / 2);
    const boxX = x + textWidth + mm(1.5);
    doc
      .lineWidth(0.8)
      .rect(boxX, top, Math.max(mm(10), x + width - boxX), INITIALS_BAND)
      .stroke();
    return;
  }
  const png = images.get(printable.barcode!.text)!;
  if (reserve.kind === 'corner')
    doc.image(png, x + width - reserve.side, y + height - reserve.side, { fit: [reserve.side, reserve.side] });
  else
    doc.image(png, x, y + height - reserve.height, { fit: [width, reserve.height], align: 'center', valign: 'bottom' });
}

async function barcodeImages(printables: readonly Printable[]) {
  const images = new Map<string, Buffer>();
  for (const p of printables)
    if (p.barcode && !images.has(p.barcode.text)) images.set(p.barcode.text, await barcodePng(p.barcode));
  return images;
}

/** One label in a box: shrunk to fit, or what to shorten when even the minimum size does not. */
async function drawInBox(
  doc: Doc,
  printable: Printable,
  sheet: Extract<Sheet, { kind: 'sheet' }>,
  x: number,
  y: number,
  images: Map<string, Buffer>,
) {
  const width = sheet.width - 2 * sheet.padding;
  const height = sheet.height - 2 * sheet.padding;
  const reserve = reserveOf(printable, height);
  let placement = placeInBox(doc, printable.blocks, width, height, reserve, SHEET_MAX_PT);
  if (!placement.fits) {
    const message = shortenMessage(placement, sheet.name);
    placement = placeInBox(
      doc,
      overflowBlocks(printable.title, message),
      width,
      height,
      { kind: 'none' },
      SHEET_MAX_PT,
    );
    drawPlacement(doc, placement, x + sheet.padding, y + sheet.padding);
    return;
  }
  drawPlacement(doc, placement, x + sheet.padding, y + sheet.padding);
  await drawReserve(doc, printable, reserve, x + sheet.padding, y + sheet.padding, width, height, images);
}

/**
 * The PDF of these labels, each `copies` times, in order: on A4 sheets from the cell after the
 * `skip` already used, or on a roll, one page per label as long as its text.
 */
export async function renderLabels(
  printables: readonly Printable[],
  query: LabelSheetQuery,
  title: string,
): Promise<Buffer> {
  const sheet = sheetOf(query);
  const doc = newDocument(title);
  const images = await barcodeImages(printables);
  const queue = printables.flatMap((p) => Array.from({ length: query.copies }, () => p));
  if (sheet.kind === 'roll') {
    const width = sheet.width - 2 * sheet.padding;
    for (const printable of queue) {
      const placement = placeOnRoll(doc, printable.blocks, width, ROLL_PT);
      const extra = printable.initialsBox
        ? INITIALS_BAND + mm(1)
        : printable.barcode
          ? (printable.barcode.kind === 'qr' ? QR_SIDE : GS1_BAND) + mm(1)
          : 0;
      const height = placement.height + extra + 2 * sheet.padding;
      doc.addPage({ size: [sheet.width, height], margin: 0 });
      drawPlacement(doc, placement, sheet.padding, sheet.padding);
      const reserve = reserveOf(printable, QR_SIDE);
      await drawReserve(
        doc,
        printable,
        reserve,
        sheet.padding,
        sheet.padding,
        width,
        height - 2 * sheet.padding,
        images,
      );
    }
  } else {
    let page = -1;
    for (const [i, printable] of queue.entries()) {
      const cell = cellOf(sheet, query.skip + i);
      while (page < cell.page) {
        doc.addPage({ size: A4_SIZE, margin: 0 });
        page++;
      }
      await drawInBox(doc, printable, sheet, cell.x, cell.y, images);
    }
    if (page < 0) doc.addPage({ size: A4_SIZE, margin: 0 });
  }
  return finish(doc);
}
