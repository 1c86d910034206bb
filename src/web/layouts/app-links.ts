import type { Action } from '../../shared/permissions.ts';
import { useMe } from '../lib/queries.ts';
import { canIn } from '../lib/use-can.ts';

/** The signed-in app's working pages, in the order of the header's row (from 1024 px). */
export const NAV_LINKS = [
  { to: '/dashboard', label: 'Tableau de bord' },
  { to: '/recipes', label: 'Mes Recettes' },
  { to: '/produits', label: 'Mes produits' },
  { to: '/menus', label: 'Mes Menus' },
  { to: '/qr-codes', label: 'Codes QR' },
  { to: '/plans-de-menus', label: 'Plans de menus' },
] as const;

/** The account's pages: in the header's account menu from 1024 px. */
export const ACCOUNT_LINKS = [
  { to: '/account', label: 'Mon compte' },
  { to: '/subscription', label: 'Abonnement' },
] as const;

/** Every page, in the order of the phone « Menu » (below 1024 px). */
export const APP_LINKS = [...NAV_LINKS, ...ACCOUNT_LINKS] as const;

/**
 * The organisation's pages (docs/product/organisations.md): in the organisation menu of the header from 1024 px,
 * under « Organisation » in the phone « Menu ». A link whose page a role cannot use is not shown.
 */
const ORGANISATION_LINKS: readonly { to: string; label: string; needs?: Action }[] = [
  { to: '/equipe', label: 'Équipe' },
  { to: '/etablissements', label: 'Établissements' },
  { to: '/historique', label: 'Historique', needs: 'audit:read' },
  { to: '/achats', label: 'Achats', needs: 'purchases:read' },
  { to: '/prix', label: 'Prix', needs: 'purchases:read' },
  { to: '/ventes', label: 'Ventes', needs: 'purchases:read' },
  { to: '/integrations', label: 'Intégrations', needs: 'integrations:manage' },
];

/** The organisation's pages the account's role can use (the header, the phone « Menu », « Plan du site »). */
export function useOrganisationLinks() {
  const { data: me } = useMe();
  return ORGANISATION_LINKS.filter((link) => !link.needs || canIn(me, link.needs));
}
