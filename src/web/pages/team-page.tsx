import { Suspense, useState } from 'react';
import { Card, Spinner } from '../components/ui/card.tsx';
import { TitledCard } from '../components/ui/titled-card.tsx';
import { useOrganisation } from '../features/team/api.ts';
import { InvitationsList } from '../features/team/invitations-list.tsx';
import { LeaveCard } from '../features/team/leave-card.tsx';
import { MembersCard } from '../features/team/members-card.tsx';
import { PremiumInvitationsNotice } from '../features/team/premium-invitations-notice.tsx';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

// The invitation form (react-hook-form, zod) is for owners only: it loads apart from the list.
const { Component: InviteForm, usePreload: usePreloadInviteForm } = lazyComponent(
  () => import('../features/team/invite-form.tsx'),
  (m) => m.InviteForm,
);

/**
 * « Équipe » (docs/product/organisations.md « Roles », « Invitations »): the members; owners
 * invite, change roles, remove and revoke; the others read. Every member but the last owner
 * may leave.
 */
function TeamPageContent() {
  const { data: me } = useMe();
  const organisation = useOrganisation();
  const canManage = useCan('members:manage');
  const canUpgrade = useCan('billing:manage');
  const [refusedByPlan, setRefusedByPlan] = useState(false);
  usePreloadInviteForm();
  if (!me) return null;

  const details = organisation.data;
  const owners = details?.members.filter((member) => member.role === 'owner').length ?? 0;
  const lastOwner = me.organisation.role === 'owner' && owners === 1;
  const alone = (details?.members.length ?? 0) < 2;
  // The plan counts the members and the pending invitations (docs/product/organisations.md « Invitations »).
  const atMemberLimit = me.limits.members !== null && me.usage.members >= me.limits.members;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Équipe</h1>
        <p className="text-sm text-stone-600">
          Les membres de « {me.organisation.name} » et leur rôle.{' '}
          {canManage
            ? 'Invitez vos cuisiniers, diététiciens et gérants.'
            : 'Seul un propriétaire peut modifier l’équipe.'}
        </p>
      </div>
      {organisation.isPending ? (
        <Spinner label="Chargement de l’équipe..." />
      ) : organisation.isError ? (
        <Card role="alert" className="bg-red-50 text-red-700">
          Erreur lors du chargement de l’équipe
        </Card>
      ) : (
        <>
          {canManage && (
            <TitledCard
              title="Inviter un membre"
              description="Un lien valable 7 jours est envoyé par email ; il ne sert qu’une fois, à l’adresse invitée."
            >
              {atMemberLimit || refusedByPlan ? (
                <PremiumInvitationsNotice canUpgrade={canUpgrade} />
              ) : (
                <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
                  <InviteForm onPlanLimit={() => setRefusedByPlan(true)} />
                </Suspense>
              )}
            </TitledCard>
          )}
          <MembersCard organisation={organisation.data} selfId={me.user.id} canManage={canManage} />
          {canManage && (
            <TitledCard title="Invitations en attente">
              <InvitationsList invitations={organisation.data.invitations} />
            </TitledCard>
          )}
          {!(lastOwner && alone) && (
            <LeaveCard userId={me.user.id} organisationName={me.organisation.name} lastOwner={lastOwner} />
          )}
        </>
      )}
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function TeamPage() {
  return (
    <>
      <title>Équipe – NutriCarte</title>
      <TeamPageContent />
    </>
  );
}
