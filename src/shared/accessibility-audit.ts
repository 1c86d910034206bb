import { ACCESSIBILITY_PATH, ACCESSIBILITY_STATUS, type AccessibilityStatus } from './accessibility.ts';

/**
 * The audit behind the accessibility statement (docs/accessibility/rgaa-audit.md): read by the
 * statement page only, so its words stay out of every page's first load (the footers need only
 * src/shared/accessibility.ts). Change these figures with the grid, never apart from it.
 */
export interface AccessibilityAudit {
  status: AccessibilityStatus;
  /** The day the grid was completed (YYYY-MM-DD). */
  date: string;
  /** RGAA 4.1 criteria applicable to at least one page of the sample, and those met on every page. */
  applicable: number;
  met: number;
  /** The pages of the sample: a name and an address (a diner's menu stands for every menu). */
  sample: readonly { name: string; path: string }[];
  /** What is not yet verified or fails, in words a visitor understands, with what to do meanwhile. */
  nonConformities: readonly string[];
  /** Contents outside the obligation (third-party contents). */
  exempt: readonly string[];
}

export const ACCESSIBILITY_AUDIT: AccessibilityAudit = {
  status: ACCESSIBILITY_STATUS,
  date: '2026-11-29',
  applicable: 61,
  met: 61,
  sample: [
    { name: 'Accueil', path: '/' },
    { name: 'Restaurants', path: '/restaurants' },
    { name: 'Restauration collective', path: '/restauration-collective' },
    { name: 'Connexion et inscription', path: '/auth' },
    { name: 'Mentions légales', path: '/mentions-legales' },
    { name: 'Politique de confidentialité', path: '/confidentialite' },
    { name: 'Conditions générales', path: '/conditions-generales' },
    { name: 'Déclaration d’accessibilité', path: ACCESSIBILITY_PATH },
    { name: 'Menu d’un restaurant, en français et en anglais, avec le filtre des allergènes', path: '/menu/…' },
    { name: 'Code QR scanné (redirection vers le menu, code inactif)', path: '/qr/…' },
    { name: 'Menus de la semaine d’une cantine', path: '/semaine/…' },
  ],
  nonConformities: [
    'L’espace des restaurateurs, après connexion, n’a pas encore été audité critère par critère. Ce qui y a été corrigé avec cet audit : un titre propre à chaque écran, les déplacements « Monter » et « Descendre » de l’éditeur de menu annoncés aux lecteurs d’écran, l’adresse du code QR écrite sur la carte de table imprimable et dans son alternative textuelle. Pour toute difficulté, écrivez-nous : nous vous aidons à faire la démarche autrement.',
    'La restitution des composants scriptés (choix « Connexion » ou « Inscription », bandeau et préférences des cookies, filtre des allergènes) a été vérifiée dans l’arbre d’accessibilité du navigateur, pas encore avec un lecteur d’écran.',
  ],
  exempt: [
    'Les noms, descriptions et photos des plats, saisis par chaque restaurant ou établissement sous sa responsabilité (contenus de tiers). L’alternative textuelle d’une photo est le nom du plat.',
  ],
};

/** Percentage of the applicable criteria met, rounded down (never overstated). */
export const accessibilityRate = (
  audit: Pick<AccessibilityAudit, 'applicable' | 'met'> = ACCESSIBILITY_AUDIT,
): number => (audit.applicable === 0 ? 0 : Math.floor((audit.met / audit.applicable) * 100));
