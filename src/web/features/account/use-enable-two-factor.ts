import { useMutation } from '@tanstack/react-query';
import type { PasswordConfirmInput } from '../../../shared/api/auth.ts';
import { api } from '../../lib/api.ts';

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
