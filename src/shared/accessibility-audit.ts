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
  applicable: 77,
  met: 77,
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
    { name: 'Espace des restaurateurs : tableau de bord', path: '/dashboard' },
    { name: 'Mes recettes, le formulaire de recette et la confirmation de suppression', path: '/recipes' },
    { name: 'Coûts et marges', path: '/recipes/couts' },
    { name: 'Étiquette et fiche imprimable d’une recette', path: '/recipes/…/etiquette' },
    { name: 'Mes produits et prix des ingrédients', path: '/produits' },
    { name: 'Achats, une facture, prix et ventes', path: '/achats' },
    { name: 'Mes menus et l’éditeur de menu', path: '/menus' },
    { name: 'Étiquettes, tableau des allergènes et carte imprimable d’un menu', path: '/menus/…/allergenes' },
    { name: 'Codes QR et carte de table', path: '/qr-codes' },
    { name: 'Plans de menus et plats témoins', path: '/plans-de-menus' },
    { name: 'Affiches, fiche de production et commandes d’une semaine', path: '/plans-de-menus/…/affiche' },
    { name: 'Établissements, équipe et historique', path: '/etablissements' },
    { name: 'Mon compte, abonnement et retour de paiement', path: '/account' },
    { name: 'Intégrations', path: '/integrations' },
    { name: 'Plan du site', path: '/plan-du-site' },
    { name: 'Menus de l’en-tête (compte, organisation, menu du téléphone)', path: '/dashboard#menus' },
  ],
  nonConformities: [],
  exempt: [
    'Les noms, descriptions et photos des plats, saisis par chaque restaurant ou établissement sous sa responsabilité (contenus de tiers). L’alternative textuelle d’une photo est le nom du plat.',
  ],
};

/** Percentage of the applicable criteria met, rounded down (never overstated). */
export const accessibilityRate = (
  audit: Pick<AccessibilityAudit, 'applicable' | 'met'> = ACCESSIBILITY_AUDIT,
): number => (audit.applicable === 0 ? 0 : Math.floor((audit.met / audit.applicable) * 100));
