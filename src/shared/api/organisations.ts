import { hasControlCharacter } from '../control-characters.ts';
import { z } from '../zod-fr.ts';
import { organisationMessages } from '../messages/organisations.ts';
import { MEMBER_ROLES, type MemberRole } from '../permissions.ts';
import { normalizeFrenchPhone, normalizePostalCode } from '../french-contact.ts';
import { establishmentProfileSchema, type EstablishmentProfile } from './establishment-profile.ts';
import { legalNoticeMessages } from '../legal-notice.ts';

/**
 * Organisation, members, invitations, establishments and the audit trail: the HTTP contract
 * of docs/product/api.md « Organisation, members, establishments », completed in
 * docs/product/organisations.md. Shared by the server (validation) and the web app (forms).
 */
export { organisationMessages };

const m = organisationMessages;

const noControl = (schema: z.ZodString) => schema.refine((value) => !hasControlCharacter(value), m.nameControl);

const memberRoleSchema = z.enum(MEMBER_ROLES, { error: m.roleInvalid });

/** PUT /api/organisation. */
export const organisationUpdateSchema = z.object({
  name: noControl(z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong)),
});

/** POST /api/organisation/invitations: the address is kept in lower case. */
export const invitationCreateSchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, m.emailRequired)
    .max(254, m.emailInvalid)
    .email(m.emailInvalid),
  role: memberRoleSchema,
});

/** PATCH /api/organisation/members/:userId. */
export const memberUpdateSchema = z.object({ role: memberRoleSchema });

/** PUT /api/me/organisation. */
export const activeOrganisationSchema = z.object({
  organisationId: z.string({ error: m.organisationRequired }).uuid(m.organisationRequired),
});

/** An optional text line: trimmed, and '' (or absent, or null) means not given. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

/** A line normalized by `normalize` (null when it is not valid, and then refused). */
const normalizedLine = (normalize: (typed: string) => string | null, invalid: string) =>
  z
    .string({ error: invalid })
    .max(40, invalid)
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const normalized = normalize(v);
      if (normalized === null) ctx.addIssue({ code: 'custom', message: invalid });
      return normalized;
    });

/**
 * Its refusal, here rather than in src/shared/messages/organisations.ts: that file is in every
 * signed-in page's first load (the organisation guard), this one only with the forms.
 */
export const ACCESSIBILITY_CONTACT_INVALID =
  'Une adresse email ou une adresse web en https://, 200\u00a0caractères au plus';

/** An e-mail address, or a web address on https (never a script's `javascript:` nor plain http). */
const CONTACT = /^(?:[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+|https:\/\/[^\s/<>"]+\.[^\s<>"]+)$/;

/**
 * The establishment's own accessibility contact (docs/product/accessibility.md), shown to
 * diners and families as a link. Absent keeps the stored one (a form that does not know it
 * erases nothing); '' or null removes it.
 */
const accessibilityContactSchema = z
  .string({ error: ACCESSIBILITY_CONTACT_INVALID })
  .trim()
  .max(200, ACCESSIBILITY_CONTACT_INVALID)
  .refine((v) => v === '' || CONTACT.test(v), ACCESSIBILITY_CONTACT_INVALID)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * POST /api/establishments and PUT /api/establishments/:id: the establishment profile of
 * docs/decisions/0013 (postal code 5 digits, phone « 01 23 45 67 89 », `+33` accepted), lines optional.
 */
export const establishmentInputSchema = z.object({
  name: noControl(
    z.string({ error: m.establishmentNameRequired }).trim().min(1, m.establishmentNameRequired).max(200, m.nameTooLong),
  ),
  address: optionalLine(300, m.addressTooLong),
  postalCode: normalizedLine(normalizePostalCode, m.postalCodeInvalid),
  city: optionalLine(120, m.cityTooLong),
  phone: normalizedLine(normalizeFrenchPhone, m.phoneInvalid),
  /** The restaurant's « Mentions légales » for diners (src/shared/legal-notice.ts); absent: kept. */
  legalName: optionalLine(200, legalNoticeMessages.legalNameTooLong).optional(),
  // The SIRET (shown in the « Mentions légales », sent to « ma cantine ») is the profile's, with its key checked.
  publicationDirector: optionalLine(200, legalNoticeMessages.directorTooLong).optional(),
  accessibilityContact: accessibilityContactSchema,
  // A canteen's profile (docs/product/meal-plans.md « The establishment and its calendar »).
  ...establishmentProfileSchema.shape,
});

export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;
export type EstablishmentInput = z.input<typeof establishmentInputSchema>;
export type EstablishmentInputParsed = z.output<typeof establishmentInputSchema>;

export interface OrganisationSummary {
  id: string;
  name: string;
  role: MemberRole;
}

export interface Member {
  userId: string;
  email: string;
  /** The account's name, else the local part of its address. */
  name: string;
  role: MemberRole;
  joinedAt: string;
}

/** A pending invitation (also the 201 of POST /api/organisation/invitations). */
export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}

