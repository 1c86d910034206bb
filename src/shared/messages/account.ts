/** docs/decisions/0006-accounts-and-data-rights.md: password reset, « Mon compte », two-factor sign-in, data rights. */
export const accountMessages = {
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
} as const;
