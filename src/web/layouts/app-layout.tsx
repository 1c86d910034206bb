import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LeaveGuard } from '../components/leave-guard.tsx';
import { PageTracker } from '../components/page-tracker.tsx';
import { RequireAuth } from '../components/require-auth.tsx';
import { EnvironmentBanner } from '../components/environment-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { useConsent } from '../features/consent/use-consent.ts';
import { AccessLost } from '../features/organisations/access-lost.tsx';
import { OrganisationSwitcher } from '../features/organisations/organisation-switcher.tsx';
import { useOrganisationGuard } from '../features/organisations/use-organisation-guard.ts';
import { useMe } from '../lib/queries.ts';
import { cn } from '../lib/cn.ts';
import { lazyComponent } from '../lib/lazy-component.ts';
import { AccountButton } from './account-button.tsx';
import { NAV_LINKS, useOrganisationLinks } from './app-links.ts';
import { MenuIcon } from './menu-icon.tsx';
import { Button } from '../components/ui/button.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block whitespace-nowrap rounded-control px-1.5 py-1.5 text-sm font-medium xl:px-3',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100',
  );

/** The account menu's Radix code loads after the page has painted (as the organisation menu's). */
const { Component: AccountMenu, usePreload: usePreloadAccountMenu } = lazyComponent(
  () => import('./account-menu.tsx'),
  (m) => m.AccountMenu,
);
/** The phone's « Menu » too: its Radix dialog (14 kB gzip) is no part of a page's first load (docs/decisions/0041). */
const { Component: AppMenu, usePreload: usePreloadAppMenu } = lazyComponent(
  () => import('./app-menu.tsx'),
  (m) => m.AppMenu,
);

/** « Menu » while its code loads: the same button, not yet usable. */
function AppMenuButtonLoading() {
  return (
    <Button variant="secondary" size="sm" className="lg:hidden" disabled data-testid="app-menu-button">
      <MenuIcon open={false} />
      Menu
    </Button>
  );
}

/**
 * One row (docs/decisions/0025-menu-editor-and-recipe-form.md): the brand, the working pages, the organisation switcher and the account
 * menu (« Mon compte », « Abonnement », « Se déconnecter »), from 1024 px. Below, the row did
 * not fit: every link, the organisation, the e-mail and « Se déconnecter » are in « Menu ».
 */
function Header() {
  const { data: me } = useMe();
  const organisationLinks = useOrganisationLinks();
  usePreloadAccountMenu();
  usePreloadAppMenu();
  const email = me?.user.email ?? '';
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <NavLink to="/dashboard" className="shrink-0 text-lg font-bold text-brand-700">
          NutriCarte
        </NavLink>
        <nav aria-label="Navigation principale" className="hidden min-w-0 lg:block">
          <ul className="flex gap-0.5">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {me && (
            <div className="hidden min-w-0 items-center gap-2 lg:flex">
              <OrganisationSwitcher me={me} links={organisationLinks} />
              <Suspense fallback={<AccountButton email={email} disabled />}>
                <AccountMenu email={email} />
              </Suspense>
            </div>
          )}
          <Suspense fallback={<AppMenuButtonLoading />}>
            <AppMenu me={me} organisationLinks={organisationLinks} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}

/** The page, or « Vous ne faites plus partie de l’organisation … » once a membership has ended. */
function PageOrAccessLost() {
  const { status } = useOrganisationGuard();
  return status.kind === 'lost' ? <AccessLost lost={status.lost} next={status.next} /> : <Outlet />;
}

/** Signed-in layout: guard, the one-row header, the page, the footer. */
export function AppLayout() {
  const consent = useConsent();
  return (
    <RequireAuth>
      <div className="flex min-h-screen flex-col">
        {/* « Aller au contenu » first (RGAA 12.7); its look: .skip-link in src/web/styles.css. */}
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        <PageTracker allowed={consent.analytics} />
        <LeaveGuard />
        <EnvironmentBanner />
        <Header />
        <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          <PageOrAccessLost />
        </main>
        <SiteFooter onManageCookies={consent.openPreferences} siteMap />
      </div>
    </RequireAuth>
  );
}
