export const authMessages = {
  emailRequired: 'L’email est requis',
  emailInvalid: 'Format d’email invalide',
  passwordRequired: 'Le mot de passe est requis',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  /** A new or changed password (DECISIONS 21): existing accounts keep signing in with 6. */
  newPasswordTooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordTooCommon:
    'Ce mot de passe fait partie des 10 000 plus courants : choisissez-en un autre, plus long ou moins prévisible',
  passwordTooLong: 'Le mot de passe ne peut pas dépasser 128 caractères',
  restaurantNameTooLong: 'Le nom du restaurant ne peut pas dépasser 120 caractères',
  nameControl: 'Le nom ne peut contenir ni retour à la ligne ni caractère de contrôle',
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
} as const;
