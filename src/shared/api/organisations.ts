import { z } from '../zod-fr.ts';
import { MEMBER_ROLES, type MemberRole } from '../permissions.ts';

/**
 * Organisation, members, invitations, establishments and the audit trail: the HTTP contract
 * of docs/product/api.md « Organisation, members, establishments », completed in
 * docs/product/organisations.md. Shared by the server (validation) and the web app (forms).
 */
export const organisationMessages = {
  nameRequired: 'Le nom de l’organisation est requis',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  emailRequired: 'L’email est requis',
  emailInvalid: 'Format d’email invalide',
  roleInvalid: 'Rôle invalide',
  alreadyMember: 'Cette personne fait déjà partie de l’organisation',
  invitationsPremium: 'Invitations réservées au plan Premium. Passez au Premium pour travailler en équipe.',
  establishmentsLimit: 'Limite d’établissements atteinte pour le plan gratuit. Passez au Premium pour gérer plusieurs sites.',
  lastOwner: 'L’organisation doit garder au moins un propriétaire : nommez-en un autre d’abord.',
  invitationInvalid: 'Cette invitation est invalide, a expiré ou a déjà été utilisée. Demandez-en une nouvelle.',
  invitationOtherEmail: 'Cette invitation a été envoyée à une autre adresse email. Connectez-vous avec l’adresse invitée.',
  establishmentNameRequired: 'Le nom de l’établissement est requis',
  establishmentInUse: 'Cet établissement a encore des menus : déplacez-les ou supprimez-les d’abord.',
  lastEstablishment: 'Une organisation garde au moins un établissement.',
  addressTooLong: 'L’adresse ne peut pas dépasser 300 caractères',
  cityTooLong: 'La ville ne peut pas dépasser 120 caractères',
  accessLost: 'Vous ne faites plus partie de cette organisation.',
} as const;

const m = organisationMessages;

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: m.roleInvalid });

export const organisationUpdateSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong),
});

export const invitationCreateSchema = z.object({
  email: z.string({ error: m.emailRequired }).trim().toLowerCase().min(1, m.emailRequired).max(254, m.emailInvalid).email(m.emailInvalid),
  role: memberRoleSchema,
});

export const memberUpdateSchema = z.object({ role: memberRoleSchema });

export const activeOrganisationSchema = z.object({ organisationId: z.string({ error: m.nameRequired }).uuid() });

export const establishmentInputSchema = z.object({
  name: z.string({ error: m.establishmentNameRequired }).trim().min(1, m.establishmentNameRequired).max(200, m.nameTooLong),
  address: z.string().trim().max(300, m.addressTooLong).nullable().optional(),
  city: z.string().trim().max(120, m.cityTooLong).nullable().optional(),
});

export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;
export type EstablishmentInput = z.input<typeof establishmentInputSchema>;

export interface OrganisationSummary {
  id: string;
  name: string;
  role: MemberRole;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}

/** GET /api/organisation (docs/product/api.md). Invitations are listed to owners only (empty for others). */
export interface OrganisationDetails extends OrganisationSummary {
  members: Member[];
  invitations: PendingInvitation[];
}

/** GET /api/invitations/:token: what the invitation page shows before it is accepted. */
export interface InvitationPreview {
  organisationName: string;
  invitedBy: string | null;
  email: string;
  role: MemberRole;
  status: 'valid' | 'expired' | 'used' | 'revoked';
}

export interface Establishment {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  createdAt: string;
}

export type AuditAction = 'created' | 'updated' | 'deleted' | 'allergens_confirmed' | 'status_changed' | 'invited' | 'joined' | 'role_changed' | 'removed' | 'left';
export type AuditEntity = 'recipe' | 'menu' | 'qr_code' | 'member' | 'invitation' | 'establishment' | 'organisation' | 'product' | 'meal_plan';

/** One line of « Historique »: who did what to which row, when. */
export interface AuditEvent {
  id: string;
  at: string;
  actor: { userId: string | null; name: string };
  action: AuditAction;
  entity: { type: AuditEntity; id: string | null; name: string };
  details: Record<string, unknown>;
}
