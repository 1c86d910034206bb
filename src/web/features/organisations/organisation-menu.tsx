import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import type { OrganisationSummary } from '../../../shared/api/organisations.ts';
import { ROLE_LABELS } from '../../../shared/permissions.ts';
import { cn } from '../../lib/cn.ts';
import { useSwitchOrganisation } from './api.ts';
import { SwitcherButton } from './switcher-label.tsx';

export interface OrganisationLink {
  to: string;
  label: string;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-stone-800 data-[highlighted]:bg-stone-100';

/**
 * The header's organisation menu (Radix DropdownMenu: arrow keys, Escape, focus return): the
 * organisations of the account, the active one checked, and the organisation's pages.
 */
export function OrganisationMenu({
  userId,
  active,
  organisations,
  links,
}: {
  userId: string;
  active: OrganisationSummary;
  organisations: OrganisationSummary[];
  links: readonly OrganisationLink[];
}) {
  const switchTo = useSwitchOrganisation(userId);
  // Not modal and not in a portal: the page stays in the accessibility tree while the menu is
  // open, and the menu sits in its landmark (RGAA 12.6, docs/decisions/0047-rgaa-signed-in-space.md).
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <SwitcherButton organisation={active} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="start"
        sideOffset={6}
        className="z-50 w-72 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="px-2 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">
          Organisations
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={active.id}
          onValueChange={(id) => {
            const target = organisations.find((o) => o.id === id);
            if (target && target.id !== active.id) switchTo.mutate(target);
          }}
        >
          {organisations.map((organisation) => (
            <DropdownMenu.RadioItem
              key={organisation.id}
              value={organisation.id}
              disabled={switchTo.isPending}
              className={cn(itemClass, 'data-[disabled]:opacity-60')}
            >
              {/* aria-checked says it to assistive technology: the tick is for the eyes. */}
              <span className="flex h-4 w-4 shrink-0 items-center justify-center text-brand-700" aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{organisation.name}</span>
                <span className="block text-xs text-stone-600">{ROLE_LABELS[organisation.role]}</span>
              </span>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        {links.length > 0 && <DropdownMenu.Separator className="my-1.5 h-px bg-stone-200" />}
        {links.map((link) => (
          <DropdownMenu.Item key={link.to} asChild className={itemClass}>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
