import type { Segment } from '../../../../shared/labels/rich-text.ts';
import type { Doc } from './fonts.ts';

/**
 * Text set in lines: a paragraph's runs (bold or not) cut at its spaces, never at a no-break
 * space (French typography keeps « : » and « 12 % » with what they follow). A word wider than
 * the line is cut between letters. Measured with the embedded font itself, so what is laid
 * out is what is drawn.
 */
export interface Block {
  segments: Segment[];
  /** Size relative to the label's size (the denomination is larger). */
  scale?: number;
  /** Space before, in lines of this block. */
  spaceBefore?: number;
  align?: 'left' | 'center';
  /** What the block is, to name the longest when a label does not fit. */
  role?: 'denomination' | 'ingredients' | 'nutrition' | 'other';
}

export interface Run {
  text: string;
  bold: boolean;
  x: number;
}
export interface Line {
  runs: Run[];
  size: number;
  /** Top of the line box, from the top of the text area. */
  top: number;
  height: number;
  width: number;
  role: Block['role'];
}

/** Line pitch in em; the baseline sits 0,9 em below the line's top. */
export const LINE_PITCH = 1.14;
const BASELINE = 0.9;
/** PT Sans Narrow's ascender (1 018 units): pdfkit draws text from the ascender's top. */
const ASCENDER = 1.018;

/** PT Sans Narrow has no U+202F: the no-break space of its own narrow width stands for it. */
const glyphs = (text: string) => text.replace(/\u202f/g, '\u00a0');

/**
 * Widths of the runs measured, at 1 pt (a width is proportional to the size), by weight and
 * text: the same words are measured at each size a label tries. Bounded: past WIDTHS_KEPT it
 * starts again, where pdfkit's own cache of a long-lived document kept every word ever measured
 * (each print's lot and dates: 50 000 of them held 316 MB).
 */
export const WIDTHS_KEPT = 20_000;
const unitWidths = new Map<string, number>();
/** How many widths are kept (for the tests). */
export const keptWidths = () => unitWidths.size;

function width(doc: Doc, text: string, bold: boolean, size: number): number {
  const key = `${bold ? 'B' : 'R'}${text}`;
  let unit = unitWidths.get(key);
  if (unit === undefined) {
    unit = doc
      .font(bold ? 'B' : 'R')
      .fontSize(1)
      .widthOfString(glyphs(text));
    if (unitWidths.size >= WIDTHS_KEPT) unitWidths.clear();
    unitWidths.set(key, unit);
  }
  return unit * size;
}

type Word = { text: string; bold: boolean }[];

function wordsOf(segments: readonly Segment[]): Word[] {
  const words: Word[] = [[]];
  for (const segment of segments) {
    segment.text.split(/(\s)/).forEach((piece) => {
      if (piece === ' ' || piece === '\n' || piece === '\t') words.push([]);
      else if (piece !== '') words.at(-1)!.push({ text: piece, bold: segment.bold });
    });
  }
  return words.filter((w) => w.length > 0);
}

const wordWidth = (doc: Doc, word: Word, size: number) =>
  word.reduce((sum, r) => sum + width(doc, r.text, r.bold, size), 0);

/** A word too wide for any line, cut between characters into pieces that fit. */
function cutWord(doc: Doc, word: Word, size: number, max: number): Word[] {
  const pieces: Word[] = [[]];
  let used = 0;
  for (const run of word)
    for (const ch of run.text) {
      const w = width(doc, ch, run.bold, size);
      if (used + w > max && used > 0) {
        pieces.push([]);
        used = 0;
      }
      const piece = pieces.at(-1)!;
      const last = piece.at(-1);
      if (last && last.bold === run.bold) last.text += ch;
      else piece.push({ text: ch, bold: run.bold });
      used += w;
    }
  return pieces;
}

/**
 * The blocks set from `top`, each line as wide as `lineWidth(top, height)` allows (a barcode in a
 * corner narrows the lines beside it). Returns the lines and the bottom of the last one.
 */
export function layout(
  doc: Doc,
  blocks: readonly Block[],
  baseSize: number,
  lineWidth: (top: number, height: number) => number,
  top = 0,
): { lines: Line[]; bottom: number } {
  const lines: Line[] = [];
  let y = top;
  blocks.forEach((block, index) => {
    const size = baseSize * (block.scale ?? 1);
    const pitch = size * LINE_PITCH;
    if (index > 0) y += (block.spaceBefore ?? 0.25) * pitch;
    const space = width(doc, ' ', false, size);
    let current: Word[] = [];
    let used = 0;
    const flush = () => {
      if (current.length === 0) return;
      const runs: Run[] = [];
      current.forEach((word, i) => {
        // The space between two words belongs to the run before it (a run never starts with a space).
        const parts = i > 0 ? [{ text: ' ', bold: runs.at(-1)!.bold }, ...word] : word;
        for (const part of parts) {
          const last = runs.at(-1);
          if (last && last.bold === part.bold) last.text += part.text;
          else runs.push({ text: part.text, bold: part.bold, x: 0 });
        }
      });
      // Each run starts where the one before ends, measured whole (with its kerning), as it is drawn.
      let x = 0;
      for (const run of runs) {
        run.x = x;
        x += width(doc, run.text, run.bold, size);
      }
      const available = lineWidth(y, pitch);
      const shift = block.align === 'center' ? Math.max(0, (available - x) / 2) : 0;
      lines.push({
        runs: runs.map((r) => ({ ...r, x: r.x + shift })),
        size,
        top: y,
        height: pitch,
        width: x,
        role: block.role ?? 'other',
      });
      y += pitch;
      current = [];
      used = 0;
    };
    for (const word of wordsOf(block.segments)) {
      const max = lineWidth(y, pitch);
      const w = wordWidth(doc, word, size);
      const pieces = w > max ? cutWord(doc, word, size, max) : [word];
      for (const piece of pieces) {
        const pw = pieces.length > 1 ? wordWidth(doc, piece, size) : w;
        if (current.length > 0 && used + space + pw > lineWidth(y, pitch)) flush();
        used += (current.length > 0 ? space : 0) + pw;
        current.push(piece);
      }
    }
    flush();
  });
  return { lines, bottom: y };
}

/** Draws laid-out lines with their area's top-left corner at (x, y). */
export function drawLines(doc: Doc, lines: readonly Line[], x: number, y: number): void {
  for (const line of lines) {
    const baseline = y + line.top + BASELINE * line.size;
    for (const run of line.runs)
      doc
        .font(run.bold ? 'B' : 'R')
        .fontSize(line.size)
        .text(glyphs(run.text), x + run.x, baseline - ASCENDER * line.size, { lineBreak: false });
  }
}
