import type { Action } from '../../shared/permissions.ts';

/** The signed-in app's pages, in the order of the header (desktop row and phone « Menu »). */
export const APP_LINKS = [
  { to: '/dashboard', label: 'Tableau de bord' },
  { to: '/recipes', label: 'Mes Recettes' },
  { to: '/produits', label: 'Mes produits' },
  { to: '/menus', label: 'Mes Menus' },
  { to: '/qr-codes', label: 'Codes QR' },
  { to: '/plans-de-menus', label: 'Plans de menus' },
  { to: '/subscription', label: 'Abonnement' },
  { to: '/account', label: 'Mon compte' },
] as const;

/**
 * The organisation's pages (issue 16): in the organisation menu of the header from 768 px,
 * under « Organisation » in the phone « Menu ». A link whose page a role cannot use is not shown.
 */
export const ORGANISATION_LINKS: readonly { to: string; label: string; needs?: Action }[] = [
  { to: '/equipe', label: 'Équipe' },
  { to: '/etablissements', label: 'Établissements' },
  { to: '/historique', label: 'Historique', needs: 'audit:read' },
];
