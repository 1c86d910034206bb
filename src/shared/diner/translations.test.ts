import { describe, expect, it } from 'vitest';
import { dishTranslationsSchema, localize, readTranslations } from './translations.ts';

describe('dish translations', () => {
  it('keeps real translations and drops empty ones', () => {
    const parsed = dishTranslationsSchema.parse({
      en: { name: ' Quiche ', description: '' },
      de: { name: '' },
      it: {},
    });
    expect(parsed).toEqual({ en: { name: 'Quiche' } });
  });

  it('refuses unknown languages, unknown fields and overlong texts', () => {
    expect(dishTranslationsSchema.safeParse({ pt: { name: 'x' } }).success).toBe(false);
    expect(dishTranslationsSchema.safeParse({ en: { title: 'x' } }).success).toBe(false);
    expect(dishTranslationsSchema.safeParse({ en: { name: 'x'.repeat(201) } }).success).toBe(false);
    expect(dishTranslationsSchema.safeParse({ en: 'Quiche' }).success).toBe(false);
    expect(dishTranslationsSchema.safeParse([]).success).toBe(false);
  });

  it('falls back to the French text, flagged, when a translation is missing', () => {
    const translations = readTranslations({ en: { name: 'Leek quiche' }, es: { name: 42 }, xx: 'y' });
    expect(translations).toEqual({ en: { name: 'Leek quiche' } });
    expect(localize('Quiche aux poireaux', translations, 'name', 'en')).toEqual({ text: 'Leek quiche', french: false });
    expect(localize('Quiche aux poireaux', translations, 'name', 'es')).toEqual({
      text: 'Quiche aux poireaux',
      french: true,
    });
    expect(localize('Quiche aux poireaux', translations, 'name', 'fr')).toEqual({
      text: 'Quiche aux poireaux',
      french: false,
    });
  });
});
