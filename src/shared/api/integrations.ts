import { z } from '../zod-fr.ts';

/**
 * « Intégrations » (docs/product/integrations.md): the organisation's API keys and webhook
 * endpoints, managed by its owners. The key is shown once (`nc_live_…`), its SHA-256 only is kept.
 */
export const API_SCOPES = [
  'menus:read',
  'recipes:read',
  'products:read',
  'meal_plans:read',
  'availability:write',
  'prices:write',
  'costs:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'menus:read': 'Lire les menus (sections, plats, prix, allergènes, régimes, nutrition)',
  'recipes:read': 'Lire les recettes (ingrédients, allergènes, nutrition), sans les coûts',
  'products:read': 'Lire les produits',
  'meal_plans:read': 'Lire les plans de menus',
  'availability:write': 'Marquer un plat « Épuisé » ou à nouveau disponible',
  'prices:write': 'Modifier le prix d’un plat',
  'costs:read': 'Lire les coûts matière et les prix d’achat',
};

export const WEBHOOK_EVENTS = [
  'menu.updated',
  'item.availability_changed',
  'recipe.updated',
  'meal_plan.published',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'menu.updated': 'Un menu change (sections, plats, prix, formules)',
  'item.availability_changed': 'Un plat est marqué « Épuisé » ou de nouveau disponible',
  'recipe.updated': 'Une recette change',
  'meal_plan.published': 'Une semaine de menus est publiée',
};

export const integrationMessages = {
  nameRequired: 'Donnez un nom à la clé (par exemple « Caisse »)',
  nameTooLong: 'Le nom ne peut pas dépasser 100 caractères',
  scopesRequired: 'Choisissez au moins une permission',
  scopeUnknown: 'Permission inconnue',
  urlInvalid: 'Saisissez une adresse web complète, par exemple https://exemple.fr/webhooks',
  urlHttps: 'L’adresse doit commencer par https://',
  urlPrivate: 'Cette adresse mène à un réseau privé ou local : elle est refusée',
  urlUnresolved: 'Ce nom de domaine est introuvable',
  eventsRequired: 'Choisissez au moins un événement',
  eventUnknown: 'Événement inconnu',
  missingKey: 'Clé d’API manquante : envoyez « Authorization: Bearer nc_live_… »',
  invalidKey: 'Clé d’API invalide ou révoquée',
  missingScope: 'Cette clé d’API n’a pas la permission nécessaire',
  availableRequired: 'Indiquez si le plat est disponible (vrai ou faux)',
  webhookConflict: 'Ce webhook a été modifié entre-temps : rechargez la page pour voir sa version actuelle.',
} as const;
const m = integrationMessages;

export const apiKeyCreateSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPES, { error: m.scopeUnknown }), { error: m.scopesRequired })
    .min(1, m.scopesRequired)
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

/** The address of a webhook endpoint: an absolute http(s) URL without credentials (https in production, checked by the server). */
export const webhookUrlSchema = z
  .string({ error: m.urlInvalid })
  .trim()
  .max(2000, m.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, m.urlInvalid);

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: m.eventUnknown }), { error: m.eventsRequired })
  .min(1, m.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)]);

export const webhookCreateSchema = z.object({ url: webhookUrlSchema, events });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

/** PATCH /api/integrations/webhooks/:id: absent fields unchanged; `version` as everywhere (409 when stale). */
export const webhookUpdateSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: events.optional(),
  active: z.boolean().optional(),
  version: z.number().int().min(1).optional(),
});

/** GET /api/integrations/keys: every key of the organisation, revoked ones too, newest first. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** `nc_live_AbCd`: enough to recognise the key, not to use it. */
  prefix: string;
  scopes: ApiScope[];
  ratePerMinute: number;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** POST /api/integrations/keys → 201: the key itself, this once. */
export interface ApiKeyCreated extends ApiKeySummary {
  key: string;
}

export interface ApiCall {
  id: string;
  at: string;
  method: string;
  path: string;
  status: number;
  requestId: string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  version: number;
  createdAt: string;
  /** Shown at creation only (`whsec_…`): the receiver checks the signature with it. */
  secret?: string;
}

/** One delivery of an event to an endpoint (the outbox row that carries it). */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  type: WebhookEvent;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}
