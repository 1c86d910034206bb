import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLeaveOrganisation } from './api.ts';

/**
 * « Quitter l’organisation », for every member but the last owner (who names another owner
 * first: the page says so instead).
 */
export function LeaveCard({
  userId,
  organisationName,
  lastOwner,
}: {
  userId: string;
  organisationName: string;
  lastOwner: boolean;
}) {
  const leave = useLeaveOrganisation();
  const onLeave = () =>
    leave.mutate(
      { userId, organisationName },
      {
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status < 500 && error.status > 0
              ? error.message
              : 'Erreur lors du départ de l’organisation',
          ),
      },
    );
  return (
    <TitledCard title="Quitter l’organisation" danger>
      {lastOwner ? (
        <p className="text-sm text-stone-700">
          Vous êtes le seul propriétaire de « {organisationName} » : nommez un autre propriétaire avant de la quitter.
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            Vous n’aurez plus accès aux recettes, menus et codes QR de « {organisationName} ». Votre compte et votre
            propre organisation restent.
          </p>
          <ConfirmDialog
            title={`Quitter « ${organisationName} » ?`}
            description="Pour revenir, il faudra une nouvelle invitation d’un propriétaire."
            confirmLabel="Quitter"
            onConfirm={onLeave}
            trigger={
              <Button variant="destructive" disabled={leave.isPending}>
                Quitter l’organisation
              </Button>
            }
          />
        </>
      )}
    </TitledCard>
  );
}
