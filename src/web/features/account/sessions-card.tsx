import { toast } from '../../lib/toast.ts';
import { genericMessages } from '../../../shared/messages/generic.ts';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { AccountCard } from './account-card.tsx';
import { SessionRow } from './session-row.tsx';
import { useAccountSessions, useRevokeSession, useSignOutEverywhere } from './api.ts';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : genericMessages.internal);

function SessionList() {
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  if (sessions.isPending) return <Spinner label="Chargement des sessions..." />;
  if (sessions.isError) {
    return (
      <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-4 text-sm text-red-700">
        <p>Erreur lors du chargement des sessions</p>
        <Button size="sm" variant="secondary" onClick={() => void sessions.refetch()}>
          Réessayer
        </Button>
      </div>
    );
  }
  if (sessions.data.length === 0) return <p className="text-sm text-stone-600">Aucune session active.</p>;
  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => toast.success('Appareil déconnecté'),
      onError: (error) => toast.error(errorText(error)),
    });
  return (
    <ul className="divide-y divide-stone-100">
      {sessions.data.map((session) => (
        <SessionRow
          key={session.id}
          session={session}
          onRevoke={() => onRevoke(session.id)}
          revoking={revoke.isPending && revoke.variables === session.id}
        />
      ))}
    </ul>
  );
}

/** « Sessions actives »: where the account is signed in, and a way out of all of them. */
export function SessionsCard() {
  const signOutEverywhere = useSignOutEverywhere();
  const confirm = () => signOutEverywhere.mutate(undefined, { onError: (error) => toast.error(errorText(error)) });
  return (
    <AccountCard title="Sessions actives" description="Les appareils et navigateurs connectés à votre compte.">
      <SessionList />
      <ConfirmDialog
        title="Se déconnecter de tous les appareils ?"
        description="Toutes vos sessions seront fermées, y compris celle-ci : vous devrez vous reconnecter sur chaque appareil."
        confirmLabel="Tout déconnecter"
        onConfirm={confirm}
        trigger={
          <Button
            variant="secondary"
            className="h-auto! min-h-10 w-full py-2 whitespace-normal! sm:w-auto"
            disabled={signOutEverywhere.isPending}
          >
            Se déconnecter de tous les appareils
          </Button>
        }
      />
    </AccountCard>
  );
}
