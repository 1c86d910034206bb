import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type { OrganisationSummary } from '../../../shared/api/organisations.ts';
import { api } from '../../lib/api.ts';
import { organisationWatch } from '../../lib/organisation-watch.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';
import { switchedTo } from './texts.ts';

/**
 * PUT /api/me/organisation (docs/product/organisations.md « Organisation »). While it runs, no
 * answer is a surprise (some may still come from the organisation left); once it succeeded the
 * app shows the target, and every query starts over there.
 */
export function useSwitchOrganisation(userId: string) {
  const enter = useEnterOrganisation();
  return useMutation({
    mutationFn: async (target: OrganisationSummary) => {
      organisationWatch.beginChange();
      try {
        await api('/api/me/organisation', { method: 'PUT', body: { organisationId: target.id } });
      } catch (error) {
        organisationWatch.settle();
        throw error;
      }
      organisationWatch.adopt({ userId, id: target.id, name: target.name });
    },
    onSuccess: async (_data, target) => {
      await enter();
      toast.success(switchedTo(target.name));
    },
    onError: () => toast.error('Impossible de changer d’organisation. Veuillez réessayer.'),
  });
}
