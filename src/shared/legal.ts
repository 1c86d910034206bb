/** The legal pages: one list for the web app's footer, its router and the server-rendered pages. */
export const LEGAL_PAGES = [
  { path: '/mentions-legales', title: 'Mentions légales' },
  { path: '/confidentialite', title: 'Politique de confidentialité' },
  { path: '/conditions-generales', title: 'Conditions générales' },
] as const;

export type LegalPath = (typeof LEGAL_PAGES)[number]['path'];
