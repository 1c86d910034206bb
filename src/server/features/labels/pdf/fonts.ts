import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { fontsDir } from '../../../lib/paths.ts';

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontsDir, 'PTSansNarrow-Regular.ttf')),
    bold: readFileSync(path.join(fontsDir, 'PTSansNarrow-Bold.ttf')),
  });

/** PT Sans Narrow's x-height, in em (its OS/2 table: 500 units of 1 000). */
export const X_HEIGHT_EM = 0.5;
/**
 * The smallest size a label prints: an x-height of 1,2 mm (Regulation 1169/2011 article 13(2)
 * and annex IV), 6,8 pt in PT Sans Narrow.
 */
export const MIN_FONT_PT = Math.ceil((mm(1.2) / X_HEIGHT_EM) * 100) / 100;

export type Doc = PDFKit.PDFDocument;

/** A PDF with the label font registered (`R`, `B`), no page yet; selectable text, fonts embedded as subsets. */
export function newDocument(title: string, options: { layoutCache?: boolean } = {}): Doc {
  const doc = new PDFDocument({
    // pdfkit keeps the layout of every word it measured in the document's fonts, for good.
    fontLayoutCache: options.layoutCache ?? true,
    autoFirstPage: false,
    margin: 0,
    info: { Title: title, Creator: 'NutriCarte', Producer: 'NutriCarte' },
    lang: 'fr-FR',
    displayTitle: true,
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('R', regular);
  doc.registerFont('B', bold);
  return doc;
}

/** The finished PDF's bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * A document only to measure text (never finished), kept for the server's life: without
 * pdfkit's layout cache, which would keep every word measured (flow.ts keeps a bounded one).
 */
let measuring: Doc | undefined;
export const measurer = (): Doc => (measuring ??= newDocument('mesure', { layoutCache: false }));

/** The fontkit font under pdfkit's current font (pdfkit's types do not show it). */
type WithFontkit = { _font: { font?: { hasGlyphForCodePoint(codePoint: number): boolean } } };

/** Whether the label font, regular or bold, has a glyph for this character (else pdfkit draws an empty box). */
export function hasGlyph(doc: Doc, codePoint: number, bold = false): boolean {
  const font = (doc.font(bold ? 'B' : 'R') as unknown as WithFontkit)._font.font;
  return font?.hasGlyphForCodePoint(codePoint) ?? true;
}
