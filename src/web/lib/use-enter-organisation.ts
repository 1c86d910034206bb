import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * After the organisation active changed (a switch, leaving one, an accepted invitation, a
 * membership that ended), every cached answer belongs to the organisation left: the page moves
 * to the dashboard, then every query starts over (the active ones refetch at once).
 */
export function useEnterOrganisation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to = '/dashboard') => {
      await navigate(to, { replace: true });
      await queryClient.resetQueries();
    },
    [navigate, queryClient],
  );
}
