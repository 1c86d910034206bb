import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import type { MeResponse } from '../../shared/api/account.ts';
import { Button } from '../components/ui/button.tsx';
import { useSignOut } from '../features/auth/sign-out-api.ts';
import { OrganisationChoice } from '../features/organisations/organisation-choice.tsx';
import { cn } from '../lib/cn.ts';
import { APP_LINKS } from './app-links.ts';
import { MenuIcon } from './menu-icon.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-control px-3 py-3 text-base font-medium',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-100',
  );

function MenuLinks({ links, onClick }: { links: readonly { to: string; label: string }[]; onClick: () => void }) {
  return (
    <ul className="grid gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} onClick={onClick} className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone header's « Menu » (below the `lg` breakpoint, 1024 px): a Radix dialog under the header bar
 * with every page, the organisation (switcher and its pages), the account's e-mail and
 * « Se déconnecter ». Radix gives the trigger
 * aria-expanded, traps the focus inside, closes on Escape and on a tap outside. It is open
 * for the page it was opened on: any navigation (a link, the back button) closes it.
 */
export function AppMenu({
  me,
  organisationLinks,
}: {
  me: MeResponse | null | undefined;
  organisationLinks: readonly { to: string; label: string }[];
}) {
  // Signing out loads with the menus that offer it, after the page's first paint (docs/decisions/0041).
  const signOut = useSignOut();
  const email = me?.user.email;
  // Re-render on every navigation; the address bar, not the rendered location, says where the
  // menu was opened. A lazy page keeps the previous page (and its location) on screen until its
  // code arrives: a tap on « Menu » meanwhile belongs to the new address, and must not be closed
  // when that page appears (e2e/phone.spec.ts « Menu » reaches every header link).
  useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === window.location.pathname;
  const close = () => setOpenOn(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => setOpenOn(next ? window.location.pathname : null)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" className="lg:hidden" data-testid="app-menu-button">
          <MenuIcon open={open} />
          Menu
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto rounded-b-sheet bg-white px-4 pt-3 pb-5 shadow-xl lg:hidden"
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-bold text-brand-700">NutriCarte</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="secondary" size="sm">
                <MenuIcon open />
                Fermer
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Menu principal" className="mt-4">
            <MenuLinks links={APP_LINKS} onClick={close} />
          </nav>
          {me && (
            <section aria-labelledby="app-menu-organisation" className="mt-4 space-y-2 border-t border-stone-200 pt-4">
              <h2
                id="app-menu-organisation"
                className="px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase"
              >
                Organisation
              </h2>
              <OrganisationChoice me={me} onSwitch={close} />
              <nav aria-label="Pages de l’organisation">
                <MenuLinks links={organisationLinks} onClick={close} />
              </nav>
            </section>
          )}
          <div className="mt-4 space-y-3 border-t border-stone-200 pt-4">
            {email && (
              <NavLink
                to="/account"
                onClick={close}
                className="block break-all text-sm text-stone-600 hover:text-brand-800 hover:underline"
                data-testid="app-menu-email"
              >
                {email}
              </NavLink>
            )}
            <Button
              variant="secondary"
              className="w-full"
              disabled={signOut.isPending}
              onClick={() => {
                close();
                signOut.mutate();
              }}
            >
              Se déconnecter
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
