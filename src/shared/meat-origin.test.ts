import { describe, expect, it } from 'vitest';
import { meatOriginsSchema, meatOriginText, originKnown, type MeatOrigin } from './meat-origin.ts';

const o = (
  meat: MeatOrigin['meat'],
  born: string | null,
  reared: string | null,
  slaughtered: string | null,
): MeatOrigin => ({ meat, born, reared, slaughtered });

describe('meat origin in the words of décret 2002-1465 (2025)', () => {
  it('says « Origine : France » when every step is in one country', () => {
    expect(meatOriginText(o('Bœuf', 'France', 'France', 'France'))).toBe('Origine\u00a0: France');
    expect(meatOriginText(o('Volaille', null, 'France', 'France'))).toBe('Origine\u00a0: France');
  });

  it('says « Né et élevé : … et abattu : … » for beef and veal, « Élevé : … » for the others', () => {
    expect(meatOriginText(o('Bœuf', 'Irlande', 'France', 'France'))).toBe(
      'Né et élevé\u00a0: Irlande, France et abattu\u00a0: France',
    );
    expect(meatOriginText(o('Veau', 'Pays-Bas', 'Pays-Bas', 'France'))).toBe(
      'Né et élevé\u00a0: Pays-Bas et abattu\u00a0: France',
    );
    expect(meatOriginText(o('Porc', null, 'Espagne', 'France'))).toBe('Élevé\u00a0: Espagne et abattu\u00a0: France');
  });

  it('writes nothing while a country is unknown (beef needs its birth country)', () => {
    expect(meatOriginText(o('Bœuf', null, 'France', 'France'))).toBeNull();
    expect(meatOriginText(o('Agneau', null, 'France', null))).toBeNull();
    expect(originKnown(o('Agneau', null, 'Irlande', 'Irlande'))).toBe(true);
  });

  it('reads empty countries as unknown and refuses an unknown meat or a meat twice', () => {
    expect(meatOriginsSchema.parse([{ meat: 'Porc', reared: '  ', slaughtered: 'France' }])).toEqual([
      { meat: 'Porc', born: null, reared: null, slaughtered: 'France' },
    ]);
    expect(meatOriginsSchema.safeParse([{ meat: 'Chèvre' }]).success).toBe(false);
    expect(meatOriginsSchema.safeParse([{ meat: 'Porc' }, { meat: 'Porc' }]).success).toBe(false);
  });
});
