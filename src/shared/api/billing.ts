import { z } from '../zod-fr.ts';

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

/** POST /api/billing/checkout. `tier: 'free'` answers « Vous êtes déjà sur le plan gratuit ! ». */
export const checkoutSchema = z.object({
  tier: z.enum(['free', 'premium'], { error: billingMessages.tierInvalid }),
  billingType: z.enum(BILLING_TYPES, { error: billingMessages.billingTypeInvalid }).default('monthly'),
});

/** GET /api/billing/subscription (docs/product/api.md « Billing »). */
export interface BillingSubscription {
  subscribed: boolean;
  subscriptionTier: 'free' | 'premium';
  subscriptionEnd: string | null;
  customerId: string | null;
  willExpire: boolean;
  /** Extra: what the « Mon Abonnement » page shows. */
  status: string;
  billingType: BillingType | null;
  provider: 'stripe' | 'demo';
  /** Extra: the free trial is offered once per owner; false once a subscription has started. */
  trialAvailable: boolean;
}

/** Demo provider (docs/product/decisions.md 4): its checkout and portal are pages of the app. */
export interface DemoCheckoutSession {
  id: string;
  billingType: BillingType;
  status: 'open' | 'complete' | 'expired';
  amountEuros: number;
  /** 0 when the owner's one free trial is already used: the first payment is today. */
  trialDays: number;
}

export const demoPortalActionSchema = z.object({ action: z.enum(['cancel', 'resume', 'end-now']) });
