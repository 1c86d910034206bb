import { NavLink, Outlet } from 'react-router';
import { PageTracker } from '../components/page-tracker.tsx';
import { RequireAuth } from '../components/require-auth.tsx';
import { EnvironmentBanner } from '../components/environment-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { Button } from '../components/ui/button.tsx';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { useConsent } from '../features/consent/use-consent.ts';
import { AccessLost } from '../features/organisations/access-lost.tsx';
import { OrganisationSwitcher } from '../features/organisations/organisation-switcher.tsx';
import { useOrganisationGuard } from '../features/organisations/use-organisation-guard.ts';
import { useMe } from '../lib/queries.ts';
import { canIn } from '../lib/use-can.ts';
import { cn } from '../lib/cn.ts';
import { APP_LINKS, ORGANISATION_LINKS } from './app-links.ts';
import { AppMenu } from './app-menu.tsx';

/** The organisation's pages the account's role can use. */
function useOrganisationLinks() {
  const { data: me } = useMe();
  return ORGANISATION_LINKS.filter((link) => !link.needs || canIn(me, link.needs));
}

/**
 * From `md` up: the organisation switcher, the e-mail, « Se déconnecter » and a row of links
 * (issue 21 redesigns it). On a phone the row did not fit: every link, the organisation, the
 * e-mail and « Se déconnecter » are in « Menu ».
 */
function Header() {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const organisationLinks = useOrganisationLinks();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <div className="flex min-w-0 items-center gap-4">
          <NavLink to="/dashboard" className="text-lg font-bold text-brand-700">
            NutriCarte
          </NavLink>
          {me && (
            <div className="hidden min-w-0 md:block">
              <OrganisationSwitcher me={me} links={organisationLinks} />
            </div>
          )}
        </div>
        <div className="hidden min-w-0 items-center gap-3 md:flex">
          <NavLink to="/account" title="Mon compte" className="truncate text-sm text-stone-600 hover:text-brand-800 hover:underline" data-testid="user-email">
            {me?.user.email}
          </NavLink>
          <Button variant="secondary" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Se déconnecter
          </Button>
        </div>
        <AppMenu me={me} organisationLinks={organisationLinks} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending} />
      </div>
      <nav aria-label="Navigation principale" className="mx-auto hidden max-w-6xl px-2 md:block">
        <ul className="flex gap-1 pb-2">
          {APP_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** The page, or « Vous ne faites plus partie de l’organisation … » once a membership has ended. */
function PageOrAccessLost() {
  const { status } = useOrganisationGuard();
  return status.kind === 'lost' ? <AccessLost lost={status.lost} next={status.next} /> : <Outlet />;
}

/** Signed-in layout: guard, header with links, the organisation, the user's e-mail and sign-out. */
export function AppLayout() {
  const consent = useConsent();
  return (
    <RequireAuth>
      <div className="flex min-h-screen flex-col">
        <PageTracker allowed={consent.analytics} />
        <EnvironmentBanner />
        <Header />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          <PageOrAccessLost />
        </main>
        <SiteFooter onManageCookies={consent.openPreferences} />
      </div>
    </RequireAuth>
  );
}
