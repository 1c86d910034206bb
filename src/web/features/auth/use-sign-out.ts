import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { api } from '../../lib/api.ts';

export const REDIRECT_DELAY_MS = 100;

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => {
      toast.success(messages.auth.signOutSuccess);
      setTimeout(() => {
        queryClient.clear();
        void navigate('/', { replace: true });
      }, REDIRECT_DELAY_MS);
    },
    onError: () => toast.error(messages.auth.signOutError),
  });
}
