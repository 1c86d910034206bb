import { describe, expect, it } from 'vitest';
import { pageTypeFor } from './page-types.ts';

describe('pageTypeFor', () => {
  it('classifies the routes as docs/product/spec.md does', () => {
    expect(['/', '/auth', '/restaurants', '/restauration-collective'].map(pageTypeFor)).toEqual(['public', 'public', 'public', 'public']);
    expect(['/mentions-legales', '/confidentialite', '/conditions-generales'].map(pageTypeFor)).toEqual(['public', 'public', 'public']);
    expect(pageTypeFor('/menu/abc')).toBe('menu');
    expect(pageTypeFor('/qr/abc')).toBe('menu');
    expect(pageTypeFor('/admin')).toBe('admin');
    expect(pageTypeFor('/dashboard')).toBe('dashboard');
    expect(pageTypeFor('/recipes')).toBe('dashboard');
  });
});
