/** The signed-in app's pages, in the order of the header (desktop row and phone « Menu »). */
export const APP_LINKS = [
  { to: '/dashboard', label: 'Tableau de bord' },
  { to: '/recipes', label: 'Mes Recettes' },
  { to: '/menus', label: 'Mes Menus' },
  { to: '/qr-codes', label: 'Codes QR' },
  { to: '/subscription', label: 'Abonnement' },
  { to: '/account', label: 'Mon compte' },
] as const;
