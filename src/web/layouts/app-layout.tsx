import { NavLink, Outlet } from 'react-router';
import { PageTracker } from '../components/page-tracker.tsx';
import { RequireAuth } from '../components/require-auth.tsx';
import { EnvironmentBanner } from '../components/environment-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { Button } from '../components/ui/button.tsx';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { useConsent } from '../features/consent/use-consent.ts';
import { useMe } from '../lib/queries.ts';
import { cn } from '../lib/cn.ts';

const links = [
  { to: '/dashboard', label: 'Tableau de bord' },
  { to: '/recipes', label: 'Mes Recettes' },
  { to: '/menus', label: 'Mes Menus' },
  { to: '/qr-codes', label: 'Codes QR' },
  { to: '/subscription', label: 'Abonnement' },
  { to: '/account', label: 'Mon compte' },
];

function Header() {
  const { data: me } = useMe();
  const signOut = useSignOut();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <NavLink to="/dashboard" className="text-lg font-bold text-brand-700">
          NutriCarte
        </NavLink>
        <div className="flex min-w-0 items-center gap-3">
          <NavLink to="/account" title="Mon compte" className="hidden truncate text-sm text-stone-600 hover:text-brand-800 hover:underline sm:inline" data-testid="user-email">
            {me?.user.email}
          </NavLink>
          <Button variant="secondary" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Se déconnecter
          </Button>
        </div>
      </div>
      <nav aria-label="Navigation principale" className="mx-auto max-w-6xl overflow-x-auto px-2">
        <ul className="flex gap-1 pb-2">
          {links.map((link) => (
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
      <NavLink to="/account" className="block truncate px-4 pb-2 text-xs text-stone-500 sm:hidden">
        {me?.user.email}
      </NavLink>
    </header>
  );
}

/** Signed-in layout: guard, header with links, the user's e-mail and sign-out. */
export function AppLayout() {
  const consent = useConsent();
  return (
    <RequireAuth>
      <div className="flex min-h-screen flex-col">
        <PageTracker allowed={consent.analytics} />
        <EnvironmentBanner />
        <Header />
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          <Outlet />
        </main>
        <SiteFooter onManageCookies={consent.openPreferences} />
      </div>
    </RequireAuth>
  );
}
