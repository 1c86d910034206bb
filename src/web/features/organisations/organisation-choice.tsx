import type { MeResponse } from '../../../shared/api/account.ts';
import { ROLE_LABELS } from '../../../shared/permissions.ts';
import { cn } from '../../lib/cn.ts';
import { useSwitchOrganisation } from './api.ts';

/**
 * The phone « Menu »'s organisation block: the active organisation and role, and when the
 * account has several, one button per organisation to switch to it.
 */
export function OrganisationChoice({ me, onSwitch }: { me: MeResponse; onSwitch: () => void }) {
  const switchTo = useSwitchOrganisation(me.user.id);
  if (me.organisations.length < 2) {
    return (
      <p className="px-3 text-sm" data-testid="organisation-active">
        <span className="block font-semibold text-stone-900">{me.organisation.name}</span>
        <span className="text-stone-600">{ROLE_LABELS[me.organisation.role]}</span>
      </p>
    );
  }
  return (
    <ul className="grid gap-1" aria-label="Changer d’organisation">
      {me.organisations.map((organisation) => {
        const active = organisation.id === me.organisation.id;
        return (
          <li key={organisation.id}>
            <button
              type="button"
              aria-pressed={active}
              disabled={switchTo.isPending}
              onClick={() => {
                if (active) return;
                onSwitch();
                switchTo.mutate(organisation);
              }}
              className={cn(
                'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left',
                active ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-100',
              )}
            >
              <span className="w-4 shrink-0 text-brand-700" aria-hidden="true">
                {active ? '✓' : ''}
              </span>
              <span className="min-w-0">
                <span className="block truncate font-medium">{organisation.name}</span>
                <span className="block text-xs text-stone-600">{ROLE_LABELS[organisation.role]}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
