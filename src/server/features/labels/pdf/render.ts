import type { LabelSheetQuery } from '../../../../shared/api/labels.ts';
import { plain } from '../../../../shared/labels/rich-text.ts';
import { NBSP } from '../../../../shared/typography.ts';
import { barcodePng } from './barcode.ts';
import { drawLines, layout } from './flow.ts';
import { A4_SIZE, cellOf, sheetOf, type Sheet } from './formats.ts';
import { finish, MIN_FONT_PT, mm, newDocument, type Doc } from './fonts.ts';
import type { Printable } from './inco-blocks.ts';
import { drawPlacement, overflowBlocks, placeInBox, placeOnRoll, shortenMessage, type Reserve } from './place.ts';

/** The size a sheet's label starts from before shrinking; a roll's size (its labels grow instead). */
export const SHEET_MAX_PT = 10;
export const ROLL_PT = 9;
/**
 * The longest label a roll prints: a longer text prints its name and what to shorten, as on a
 * sheet. A label of 40 products' own lists was 9,7 m long, past the 5,08 m (14 400 pt) a PDF
 * page may have, and 500 of them took 99 s to draw.
 */
export const ROLL_MAX_MM = 300;
const QR_SIDE = mm(13);
const GS1_BAND = mm(9);
const INITIALS_BAND = mm(7);

/** What a label keeps free of text: a QR code's corner, a GS1-128's band, the initials' band. */
export function reserveOf(printable: Printable, height: number): Reserve {
  if (printable.initialsBox) return { kind: 'band', height: INITIALS_BAND };
  if (!printable.barcode) return { kind: 'none' };
  if (printable.barcode.kind === 'qr') return { kind: 'corner', side: Math.min(QR_SIDE, height) };
  return { kind: 'band', height: GS1_BAND };
}

/** Height a roll's label adds below its text for what it reserves. */
const rollExtra = (printable: Printable) =>
  printable.initialsBox
    ? INITIALS_BAND + mm(1)
    : printable.barcode
      ? (printable.barcode.kind === 'qr' ? QR_SIDE : GS1_BAND) + mm(1)
      : 0;

/** Draws the reserved corner or band: the barcode's image, or « Initiales du cuisinier » and its box. */
function drawReserve(
  doc: Doc,
  printable: Printable,
  reserve: Reserve,
  box: { x: number; y: number; width: number; height: number },
  images: Map<string, OpenedImage>,
) {
  const { x, y, width, height } = box;
  if (reserve.kind === 'none') return;
  if (printable.initialsBox) {
    const top = y + height - INITIALS_BAND;
    const prompt = [{ segments: [plain(`Initiales du cuisinier${NBSP}:`)] }];
    const { lines } = layout(doc, prompt, Math.max(MIN_FONT_PT, 8), () => width);
    drawLines(doc, lines, x, top + (INITIALS_BAND - (lines[0]?.height ?? 0)) / 2);
    const boxX = x + (lines[0]?.width ?? 0) + mm(1.5);
    doc
      .lineWidth(0.8)
      .rect(boxX, top, Math.max(mm(10), x + width - boxX), INITIALS_BAND)
      .stroke();
    return;
  }
  const png = drawable(images.get(printable.barcode!.text)!);
  if (reserve.kind === 'corner')
    doc.image(png, x + width - reserve.side, y + height - reserve.side, { fit: [reserve.side, reserve.side] });
  else
    doc.image(png, x, y + height - reserve.height, {
      fit: [width, reserve.height],
      align: 'center',
      valign: 'bottom',
    });
}

/**
 * An image opened in a document (pdfkit's `openImage`, missing from its types): `doc.image`
 * draws it as it is, embedded at its first use.
 */
type OpenedImage = { readonly width: number; readonly height: number };
const openImage = (doc: Doc, png: Buffer) => (doc as Doc & { openImage(src: Buffer): OpenedImage }).openImage(png);
/** `doc.image` takes an opened image where its types say the image's bytes. */
const drawable = (image: OpenedImage) => image as unknown as Buffer;

/**
 * Each barcode opened once in the document: drawn by its image, pdfkit embeds it once and every
 * label names it (given the PNG's bytes, it decodes and embeds it again for each label: 500
 * copies with a QR code took 18 s and 3,9 MB).
 */
