import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvitationCreateInput,
  Member,
  OrganisationDetails,
  PendingInvitation,
} from '../../../shared/api/organisations.ts';
import type { MemberRole } from '../../../shared/permissions.ts';
import { api } from '../../lib/api.ts';
import type { MutationFeedback } from '../../lib/mutation-feedback.ts';
import { meQueryKey } from '../../lib/queries.ts';

const organisationQueryKey = ['organisation'] as const;

/** GET /api/organisation: the members, and the pending invitations (owners only). */
export function useOrganisation() {
  return useQuery({ queryKey: organisationQueryKey, queryFn: () => api<OrganisationDetails>('/api/organisation') });
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
        queryClient.invalidateQueries({ queryKey: organisationQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
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
