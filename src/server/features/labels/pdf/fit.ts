import type { Label } from '../../../../shared/api/labels.ts';
import type { ComputedLabel } from '../../../../shared/labels/label.ts';
import { FIT_FORMATS, sheetOf } from './formats.ts';
import { hasGlyph, measurer, type Doc } from './fonts.ts';
import type { Block } from './flow.ts';
import { incoPrintable } from './inco-blocks.ts';
import { placeOnRoll, shortenMessage, placeInBox } from './place.ts';
import { reserveOf, ROLL_PT, rollTextHeight, SHEET_MAX_PT } from './render.ts';

/** Whether the label's text fits each format, at what size, and otherwise what to shorten. */
export function fitsOf(computed: ComputedLabel): Label['fits'] {
  const printable = incoPrintable(computed);
  const doc = measurer();
  return FIT_FORMATS.map((format) => {
    const sheet = sheetOf({ format });
    if (sheet.kind === 'roll') {
      const width = sheet.width - 2 * sheet.padding;
      const placement = placeOnRoll(doc, printable.blocks, width, ROLL_PT, rollTextHeight(printable, sheet));
      return {
        format,
        fits: placement.fits,
        fontSizePt: ROLL_PT,
        message: placement.fits ? null : shortenMessage(placement, sheet.name),
      };
    }
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

/** Spaces the line setting handles itself (PT Sans Narrow's own no-break space stands for U+202F). */
const SPACES = new Set([0x20, 0x0a, 0x09, 0xa0, 0x202f]);

/**
 * The characters of these blocks the label font has no glyph for, once each, in order: an
 * emoji, « ở », a CJK character print as an empty box. An invisible one (a direction mark, a
 * zero-width space) is named by its code, « U+202E ».
 */
export function unprintableCharacters(doc: Doc, blocks: readonly Block[]): string[] {
  const found = new Set<string>();
  for (const block of blocks)
    for (const segment of block.segments)
      for (const ch of segment.text) {
        const code = ch.codePointAt(0)!;
        if (SPACES.has(code) || hasGlyph(doc, code, segment.bold)) continue;
        found.add(/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch) ? ch : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
      }
  return [...found];
}

/** The warning of a label whose text has characters its font cannot print. */
export function glyphWarnings(computed: ComputedLabel): Label['warnings'] {
  const missing = unprintableCharacters(measurer(), incoPrintable(computed).blocks);
  if (missing.length === 0) return [];
  return [
    {
      code: 'unprintable_characters',
      message: `Caractères que l’étiquette imprimée ne peut pas écrire (une case vide à leur place) : ${missing.map((c) => `« ${c} »`).join(', ')}. Remplacez-les dans la dénomination ou les noms des ingrédients.`,
    },
  ];
}
