import { LEGAL_PAGES } from './legal.ts';

/** docs/product/spec.md section 2: the page-tracking types. */
export type PageType = 'public' | 'menu' | 'admin' | 'dashboard';

/** docs/product/spec.md's public pages, and the legal pages (docs/decisions/0006-accounts-and-data-rights.md). */
const PUBLIC = new Set<string>([
  '/',
  '/auth',
  '/restaurants',
  '/restauration-collective',
  '/invitation',
  ...LEGAL_PAGES.map((page) => page.path),
]);

/** Pages whose path holds a secret (an invitation's token): recorded without it. */
const SECRET_PATHS = ['/invitation/'];

/** The path page tracking records: `/invitation/{token}` is recorded as `/invitation`. */
export function trackedPath(path: string): string {
  const secret = SECRET_PATHS.find((prefix) => path.startsWith(prefix));
  return secret ? secret.slice(0, -1) : path;
}

export function pageTypeFor(path: string): PageType {
  if (PUBLIC.has(path)) return 'public';
  if (path.startsWith('/menu/') || path.startsWith('/qr/')) return 'menu';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'dashboard';
}
