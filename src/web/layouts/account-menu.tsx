import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { useSignOut } from '../features/auth/sign-out-api.ts';
import { AccountButton } from './account-button.tsx';
import { ACCOUNT_LINKS } from './app-links.ts';

const itemClass =
  'flex cursor-pointer items-center rounded-control px-2 py-2 text-sm text-stone-800 data-[highlighted]:bg-stone-100';

/**
 * The header's account menu from 1024 px (Radix DropdownMenu: arrow keys, Escape, focus
 * return): the e-mail, « Mon compte », « Abonnement » and « Se déconnecter ».
 */
export function AccountMenu({ email }: { email: string }) {
  // Signing out loads with the menus that offer it, after the page's first paint (docs/decisions/0041).
  const signOut = useSignOut();
  // Not modal and not in a portal: the page stays in the accessibility tree while the menu is
  // open, and the menu sits in its landmark (RGAA 12.6, docs/decisions/0047-rgaa-signed-in-space.md).
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <AccountButton email={email} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 w-64 rounded-card border border-stone-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="truncate px-2 pt-1 pb-1.5 text-xs text-stone-600" data-testid="user-email">
          {email}
        </DropdownMenu.Label>
        {ACCOUNT_LINKS.map((link) => (
          <DropdownMenu.Item key={link.to} asChild className={itemClass}>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1.5 h-px bg-stone-200" />
        <DropdownMenu.Item className={itemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          Se déconnecter
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
