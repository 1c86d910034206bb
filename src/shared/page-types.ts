/** SPEC.md section 2: the page-tracking types. */
export type PageType = 'public' | 'menu' | 'admin' | 'dashboard';

const PUBLIC = new Set(['/', '/auth', '/restaurants', '/restauration-collective']);

export function pageTypeFor(path: string): PageType {
  if (PUBLIC.has(path)) return 'public';
  if (path.startsWith('/menu/') || path.startsWith('/qr/')) return 'menu';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'dashboard';
}
