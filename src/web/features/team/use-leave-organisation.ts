import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { api } from '../../lib/api.ts';
import { organisationWatch } from '../../lib/organisation-watch.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';

const leftOrganisation = (name: string) => `Vous avez quitté « ${name} »`;

/**
 * « Quitter l’organisation » (DELETE /api/organisation/members/:ownId): the server moves the
 * account to another of its organisations. The app forgets the organisation shown before it
 * asks, so the answers that come from there are no « Vous ne faites plus partie… » surprise;
 * the fresh /api/me then names the new one (src/web/features/organisations/use-organisation-guard.ts).
 */
export function useLeaveOrganisation() {
  const enter = useEnterOrganisation();
  return useMutation({
    mutationFn: async ({ userId }: { userId: string; organisationName: string }) => {
      organisationWatch.beginChange();
      try {
        await api<void>(`/api/organisation/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
      } catch (error) {
        organisationWatch.settle();
        throw error;
      }
      organisationWatch.adopt(null);
    },
    onSuccess: async (_data, { organisationName }) => {
      await enter();
      toast.success(leftOrganisation(organisationName));
    },
  });
}
