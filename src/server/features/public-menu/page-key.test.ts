import { describe, expect, it } from 'vitest';
import { pageKey, splitTarget } from './page-key.ts';

const id = '3f0c2a4e-8d1b-4c6e-9a7f-2b5d8e1c4a90';

describe('pageKey', () => {
  it('is the bare id without a query', () => {
    expect(pageKey(id, '')).toBe(id);
    expect(pageKey(id, '?')).toBe(id);
  });
  it('keys on every parameter, in one order and one spelling', () => {
    expect(pageKey(id, '?sans=gluten&lang=en')).toBe(`${id}?lang=en&sans=gluten`);
    expect(pageKey(id, '?lang=en&sans=gluten')).toBe(pageKey(id, '?sans=gluten&lang=en'));
    expect(pageKey(id, '?lang=en')).not.toBe(pageKey(id, '?lang=fr'));
    expect(pageKey(id, '?q=a%20b')).toBe(pageKey(id, '?q=a+b'));
    // Repeated names keep their order: ?sans=a&sans=b and ?sans=b&sans=a may mean different pages.
    expect(pageKey(id, '?sans=a&sans=b')).not.toBe(pageKey(id, '?sans=b&sans=a'));
  });
  it('splits a request target', () => {
    expect(splitTarget(`/menu/${id}?lang=en`)).toEqual([`/menu/${id}`, '?lang=en']);
    expect(splitTarget(`/menu/${id}`)).toEqual([`/menu/${id}`, '']);
  });
});
