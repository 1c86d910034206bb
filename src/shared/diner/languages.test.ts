import { describe, expect, it } from 'vitest';
import { negotiateLanguage, parseLanguageParam } from './languages.ts';

describe('diner languages', () => {
  it('reads ?lang= leniently and ignores anything unknown', () => {
    expect(parseLanguageParam('en')).toBe('en');
    expect(parseLanguageParam(' DE ')).toBe('de');
    expect(parseLanguageParam('pt')).toBeNull();
    expect(parseLanguageParam('en-GB')).toBeNull();
    expect(parseLanguageParam('<script>')).toBeNull();
    expect(parseLanguageParam(undefined)).toBeNull();
  });

  it('negotiates Accept-Language by q-value, French when nothing matches', () => {
    expect(negotiateLanguage(undefined)).toBe('fr');
    expect(negotiateLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(negotiateLanguage('pt-BR,pt;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(negotiateLanguage('de;q=0.5, it;q=0.8')).toBe('it');
    expect(negotiateLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLanguage('ja, zh')).toBe('fr');
    expect(negotiateLanguage('en;q=0, de;q=abc')).toBe('fr');
    expect(negotiateLanguage(`${'x,'.repeat(10_000)}en`)).toBe('fr');
  });
});
