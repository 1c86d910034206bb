/**
 * /auth opens on « Inscription » with `?mode=inscription`, on « Connexion » otherwise: the mode is
 * in the address, so a link from the prerendered landing page needs no script, and the server
 * paints the right form first (src/server/web-app/static.ts, docs/decisions/0028-server-first-paint.md).
 */
export const SIGN_UP_PATH = '/auth?mode=inscription';

/** The form /auth opens on for this address's query. */
export const authModeOfSearch = (search: string): 'sign-in' | 'sign-up' =>
  new URLSearchParams(search).get('mode') === 'inscription' ? 'sign-up' : 'sign-in';
