import { LEGAL_PAGES } from './legal.ts';

/** docs/product/spec.md section 2: the page-tracking types. */
export type PageType = 'public' | 'menu' | 'admin' | 'dashboard';

/** docs/product/spec.md's public pages, and the legal pages added with issue 10. */
const PUBLIC = new Set<string>(['/', '/auth', '/restaurants', '/restauration-collective', ...LEGAL_PAGES.map((page) => page.path)]);

export function pageTypeFor(path: string): PageType {
  if (PUBLIC.has(path)) return 'public';
  if (path.startsWith('/menu/') || path.startsWith('/qr/')) return 'menu';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'dashboard';
}
