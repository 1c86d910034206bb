import type { AccountSession } from '../../../shared/api/account.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/card.tsx';
import { describeUserAgent } from './user-agent.ts';

/** One open session: the device, its address, its last activity; other devices can be signed out. */
export function SessionRow({
  session,
  onRevoke,
  revoking,
}: {
  session: AccountSession;
  onRevoke: () => void;
  revoking: boolean;
}) {
  return (
    <li
      data-testid="account-session"
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {describeUserAgent(session.userAgent)}
          {session.current && <Badge tone="green">Cet appareil</Badge>}
        </p>
        <p className="text-sm text-stone-600">
          {session.ipAddress ? `Adresse IP ${session.ipAddress}` : 'Adresse IP inconnue'} · Dernière activité le{' '}
          {formatDateTime(session.updatedAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          size="sm"
          variant="secondary"
          className="self-start sm:self-auto"
          onClick={onRevoke}
          disabled={revoking}
        >
          {revoking ? 'Déconnexion...' : 'Déconnecter'}
        </Button>
      )}
    </li>
  );
}