async function barcodeImages(doc: Doc, printables: readonly Printable[]) {
  const images = new Map<string, OpenedImage>();
  for (const p of printables)
    if (p.barcode && !images.has(p.barcode.text))
      images.set(p.barcode.text, openImage(doc, await barcodePng(p.barcode)));
  return images;
}

/** A label set for a sheet's cell: shrunk to fit, or its name and what to shorten when even the minimum size does not. */
function setForCell(doc: Doc, printable: Printable, sheet: Extract<Sheet, { kind: 'sheet' }>) {
  const width = sheet.width - 2 * sheet.padding;
  const height = sheet.height - 2 * sheet.padding;
  const reserve = reserveOf(printable, height);
  const placement = placeInBox(doc, printable.blocks, width, height, reserve, SHEET_MAX_PT);
  if (placement.fits) return { placement, reserve, width, height };
  const blocks = overflowBlocks(printable.title, shortenMessage(placement, sheet.name));
  const none: Reserve = { kind: 'none' };
  return { placement: placeInBox(doc, blocks, width, height, none, SHEET_MAX_PT), reserve: none, width, height };
}

/** Height a roll's label may give its text: ROLL_MAX_MM less its margins and what it reserves. */
export const rollTextHeight = (printable: Printable, sheet: Extract<Sheet, { kind: 'roll' }>) =>
  mm(ROLL_MAX_MM) - 2 * sheet.padding - rollExtra(printable);

/** A label set for a roll: as long as its text, or its name and what to shorten past ROLL_MAX_MM. */
export function setForRoll(doc: Doc, printable: Printable, sheet: Extract<Sheet, { kind: 'roll' }>) {
  const width = sheet.width - 2 * sheet.padding;
  const placement = placeOnRoll(doc, printable.blocks, width, ROLL_PT, rollTextHeight(printable, sheet));
  if (placement.fits) return { placement, fits: true };
  const blocks = overflowBlocks(printable.title, shortenMessage(placement, sheet.name));
  return { placement: placeOnRoll(doc, blocks, width, ROLL_PT, Infinity), fits: false };
}

/**
 * The PDF of these labels, each `copies` times, in order: on A4 sheets from the cell after the
 * `skip` already used, or on a roll, one page per label as long as its text. Each label is
 * set once, then drawn as many times as it is printed.
 */
export async function renderLabels(
  printables: readonly Printable[],
  query: LabelSheetQuery,
  title: string,
): Promise<Buffer> {
  const sheet = sheetOf(query);
  const doc = newDocument(title);
  const images = await barcodeImages(doc, printables);
  const queue = printables.flatMap((p) => Array.from({ length: query.copies }, () => p));
  if (sheet.kind === 'roll') {
    const width = sheet.width - 2 * sheet.padding;
    const set = new Map(printables.map((p) => [p, setForRoll(doc, p, sheet)]));
    for (const printable of queue) {
      const { placement, fits } = set.get(printable)!;
      // A label that does not fit prints no barcode nor box, as on a sheet.
      const height = placement.height + (fits ? rollExtra(printable) : 0) + 2 * sheet.padding;
      doc.addPage({ size: [sheet.width, height], margin: 0 });
      drawPlacement(doc, placement, sheet.padding, sheet.padding);
      const box = { x: sheet.padding, y: sheet.padding, width, height: height - 2 * sheet.padding };
      if (fits) drawReserve(doc, printable, reserveOf(printable, QR_SIDE), box, images);
    }
    return finish(doc);
  }
  const set = new Map(printables.map((p) => [p, setForCell(doc, p, sheet)]));
  let page = -1;
  for (const [i, printable] of queue.entries()) {
    const cell = cellOf(sheet, query.skip + i);
    while (page < cell.page) {
      doc.addPage({ size: A4_SIZE, margin: 0 });
      page++;
    }
    const { placement, reserve, width, height } = set.get(printable)!;
    const [x, y] = [cell.x + sheet.padding, cell.y + sheet.padding];
    drawPlacement(doc, placement, x, y);
    drawReserve(doc, printable, reserve, { x, y, width, height }, images);
  }
  if (page < 0) doc.addPage({ size: A4_SIZE, margin: 0 });
  return finish(doc);
}
