import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { authMessages } from '../../../shared/messages/auth.ts';
import { api } from '../../lib/api.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';

/** « Se déconnecter », then the landing page, or `to` (the invitation page stays where it is). */
export function useSignOut(to = '/') {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => leave(to, authMessages.signOutSuccess),
    onError: () => toast.error(authMessages.signOutError),
  });
}
