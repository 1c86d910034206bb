export const limitsMessages = {
  recipes: 'Limite de recettes atteinte pour le plan gratuit. Passez au Premium pour créer plus de recettes.',
  menus: 'Limite de menus atteinte pour le plan gratuit. Passez au Premium pour créer plus de menus.',
  qrCodes: 'Limite de codes QR atteinte pour le plan gratuit. Passez au Premium pour générer plus de codes QR.',
  establishments:
    'Limite d’établissements atteinte pour le plan gratuit. Passez au Premium pour gérer plusieurs sites.',
  /** Members and pending invitations (docs/product/organisations.md « Invitations »). */
  members: 'Invitations réservées au plan Premium. Passez au Premium pour travailler en équipe.',
} as const;
