/**
 * The fields of « Mon compte »'s forms, shared by each form (email-form.tsx, password-form.tsx)
 * and by the disabled stand-in its card shows while the form's code loads (email-card.tsx).
 */
export const EMAIL_FIELD = {
  label: 'Nouvelle adresse email',
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  placeholder: 'vous@restaurant.fr',
} as const;

export const EMAIL_LINK_HINT = 'Un lien de confirmation sera envoyé à cette adresse.';

export const PASSWORD_FIELDS = {
  currentPassword: { label: 'Mot de passe actuel', type: 'password', autoComplete: 'current-password' },
  newPassword: {
    label: 'Nouveau mot de passe',
    type: 'password',
    autoComplete: 'new-password',
    hint: '6 caractères minimum',
  },
  confirmPassword: { label: 'Confirmer le nouveau mot de passe', type: 'password', autoComplete: 'new-password' },
} as const;

export const PASSWORD_CHANGED = 'Mot de passe modifié. Vos autres appareils ont été déconnectés.';
