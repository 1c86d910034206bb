import { useMutation } from '@tanstack/react-query';
import type { PasswordConfirmInput } from '../../../shared/api/auth.ts';
import { api } from '../../lib/api.ts';

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
