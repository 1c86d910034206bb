import { describe, expect, it } from 'vitest';
import { DERIVED_MEAT_NAMES } from '../diner-meat-origins.ts';
import { MEAT_KINDS } from '../meat-origin.ts';
import { DINER_LANGUAGES } from './languages.ts';
import { meatOriginLineIn, translatedCountry } from './meat-origin-names.ts';

describe('meat origins in the diner’s language', () => {
  it('reads a country however the owner typed it', () => {
    for (const typed of ['États-Unis', 'etats unis', 'ÉTATS-UNIS', 'les États-Unis'])
      expect(translatedCountry(typed, 'en')).toBe('United States');
    for (const typed of ['Union européenne', 'l’Union européenne', 'UE'])
      expect(translatedCountry(typed, 'de')).toMatch(/^(Europäische Union|EU)$/);
    expect(translatedCountry('Lettonie', 'it')).toBeNull();
    expect(translatedCountry('Pays de Galles', 'es')).toBeNull();
  });

  it('says one country as « Origin », else each stage, bovine with its birth', () => {
    expect(
      meatOriginLineIn(
        { meat: 'Veau', bovine: true, countries: { born: 'France', reared: 'France', slaughtered: 'France' } },
        'en',
      ),
    ).toEqual({ meat: 'Veal', text: 'Origin: France' });
    expect(
      meatOriginLineIn(
        { meat: 'Bœuf', bovine: true, countries: { born: 'Irlande', reared: 'France', slaughtered: 'France' } },
        'es',
      ),
    ).toEqual({
      meat: 'Ternera',
      text: 'Nacido y criado en: Irlanda, Francia · Sacrificado en: Francia',
    });
    expect(
      meatOriginLineIn(
        { meat: 'Volaille', bovine: false, countries: { born: null, reared: 'Belgique', slaughtered: 'France' } },
        'it',
      ),
    ).toEqual({
      meat: 'Pollame',
      text: 'Allevato in: Belgio · Macellato in: Francia',
    });
  });

  it('gives up on the whole line (French is shown) when a meat or a place is not translated', () => {
    expect(
      meatOriginLineIn(
        {
          meat: 'Viande ovine',
          bovine: false,
          countries: { born: null, reared: 'Pays de Galles', slaughtered: 'France' },
        },
        'en',
      ),
    ).toBeNull();
    expect(
      meatOriginLineIn(
        { meat: 'Gibier', bovine: false, countries: { born: null, reared: 'France', slaughtered: 'France' } },
        'en',
      ),
    ).toBeNull();
  });

  it('has every meat of the app and every country in each language', () => {
    for (const lang of DINER_LANGUAGES) {
      if (lang === 'fr') continue;
      for (const meat of [...MEAT_KINDS, ...Object.values(DERIVED_MEAT_NAMES)]) {
        expect(
          meatOriginLineIn(
            { meat, bovine: false, countries: { born: null, reared: 'France', slaughtered: 'France' } },
            lang,
          ),
          `${meat} ${lang}`,
        ).not.toBeNull();
      }
    }
  });
});
