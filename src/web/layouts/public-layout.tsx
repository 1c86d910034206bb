import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { PageTracker } from '../components/page-tracker.tsx';
import { EnvironmentBanner } from '../components/environment-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { useConsent } from '../features/consent/use-consent.ts';
import { useMe } from '../lib/queries.ts';
import { cn } from '../lib/cn.ts';
import { SIGN_UP_PATH } from '../lib/auth-paths.ts';

/** Pages that carry their own pricing section: « Tarifs » stays on the page. */
const PAGES_WITH_PRICING = new Set(['/', '/restaurants', '/restauration-collective']);

const linkClass = 'whitespace-nowrap rounded-md px-2 py-1 hover:text-brand-800';

/** The four links of the header, a list (RGAA 9.3) laid out by the caller. */
function NavLinks({ className }: { className: string }) {
  const { pathname } = useLocation();
  const pricingPage = PAGES_WITH_PRICING.has(pathname) ? pathname : '/';
  const active = ({ isActive }: { isActive: boolean }) => cn(linkClass, isActive && 'font-semibold text-brand-800');
  return (
    <ul className={className}>
      <li>
        <Link to={{ pathname: '/', hash: 'fonctionnalites' }} className={linkClass}>
          Fonctionnalités
        </Link>
      </li>
      <li>
        <NavLink to="/restaurants" className={active}>
          Restaurants
        </NavLink>
      </li>
      <li>
        <NavLink to="/restauration-collective" className={active}>
          Restauration collective
        </NavLink>
      </li>
      <li>
        <Link to={{ pathname: pricingPage, hash: 'tarifs' }} className={linkClass}>
          Tarifs
        </Link>
      </li>
    </ul>
  );
}

function TopBar() {
  const { data: me } = useMe();
  return (
    <header className="border-b border-stone-200 bg-white">
      {/* Wraps rather than scrolls sideways on the narrowest screens (RGAA 10.11: 320 px). */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          NutriCarte
        </Link>
        <nav aria-label="Navigation" className="hidden text-sm text-stone-700 lg:block">
          <NavLinks className="flex items-center gap-3" />
        </nav>
        <div className="flex items-center gap-2">
          {me ? (
            <Link to="/dashboard" className={buttonClass('primary', 'sm')}>
              Tableau de bord
            </Link>
          ) : (
            <>
              <Link to="/auth" className={buttonClass('ghost', 'sm')}>
                Se connecter
              </Link>
              <Link to={SIGN_UP_PATH} className={buttonClass('primary', 'sm')}>
                S’inscrire
              </Link>
            </>
          )}
        </div>
      </div>
      {/* Phones and tablets: the same links on a second row. */}
      <nav aria-label="Navigation mobile" className="border-t border-stone-100 lg:hidden">
        <NavLinks className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-1 px-2 py-1.5 text-sm text-stone-700" />
      </nav>
    </header>
  );
}

/** Public layout of /, /auth and the marketing pages. */
export function PublicLayout() {
  const consent = useConsent();
  return (
    <div className="flex min-h-screen flex-col">
      {/* « Aller au contenu » first (RGAA 12.7); its look: .skip-link in src/web/styles.css. */}
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <PageTracker allowed={consent.analytics} />
      <EnvironmentBanner />
      <TopBar />
      <main id="contenu" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter onManageCookies={consent.openPreferences} />
    </div>
  );
}
