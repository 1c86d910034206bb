import type { InvitationPreview } from '../../../shared/api/organisations.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../shared/permissions.ts';

/** What the invitation says: the organisation, who sent it, to which address, with which role. */
export function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  return (
    <dl
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg bg-stone-50 p-4 text-sm"
      data-testid="invitation-summary"
    >
      <dt className="text-stone-500">Organisation</dt>
      <dd className="break-words font-semibold text-stone-900">{invitation.organisationName}</dd>
      {invitation.invitedBy && (
        <>
          <dt className="text-stone-500">Invité par</dt>
          <dd className="break-words text-stone-900">{invitation.invitedBy}</dd>
        </>
      )}
      <dt className="text-stone-500">Adresse</dt>
      <dd className="break-all text-stone-900">{invitation.email}</dd>
      <dt className="text-stone-500">Rôle</dt>
      <dd className="text-stone-900">
        <span className="font-medium">{ROLE_LABELS[invitation.role]}</span>
        <span className="block text-xs text-stone-600">{ROLE_DESCRIPTIONS[invitation.role]}</span>
      </dd>
    </dl>
  );
}

/** Why an invitation can no longer be used, in French. */
export const INVITATION_STATUS_TEXTS: Record<
  Exclude<InvitationPreview['status'], 'valid'>,
  { title: string; text: string }
> = {
  expired: {
    title: 'Cette invitation a expiré',
    text: 'Une invitation est valable 7 jours. Demandez au propriétaire de l’organisation de vous en envoyer une nouvelle.',
  },
  used: {
    title: 'Cette invitation a déjà été utilisée',
    text: 'Une invitation ne sert qu’une fois. Si vous l’avez acceptée, connectez-vous pour retrouver l’organisation.',
  },
  revoked: {
    title: 'Cette invitation a été annulée',
    text: 'Le propriétaire de l’organisation l’a révoquée. Demandez-lui une nouvelle invitation si besoin.',
  },
};
