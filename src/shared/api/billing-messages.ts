/**
 * The billing routes' French messages and billing periods, apart from their zod schemas
 * (src/shared/api/billing.ts re-exports them): a web page that shows a message does not load
 * zod (docs/decisions/0041-first-load-javascript.md).
 */
export const billingMessages = {
  mustLogIn: 'Vous devez être connecté pour vous abonner',
  alreadyFree: 'Vous êtes déjà sur le plan gratuit !',
  checkoutError: 'Erreur lors de la création de la session de paiement',
  redirectError: 'Erreur lors de la redirection vers le paiement',
  portalMustLogIn: 'Vous devez être connecté pour gérer votre abonnement',
  portalError: 'Erreur lors de l’accès au portail client',
  checkFailed: 'Erreur lors de la vérification de l’abonnement',
  invalidSession: 'Session invalide',
  manualCheckError: 'Erreur lors de la vérification manuelle',
  premiumActivated: 'Abonnement Premium activé !',
  alreadyPremium: 'Vous êtes déjà abonné au Premium.',
  noCustomer: 'Aucun abonnement à gérer pour l’instant.',
  billingTypeInvalid: 'Période de facturation invalide',
  tierInvalid: 'Offre invalide',
  webhookSignature: 'Signature du webhook invalide',
} as const;

export const BILLING_TYPES = ['monthly', 'yearly'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
