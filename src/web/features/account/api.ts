import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '../../../shared/api/account.ts';
import type { ChangeEmailInput, DeleteAccountInput, PasswordConfirmInput } from '../../../shared/api/auth.ts';
import { api, apiFile } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { saveBlob } from '../../lib/save-file.ts';
import { useLeaveSession } from '../../lib/use-leave-session.ts';

/** « Mon compte »: the account's sessions, e-mail, password, two-factor, export and deletion. */

/** GET /api/account/sessions: the owner's open sessions, this one flagged `current`. */
export function useAccountSessions() {
  return useQuery({
    queryKey: queryKeys.accountSessions,
    queryFn: async ({ signal }) => (await api<AccountSessionsResponse>('/api/account/sessions', { signal })).sessions,
  });
}

/** DELETE /api/account/sessions/:id: signs another device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}

const SIGNED_OUT_EVERYWHERE = 'Vous êtes déconnecté de tous vos appareils.';

/** POST /api/auth/revoke-sessions: every session ends, this one too. */
export function useSignOutEverywhere() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: () => api('/api/auth/revoke-sessions', { method: 'POST', body: {} }),
    onSuccess: () => leave('/auth', SIGNED_OUT_EVERYWHERE),
  });
}

/** POST /api/auth/change-email: at once without mail, after the link sent to the new address with it. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => api('/api/auth/change-email', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** POST /api/auth/change-password: the other devices are signed out, this one gets a new session. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** POST /api/auth/two-factor/enable: a secret and backup codes, not in force until a code confirms them. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) =>
      api<TwoFactorSetup>('/api/auth/two-factor/enable', { method: 'POST', body: input }),
  });
}

/** POST /api/auth/two-factor/verify-totp while signed in: the first code turns two-factor on (and renews the session). */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
      ]),
  });
}

/** POST /api/auth/two-factor/disable. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) => api('/api/auth/two-factor/disable', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** POST /api/auth/two-factor/generate-backup-codes: new codes, the old ones stop working. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: async (input: PasswordConfirmInput) =>
      (
        await api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
          method: 'POST',
          body: input,
        })
      ).backupCodes,
  });
}

/** GET /api/account/export (RGPD art. 20), saved under the name the server gives. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiFile('/api/account/export', 'nutricarte-export.json');
      saveBlob(blob, fileName);
    },
  });
}

const ACCOUNT_DELETED = 'Votre compte et toutes ses données ont été supprimés.';

/** DELETE /api/account: everything goes, the session cookie too. */
export function useDeleteAccount() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<void>('/api/account', { method: 'DELETE', body: input }),
    onSuccess: () => leave('/', ACCOUNT_DELETED),
  });
}
