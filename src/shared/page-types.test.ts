import { describe, expect, it } from 'vitest';
import { pageTypeFor, trackedPath } from './page-types.ts';

describe('pageTypeFor', () => {
  it('classifies the routes as docs/product/spec.md does', () => {
    expect(['/', '/auth', '/restaurants', '/restauration-collective'].map(pageTypeFor)).toEqual([
      'public',
      'public',
      'public',
      'public',
    ]);
    expect(['/mentions-legales', '/confidentialite', '/conditions-generales'].map(pageTypeFor)).toEqual([
      'public',
      'public',
      'public',
    ]);
    expect(pageTypeFor('/menu/abc')).toBe('menu');
    expect(pageTypeFor('/qr/abc')).toBe('menu');
    expect(pageTypeFor('/admin')).toBe('admin');
    expect(pageTypeFor('/dashboard')).toBe('dashboard');
    expect(pageTypeFor('/recipes')).toBe('dashboard');
  });
});

describe('trackedPath', () => {
  it('records an invitation page without its token (docs/decisions/0016-organisations.md), every other path as it is', () => {
    expect(trackedPath('/invitation/3q2-Zx_9abc')).toBe('/invitation');
    expect(pageTypeFor(trackedPath('/invitation/3q2-Zx_9abc'))).toBe('public');
    expect(trackedPath('/recipes')).toBe('/recipes');
    expect(trackedPath('/menus/5b1e/allergenes')).toBe('/menus/5b1e/allergenes');
  });
});
