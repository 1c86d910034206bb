import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { REDIRECT_DELAY_MS } from '../../lib/use-leave-session.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The session exists: the toast, then /dashboard after 100 ms (docs/product/spec.md
 * « Authentication »), or `to` (the invitation page signs in and stays).
 */
export function useCompleteSignIn(to = '/dashboard') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (message: string) => {
    toast.success(message);
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void navigate(to, { replace: true });
    }, REDIRECT_DELAY_MS);
  };
}
