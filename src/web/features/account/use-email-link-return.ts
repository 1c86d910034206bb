import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountMessages } from '../../../shared/messages/account.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The e-mail change link lands on /account: better-auth's verify-email redirects there, with
 * `?error=INVALID_TOKEN`, `TOKEN_EXPIRED`, `USER_NOT_FOUND` or `INVALID_USER` when it refused.
 * Returns the message to show (read once), takes the parameter out of the address bar, and
 * refetches the account, whose address a link opened in another tab may have changed.
 */
export function useEmailLinkReturn(): string | null {
  const [params, setParams] = useSearchParams();
  const [linkError] = useState(() => (params.has('error') ? accountMessages.emailLinkFailed : null));
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [queryClient]);
  const hasError = params.has('error');
  useEffect(() => {
    if (!hasError) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hasError, setParams]);
  return linkError;
}