/** GET and PUT /api/organisation (docs/product/api.md). Invitations are listed to owners only (empty for others). */
export interface OrganisationDetails extends OrganisationSummary {
  members: Member[];
  invitations: PendingInvitation[];
}

export type InvitationStatus = 'valid' | 'expired' | 'used' | 'revoked';

/** GET /api/invitations/:token: what the invitation page shows before it is accepted. */
export interface InvitationPreview {
  organisationName: string;
  /** The name of the owner who invited, null when that account is gone. */
  invitedBy: string | null;
  email: string;
  role: MemberRole;
  status: InvitationStatus;
}

/** POST /api/invitations/:token/accept: the organisation joined, now the active one. */
export interface AcceptedInvitation {
  organisationId: string;
}

export interface Establishment extends EstablishmentProfile {
  id: string;
  /** +1 per change; a PUT or PATCH may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  /** « 01 23 45 67 89 ». */
  phone: string | null;
  /** « SARL Le Bistrot de Marie », the SIRET (14 digits) and the publication director, for diners' « Mentions légales ». */
  legalName: string | null;
  siret: string | null;
  publicationDirector: string | null;
  /** Its own accessibility contact on its public pages: an e-mail or an https address (migration 0029). */
  accessibilityContact: string | null;
  createdAt: string;
}

/** GET /api/establishments: the organisation's establishments, oldest first (the first is the default of a new menu). */
export interface EstablishmentList {
  establishments: Establishment[];
}

export type AuditAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'allergens_confirmed'
  | 'status_changed'
  | 'invited'
  | 'revoked'
  | 'joined'
  | 'role_changed'
  | 'removed'
  | 'left'
  | 'confirmed'
  | 'imported'
  /** A recipe's label settings (src/shared/labels/settings.ts), details `{fields}`: the settings changed. */
  | 'label_changed';
export type AuditEntity =
  | 'recipe'
  | 'menu'
  | 'qr_code'
  | 'member'
  | 'invitation'
  | 'establishment'
  | 'organisation'
  | 'product'
  | 'meal_plan'
  /** An organisation's price of a Ciqual food (no id: `details.code`), named after the food. */
  | 'ingredient_price'
  | 'purchase_invoice'
  /** A supplier's price list (« tarif fournisseur »): imported, confirmed, deleted as a draft. */
  | 'supplier_price_list'
  | 'sales_import'
  | 'purchase_settings'
  /** « Intégrations » (docs/product/integrations.md): a key created or revoked, a webhook endpoint. */
  | 'api_key'
  | 'webhook';

/**
 * One line of « Historique »: who did what to which row, when. `details` by action:
 * `updated` of a renamed row `{previousName}`; `status_changed` `{from, to}` (a menu's
 * `isActive` booleans, a QR code's `active`/`inactive`); `role_changed` `{from, to}`;
 * `invited` and `revoked` (of an invitation) `{role}`; `joined` `{role}`; `removed` and `left` `{role}` (with
 * `accountDeleted: true` when the account itself was deleted). An establishment's meal plan
 * (`meal_plan`, named after the establishment): `updated` of one service `{date, service, dishes}`,
 * `updated` by a copy `{copy: {from, days, to, times}, copied}`, `status_changed` `{to: 'published', week}`.
 */
export interface AuditEvent {
  id: string;
  at: string;
  /** `userId` is null once that account is deleted; the name is the one shown at the time. */
  actor: { userId: string | null; name: string };
  action: AuditAction;
  entity: { type: AuditEntity; id: string | null; name: string };
  details: Record<string, unknown>;
}

/** GET /api/organisation/history?before=: newest first; `nextBefore` is the `before` of the next page, null on the last. */
export interface OrganisationHistory {
  events: AuditEvent[];
  nextBefore: string | null;
}

/** GET /api/recipes/:id/history: the recipe's events, newest first. */
export interface RecipeHistory {
  events: AuditEvent[];
}
