/** French texts shared by the server and the web app (docs/product/spec.md sections 5 and 8). */
export const messages = {
  generic: {
    internal: 'Une erreur inattendue est survenue. Veuillez réessayer.',
    badJson: 'Le corps de la requête doit être un JSON valide.',
    badContentType: 'Le corps de la requête doit être envoyé au format JSON.',
    payloadTooLarge: 'La requête est trop volumineuse (1 Mo maximum).',
    notFound: 'Ressource introuvable.',
    unauthenticated: 'Vous devez être connecté pour accéder à cette page',
    forbidden: 'Vous n’avez pas les permissions nécessaires pour cette opération.',
    badOrigin: 'Requête refusée : origine non autorisée.',
    rateLimited: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    unavailable: 'Service momentanément indisponible. Veuillez réessayer dans quelques instants.',
    validationTitle: 'Erreur de validation',
    invalidFields: 'Certains champs sont invalides.',
    forbiddenCharacters: 'Le texte contient des caractères non autorisés.',
  },
  auth: {
    emailRequired: 'L’email est requis',
    emailInvalid: 'Format d’email invalide',
    passwordRequired: 'Le mot de passe est requis',
    passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
    passwordTooLong: 'Le mot de passe ne peut pas dépasser 128 caractères',
    restaurantNameTooLong: 'Le nom du restaurant ne peut pas dépasser 120 caractères',
    invalidCredentials: 'Email ou mot de passe incorrect',
    userExists: 'Un compte existe déjà avec cet email',
    emailNotVerified: 'Veuillez confirmer votre adresse email avant de vous connecter',
    loginError: 'Erreur lors de la connexion',
    signUpError: 'Erreur lors de la création du compte',
    signOutError: 'Erreur lors de la déconnexion',
    loginSuccess: 'Connexion réussie !',
    signUpConfirm: 'Compte créé ! Vérifiez votre email pour confirmer votre inscription.',
    signUpSuccess: 'Compte créé avec succès !',
    signOutSuccess: 'Déconnexion réussie',
    /** Too many wrong passwords on one address (src/server/auth/account-throttle.ts). */
    accountLocked: (minutes: number) =>
      `Trop de tentatives de connexion pour cette adresse. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».`,
  },
  /** Issue 10: password reset, « Mon compte », two-factor sign-in, data rights. */
  account: {
    resetRequested:
      'Si un compte existe avec cet email, vous recevrez un lien pour réinitialiser votre mot de passe. Il est valable 1 heure.',
    emailLinkFailed: 'Ce lien de confirmation est invalide ou a expiré. Recommencez le changement d’adresse.',
    resetInvalidToken: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
    wrongPassword: 'Mot de passe incorrect',
    newPasswordSame: 'Le nouveau mot de passe doit être différent de l’actuel',
    passwordMismatch: 'Les deux mots de passe ne correspondent pas',
    sameEmail: 'C’est déjà votre adresse email',
    twoFactorInvalidCode: 'Code invalide ou expiré. Vérifiez l’heure de votre téléphone et réessayez.',
    backupCodeInvalid: 'Code de secours invalide ou déjà utilisé.',
    twoFactorSessionExpired: 'La vérification a expiré. Reconnectez-vous avec votre email et votre mot de passe.',
    twoFactorAlreadyEnabled: 'La double authentification est déjà activée',
    twoFactorNotEnabled: 'La double authentification n’est pas activée',
    twoFactorTooManyAttempts: 'Trop de codes invalides. Réessayez dans quelques minutes.',
    sessionTooOld: 'Par sécurité, reconnectez-vous avant de modifier votre compte.',
    sessionNotFound: 'Cette session est introuvable ou déjà terminée.',
    deleteConfirmRequired: 'Saisissez votre mot de passe pour confirmer la suppression',
    deleteBillingFailed:
      'Votre abonnement n’a pas pu être résilié auprès de notre prestataire de paiement. Votre compte n’a pas été supprimé : réessayez dans quelques minutes.',
  },
  /** Numbers typed in a form (src/shared/decimal.ts): « 0,25 » and « 0.25 » are read alike. */
  numbers: {
    notANumber: 'Saisissez un nombre, par exemple 0,25',
    notAWholeNumber: 'Saisissez un nombre entier, par exemple 4',
  },
  /** Database CHECK constraints mapped to the « Erreur de validation » messages. */
  constraints: {
    /** Quantities, weights and prices are greater than 0 (docs/product/decisions.md 16). */
    pricePositive: 'Le prix doit être supérieur à 0',
    /** A menu item may cost 0 € (docs/product/spec.md section 3: its default), never less. */
    priceNotNegative: 'Le prix ne peut pas être négatif',
    prepTimePositive: 'Le temps de préparation doit être positif',
    cookTimePositive: 'Le temps de cuisson doit être positif',
    servingsPositive: 'Le nombre de portions doit être supérieur à 0',
    nameRequired: 'Le nom est requis',
    quantityPositive: 'La quantité doit être supérieure à 0',
    unitInvalid: 'Unité invalide',
    gramsPerUnitRequired: 'Indiquez le poids d’une unité (en grammes)',
    gramsPerMlRequired: 'Indiquez la densité (en g/ml), supérieure à 0',
    cookedWeightPositive: 'Le poids cuit doit être supérieur à 0',
    percentRange: 'La part doit être comprise entre 0 et 100 %',
  },
  limits: {
    recipes: 'Limite de recettes atteinte pour le plan gratuit. Passez au Premium pour créer plus de recettes.',
    menus: 'Limite de menus atteinte pour le plan gratuit. Passez au Premium pour créer plus de menus.',
    qrCodes: 'Limite de codes QR atteinte pour le plan gratuit. Passez au Premium pour générer plus de codes QR.',
    establishments: 'Limite d’établissements atteinte pour le plan gratuit. Passez au Premium pour gérer plusieurs sites.',
    /** Members and pending invitations (docs/product/organisations.md « Invitations »). */
    members: 'Invitations réservées au plan Premium. Passez au Premium pour travailler en équipe.',
  },
  guard: {
    checking: 'Vérification des permissions...',
    denied: 'Accès refusé',
    noPermission: 'Vous n’avez pas les permissions nécessaires',
    mustLogIn: 'Vous devez être connecté pour accéder à cette page',
    checkError: 'Erreur de vérification des permissions',
  },
} as const;
