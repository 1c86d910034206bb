import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type { InvitationPreview } from '../../../shared/api/organisations.ts';
import { api } from '../../lib/api.ts';
import { organisationWatch } from '../../lib/organisation-watch.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/invitations/:token: what the invitation page shows, signed in or not. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => api<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
  });
}

const welcomeTo = (name: string) => `Bienvenue dans « ${name} » !`;

/**
 * POST /api/invitations/:token/accept: the organisation becomes the active one, the app starts
 * over there on the dashboard (src/web/lib/organisation-watch.ts is told first).
 */
export function useAcceptInvitation(token: string, userId: string, organisationName: string) {
  const enter = useEnterOrganisation();
  return useMutation({
    mutationFn: async () => {
      organisationWatch.beginChange();
      try {
        const { organisationId } = await api<{ organisationId: string }>(
          `/api/invitations/${encodeURIComponent(token)}/accept`,
          { method: 'POST', body: {} },
        );
        organisationWatch.adopt({ userId, id: organisationId, name: organisationName });
      } catch (error) {
        organisationWatch.settle();
        throw error;
      }
    },
    onSuccess: async () => {
      await enter();
      toast.success(welcomeTo(organisationName));
    },
  });
}
