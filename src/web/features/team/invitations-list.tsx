import { toast } from '../../lib/toast.ts';
import type { PendingInvitation } from '../../../shared/api/organisations.ts';
import { ROLE_LABELS } from '../../../shared/permissions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatDate } from '../../lib/format.ts';
import { useRevokeInvitation } from './api.ts';

/** The invitations not yet accepted, each with « Révoquer » (asked first). */
export function InvitationsList({ invitations }: { invitations: PendingInvitation[] }) {
  const revoke = useRevokeInvitation();
  if (invitations.length === 0) return <p className="text-sm text-stone-500">Aucune invitation en attente.</p>;
  const onRevoke = (invitation: PendingInvitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(`Invitation de ${invitation.email} révoquée`),
      onError: () => toast.error('Erreur lors de la révocation de l’invitation'),
    });
  return (
    <ul className="divide-y divide-stone-100" aria-label="Invitations en attente">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-wrap items-center justify-between gap-3 py-3"
          data-testid="invitation-row"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="break-all font-medium text-stone-900">{invitation.email}</span>
              <Badge>{ROLE_LABELS[invitation.role]}</Badge>
            </p>
            <p className="text-xs text-stone-500">Valable jusqu’au {formatDate(invitation.expiresAt)}</p>
          </div>
          <ConfirmDialog
            title={`Révoquer l’invitation de ${invitation.email} ?`}
            description="Le lien envoyé par email ne fonctionnera plus."
            confirmLabel="Révoquer"
            onConfirm={() => onRevoke(invitation)}
            trigger={
              <Button size="sm" variant="dangerGhost" aria-label={`Révoquer l’invitation de ${invitation.email}`}>
                Révoquer
              </Button>
            }
          />
        </li>
      ))}
    </ul>
  );
}
