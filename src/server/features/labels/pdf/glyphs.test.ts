import { describe, expect, it } from 'vitest';
import { bold, plain } from '../../../../shared/labels/rich-text.ts';
import { NBSP } from '../../../../shared/typography.ts';
import { measurer } from './fonts.ts';
import { unprintableCharacters } from './fit.ts';

describe('characters the label font cannot print', () => {
  it('names those PT Sans Narrow has no glyph for, once each, invisible ones by their code', () => {
    const blocks = [
      { segments: [bold('Tarte 🍋 Phở')] },
      { segments: [plain('crème, ‮gauche‬, zéro\u200blargeur, 中文, 🍋')] },
    ];
    expect(unprintableCharacters(measurer(), blocks)).toEqual(['🍋', 'ở', 'U+202E', 'U+202C', 'U+200B', '中', '文']);
  });

  it('prints French: accents, œ, guillemets, apostrophe, no-break spaces, °, €, –', () => {
    const french = `Œufs « bio » d’Île-de-France, 0–3${NBSP}°C, 12\u202f€, çà ÀÉÈÊËÎÏÔÙÛÜŸ æ`;
    expect(unprintableCharacters(measurer(), [{ segments: [plain(french)] }])).toEqual([]);
  });
});
