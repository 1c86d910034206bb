import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { api } from '../../lib/api.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';

export function useSignOut() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => leave('/', messages.auth.signOutSuccess),
    onError: () => toast.error(messages.auth.signOutError),
  });
}
