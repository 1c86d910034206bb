import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { messages } from '../../../shared/messages.ts';
import { api } from '../../lib/api.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';

/** « Se déconnecter », then the landing page, or `to` (the invitation page stays where it is). */
export function useSignOut(to = '/') {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => leave(to, messages.auth.signOutSuccess),
    onError: () => toast.error(messages.auth.signOutError),
  });
}
