import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from './toast.ts';
import { organisationWatch } from './organisation-watch.ts';

/** docs/product/spec.md section 9: the redirect after sign-in, sign-up and sign-out waits 100 ms. */
export const REDIRECT_DELAY_MS = 100;

/**
 * After the session has ended on the server (sign-out, « tous les appareils », deletion):
 * the toast, then every cached answer is dropped and the app moves to `to`.
 */
export function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (to: string, message: string) => {
    toast.success(message);
    setTimeout(() => {
      queryClient.clear();
      organisationWatch.adopt(null);
      void navigate(to, { replace: true });
    }, REDIRECT_DELAY_MS);
  };
}
