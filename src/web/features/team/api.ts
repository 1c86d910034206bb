import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type {
  InvitationCreateInput,
  Member,
  OrganisationDetails,
  PendingInvitation,
} from '../../../shared/api/organisations.ts';
import type { MemberRole } from '../../../shared/permissions.ts';
import { api } from '../../lib/api.ts';
import type { MutationFeedback } from '../../lib/mutation-feedback.ts';
import { organisationWatch } from '../../lib/organisation-watch.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';

/** GET /api/organisation: the members, and the pending invitations (owners only). */
export function useOrganisation() {
  return useQuery({
    queryKey: queryKeys.organisation.all,
    queryFn: ({ signal }) => api<OrganisationDetails>('/api/organisation', { signal }),
  });
}

/** A change to the team refetches it, and /api/me (the account's own role may have changed). */
function useTeamMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  feedback?: MutationFeedback<TVariables, TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: feedback?.onSuccess,
    onError: feedback?.onError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organisation.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}

export function useInvite() {
  return useTeamMutation((input: InvitationCreateInput) =>
    api<PendingInvitation>('/api/organisation/invitations', { method: 'POST', body: input }),
  );
}

export function useRevokeInvitation() {
  return useTeamMutation((id: string) =>
    api<void>(`/api/organisation/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export function useChangeRole() {
  return useTeamMutation(({ userId, role }: { userId: string; role: MemberRole }) =>
    api<Member>(`/api/organisation/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
  );
}

/** The removed member's row is gone once the team is refetched: its toast comes through `feedback`. */
export function useRemoveMember(feedback: MutationFeedback<string, void>) {
  return useTeamMutation(
    (userId: string) => api<void>(`/api/organisation/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    feedback,
  );
}

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
