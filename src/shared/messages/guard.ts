export const guardMessages = {
  checking: 'Vérification des permissions...',
  denied: 'Accès refusé',
  noPermission: 'Vous n’avez pas les permissions nécessaires',
  mustLogIn: 'Vous devez être connecté pour accéder à cette page',
  checkError: 'Erreur de vérification des permissions',
} as const;
