import { ACCESSIBILITY_MENTION, ACCESSIBILITY_PATH } from './accessibility.ts';

/**
 * The legal pages: one list for the web app's footer, its router and the server-rendered pages.
 * The last one is the accessibility statement, named by the mention the RGAA asks for
 * (« Accessibilité : totalement conforme », src/shared/accessibility.ts).
 */
export const LEGAL_PAGES = [
  { path: '/mentions-legales', title: 'Mentions légales' },
  { path: '/confidentialite', title: 'Politique de confidentialité' },
  { path: '/conditions-generales', title: 'Conditions générales' },
  { path: ACCESSIBILITY_PATH, title: ACCESSIBILITY_MENTION },
] as const;
