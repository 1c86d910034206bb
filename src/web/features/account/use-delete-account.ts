import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../shared/api/auth.ts';
import { api } from '../../lib/api.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';

const ACCOUNT_DELETED = 'Votre compte et toutes ses données ont été supprimés.';

/** DELETE /api/account: everything goes, the session cookie too. */
export function useDeleteAccount() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<void>('/api/account', { method: 'DELETE', body: input }),
    onSuccess: () => leave('/', ACCOUNT_DELETED),
  });
}
