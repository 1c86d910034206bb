import { toast } from '../../lib/toast.ts';
import type { Member } from '../../../shared/api/organisations.ts';
import { ROLE_LABELS, type MemberRole } from '../../../shared/permissions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useChangeRole, useRemoveMember } from './api.ts';
import { ROLE_OPTIONS } from './role-options.ts';

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;

/**
 * One member of « Équipe »: name, e-mail, role, date joined. An owner changes the role of
 * others and removes them (asked first); the last owner's own role is fixed (the server keeps
 * at least one owner, docs/product/organisations.md « Roles »).
 */
export function MemberRow({
  member,
  isSelf,
  canManage,
  lastOwner,
  organisationName,
}: {
  member: Member;
  isSelf: boolean;
  canManage: boolean;
  lastOwner: boolean;
  organisationName: string;
}) {
  const changeRole = useChangeRole();
  const name = member.name || member.email;
  const remove = useRemoveMember({
    onSuccess: () => toast.success(`${name} ne fait plus partie de l’équipe`),
    onError: (error) => toast.error(errorText(error, 'Erreur lors du retrait du membre')),
  });
  const onRole = (role: MemberRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success(`${name} est maintenant ${ROLE_LABELS[role].toLowerCase()}`),
        onError: (error) => toast.error(errorText(error, 'Erreur lors du changement de rôle')),
      },
    );
  const onRemove = () => remove.mutate(member.userId);
  const roleFixed = isSelf && lastOwner;
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-center" data-testid="member-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
          <span className="break-words">{name}</span>
          {isSelf && <Badge>Vous</Badge>}
        </p>
        <p className="break-all text-sm text-stone-600">{member.email}</p>
        <p className="text-xs text-stone-500">Membre depuis le {formatDate(member.joinedAt)}</p>
      </div>
      {canManage && !roleFixed ? (
        <div>
          <label className="sr-only" htmlFor={`role-${member.userId}`}>
            Rôle de {name}
          </label>
          <select
            id={`role-${member.userId}`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => onRole(event.target.value as MemberRole)}
            className="block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm shadow-sm"
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="text-sm">
          <Badge tone={member.role === 'owner' ? 'green' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge>
          {roleFixed && canManage && (
            <p className="mt-1 text-xs text-stone-500">Seul propriétaire : nommez-en un autre pour changer de rôle.</p>
          )}
        </div>
      )}
      <div className="sm:justify-self-end">
        {canManage && !isSelf && (
          <ConfirmDialog
            title={`Retirer ${name} de l’équipe ?`}
            description={`${name} perd aussitôt l’accès aux recettes, menus et codes QR de « ${organisationName} ». Son propre compte est conservé.`}
            confirmLabel="Retirer"
            onConfirm={onRemove}
            trigger={
              <Button size="sm" variant="dangerGhost" disabled={remove.isPending} aria-label={`Retirer ${name}`}>
                Retirer
              </Button>
            }
          />
        )}
      </div>
    </li>
  );
}
