import { bold, plain } from '../../../../shared/labels/rich-text.ts';
import { NBSP } from '../../../../shared/typography.ts';
import { drawLines, layout, type Block, type Line } from './flow.ts';
import { MIN_FONT_PT, mm, type Doc } from './fonts.ts';

/** What a label keeps free of text: a square corner for a QR code, a band at the bottom for a GS1-128. */
export type Reserve = { kind: 'none' } | { kind: 'corner'; side: number } | { kind: 'band'; height: number };

export interface Placement {
  size: number;
  lines: Line[];
  /** Height the text takes. */
  height: number;
  fits: boolean;
  /** At the minimum size, lines that do not fit (0 when it fits). */
  overflowLines: number;
  /** The role with the most lines, when it does not fit. */
  longest: Block['role'];
}

const GAP = mm(1);

function widthFor(width: number, height: number, reserve: Reserve) {
  if (reserve.kind !== 'corner') return () => width;
  const from = height - reserve.side - GAP;
  return (top: number, lineHeight: number) => (top + lineHeight > from ? width - reserve.side - GAP : width);
}

const textHeight = (height: number, reserve: Reserve) =>
  reserve.kind === 'band' ? height - reserve.height - GAP : height;

/**
 * The largest size from `maxSize` down to MIN_FONT_PT (x-height 1,2 mm, article 13) at which
 * the blocks fit the box, by quarter points. Nothing is ever cut: at the minimum, the caller
 * prints what to shorten instead (`fits: false`).
 */
export function placeInBox(
  doc: Doc,
  blocks: readonly Block[],
  width: number,
  height: number,
  reserve: Reserve,
  maxSize: number,
): Placement {
  const available = textHeight(height, reserve);
  const lineWidth = widthFor(width, height, reserve);
  const sizes: number[] = [];
  for (let size = maxSize; size > MIN_FONT_PT; size -= 0.25) sizes.push(Math.round(size * 100) / 100);
  sizes.push(MIN_FONT_PT);
  let last: ReturnType<typeof layout> | undefined;
  for (const size of sizes) {
    last = layout(doc, blocks, size, lineWidth);
    if (last.bottom <= available)
      return { size, lines: last.lines, height: last.bottom, fits: true, overflowLines: 0, longest: undefined };
  }
  return overflow(last!.lines, last!.bottom, available);
}

function overflow(lines: Line[], bottom: number, available: number): Placement {
  const pitch = lines.at(-1)?.height ?? 1;
  const counts = new Map<Block['role'], number>();
  for (const line of lines) counts.set(line.role, (counts.get(line.role) ?? 0) + 1);
  // The mandatory mentions cannot be shortened much: the ingredients or the declaration, the longer.
  const longest = (counts.get('nutrition') ?? 0) > (counts.get('ingredients') ?? 0) ? 'nutrition' : 'ingredients';
  return {
    size: MIN_FONT_PT,
    lines,
    height: bottom,
    fits: false,
    overflowLines: Math.ceil((bottom - available) / pitch),
    longest,
  };
}

/** Text runs set at a size for a roll: as long as they need, up to `maxHeight` (`fits: false` past it). */
export function placeOnRoll(
  doc: Doc,
  blocks: readonly Block[],
  width: number,
  size: number,
  maxHeight: number,
): Placement {
  const { lines, bottom } = layout(doc, blocks, size, () => width);
  if (bottom > maxHeight) return { ...overflow(lines, bottom, maxHeight), size };
  return { size, lines, height: bottom, fits: true, overflowLines: 0, longest: undefined };
}

const WHAT: Record<NonNullable<Block['role']>, string> = {
  denomination: 'la dénomination',
  ingredients: 'la liste des ingrédients (des noms plus courts dans les réglages de l’étiquette)',
  nutrition: 'la déclaration nutritionnelle (ou retirez-la, ou la valeur par portion)',
  other: 'les mentions',
};

/** What the owner should shorten, in one sentence. */
export function shortenMessage(placement: Placement, formatName: string): string {
  const what = WHAT[placement.longest ?? 'ingredients'];
  const lines = placement.overflowLines > 1 ? `${placement.overflowLines}${NBSP}lignes` : `1${NBSP}ligne`;
  return `Trop long pour ${formatName.toLowerCase()} même à la taille minimale lisible (hauteur d’x de 1,2${NBSP}mm)${NBSP}: ${lines} de trop. Raccourcissez ${what}, ou choisissez un format plus grand.`;
}

/** What a label that does not fit prints instead of a cut text: its name and what to shorten. */
export function overflowBlocks(title: string, message: string): Block[] {
  return [
    { segments: [bold(title)], scale: 1.2, role: 'denomination' },
    { segments: [bold(`Étiquette non imprimable${NBSP}: `), plain(message)] },
  ];
}

/** Draws a placement inside a box whose top-left corner is (x, y). */
export function drawPlacement(doc: Doc, placement: Placement, x: number, y: number): void {
  drawLines(doc, placement.lines, x, y);
}
