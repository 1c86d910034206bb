import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';

const SIGNED_OUT_EVERYWHERE = 'Vous êtes déconnecté de tous vos appareils.';

/** POST /api/auth/revoke-sessions: every session ends, this one too. */
export function useSignOutEverywhere() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: () => api('/api/auth/revoke-sessions', { method: 'POST', body: {} }),
    onSuccess: () => leave('/auth', SIGNED_OUT_EVERYWHERE),
  });
}
