import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { OrganisationSummary } from '../../../shared/api/organisations.ts';
import { api } from '../../lib/api.ts';
import { organisationWatch } from '../../lib/organisation-watch.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';
import { switchedTo } from './texts.ts';

/**
 * PUT /api/me/organisation (docs/product/organisations.md « Organisation »). The watch shows
 * the target before the request leaves, so its answers are no surprise; on failure the
 * organisation shown before comes back.
 */
export function useSwitchOrganisation(userId: string) {
  const enter = useEnterOrganisation();
  return useMutation({
    mutationFn: async (target: OrganisationSummary) => {
      const previous = organisationWatch.get().shown;
      organisationWatch.adopt({ userId, id: target.id, name: target.name });
      try {
        await api('/api/me/organisation', { method: 'PUT', body: { organisationId: target.id } });
      } catch (error) {
        organisationWatch.adopt(previous);
        throw error;
      }
    },
    onSuccess: async (_data, target) => {
      await enter();
      toast.success(switchedTo(target.name));
    },
    onError: () => toast.error('Impossible de changer d’organisation. Veuillez réessayer.'),
  });
}
