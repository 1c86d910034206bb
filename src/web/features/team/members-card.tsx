import type { OrganisationDetails } from '../../../shared/api/organisations.ts';
import type { MemberRole } from '../../../shared/permissions.ts';
import { countOf } from '../../../shared/typography.ts';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { MemberRow } from './member-row.tsx';

/** The owners first, then by name. */
const ROLE_ORDER: Record<MemberRole, number> = { owner: 0, editor: 1, dietitian: 2, viewer: 3, service: 4 };

/** « Membres »: everyone in the organisation; owners manage roles and removals. */
export function MembersCard({
  organisation,
  selfId,
  canManage,
}: {
  organisation: OrganisationDetails;
  selfId: string;
  canManage: boolean;
}) {
  const owners = organisation.members.filter((member) => member.role === 'owner').length;
  const members = [...organisation.members].sort(
    (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || (a.name || a.email).localeCompare(b.name || b.email, 'fr'),
  );
  return (
    <TitledCard title="Membres" description={countOf(members.length, 'membre')}>
      <ul className="divide-y divide-stone-100" aria-label="Membres de l’organisation">
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isSelf={member.userId === selfId}
            canManage={canManage}
            lastOwner={member.role === 'owner' && owners === 1}
            organisationName={organisation.name}
          />
        ))}
      </ul>
    </TitledCard>
  );
}
