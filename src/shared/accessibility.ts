/**
 * The accessibility statement of NutriCarte's public pages (RGAA 4.1, article 47 of the law of
 * 11 February 2005): its status, shown in every footer as « Accessibilité : … », and the audit
 * it rests on (docs/accessibility/rgaa-audit.md, docs/decisions/0040-rgaa-public-pages.md).
 * Change these figures with the grid, never apart from it.
 */
export const ACCESSIBILITY_PATH = '/accessibilite';

/** The status of the last audit (src/shared/accessibility-audit.ts holds its figures). */
export const ACCESSIBILITY_STATUS: AccessibilityStatus = 'totalement conforme';

/** « totalement » needs every applicable criterion met; « partiellement » at least half. */
export type AccessibilityStatus = 'totalement conforme' | 'partiellement conforme' | 'non conforme';

/** The mention the RGAA requires on the home page, here in every footer. */
export const ACCESSIBILITY_MENTION = `Accessibilité\u00a0: ${ACCESSIBILITY_STATUS}`;
