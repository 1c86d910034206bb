import { describe, expect, it } from 'vitest';
import { pageRequest, splitTarget } from './page-key.ts';

const id = '3f0c2a4e-8d1b-4c6e-9a7f-2b5d8e1c4a90';
const key = (search: string, acceptLanguage?: string) => pageRequest(id, search, acceptLanguage).key;

describe('pageRequest', () => {
  it('keys a page by menu, language and avoided allergens', () => {
    expect(key('')).toBe(`${id}|fr|`);
    expect(key('?lang=en&sans=lait,gluten')).toBe(`${id}|en|gluten,lait`);
    expect(key('?sans=gluten&lang=en')).toBe(key('?lang=en&sans=gluten'));
    expect(key('?sans=gluten&sans=lait&lang=en')).toBe(key('?lang=en&sans=lait,gluten'));
    expect(key('?lang=en')).not.toBe(key('?lang=fr'));
  });
  it('reads Accept-Language when the query names no known language, and only then', () => {
    expect(key('', 'de-DE,de;q=0.9')).toBe(`${id}|de|`);
    expect(key('?lang=xx', 'es')).toBe(`${id}|es|`);
    expect(key('?lang=xx', 'it')).toBe(`${id}|it|`);
    expect(key('?sans=gluten', 'en-GB')).toBe(`${id}|en|gluten`);
    expect(key('?lang=fr', 'en-GB')).toBe(`${id}|fr|`);
  });
  it('shares the entry of the page shown for a query the page ignores', () => {
    expect(key('?utm_source=qr&x=1')).toBe(key(''));
    expect(key('?lang=en&v=2', 'de')).toBe(key('?lang=en'));
    expect(key('?sans=inconnu')).toBe(key(''));
  });
  it('gives the view the page is rendered with', () => {
    const { view } = pageRequest(id, '?lang=it&sans=lait', undefined);
    expect(view.lang).toBe('it');
    expect(view.avoided.map((a) => a.slug)).toEqual(['lait']);
  });
  it('splits a request target', () => {
    expect(splitTarget(`/menu/${id}?lang=en`)).toEqual([`/menu/${id}`, '?lang=en']);
    expect(splitTarget(`/menu/${id}`)).toEqual([`/menu/${id}`, '']);
  });
});
