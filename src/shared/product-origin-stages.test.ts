import { describe, expect, it } from 'vitest';
import { formatOriginStages, originStagesOf, originStagesSchema, parseOriginStages } from './product-origin-stages.ts';

describe('a product origin’s stages, kept in its one origin text', () => {
  it('writes and reads the decree’s words, a stage left out being unknown', () => {
    const text = formatOriginStages({ born: 'Irlande', reared: 'France', slaughtered: 'France' });
    expect(text).toBe('Né\u00a0: Irlande ; Élevé\u00a0: France ; Abattu\u00a0: France');
    expect(parseOriginStages(text)).toEqual({ born: 'Irlande', reared: 'France', slaughtered: 'France' });
    expect(parseOriginStages('Élevé : Espagne;Abattu:France')).toEqual({
      born: null,
      reared: 'Espagne',
      slaughtered: 'France',
    });
    expect(formatOriginStages({ born: null, reared: null, slaughtered: null })).toBeNull();
  });

  it('reads one country as all three stages, anything else as that country', () => {
    expect(originStagesOf('France')).toEqual({ born: 'France', reared: 'France', slaughtered: 'France' });
    expect(originStagesOf('Né : France ; Né : Irlande')).toEqual({
      born: 'Né : France ; Né : Irlande',
      reared: 'Né : France ; Né : Irlande',
      slaughtered: 'Né : France ; Né : Irlande',
    });
    expect(parseOriginStages('France ; Abattu : France')).toBeNull();
    expect(originStagesOf(null)).toEqual({ born: null, reared: null, slaughtered: null });
  });

  it('refuses a country with the separators, or stages longer than the origin column', () => {
    expect(originStagesSchema.safeParse({ born: 'France ; Abattu : Chine' }).success).toBe(false);
    expect(
      originStagesSchema.safeParse({ born: 'A'.repeat(40), reared: 'B'.repeat(40), slaughtered: 'C'.repeat(10) })
        .success,
    ).toBe(false);
    expect(originStagesSchema.parse({ born: ' ', reared: 'France', slaughtered: 'France' })).toEqual({
      born: null,
      reared: 'France',
      slaughtered: 'France',
    });
  });
});
