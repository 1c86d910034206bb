import { Link, Outlet } from 'react-router';
import { EnvironmentBanner } from '../components/environment-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { useMe } from '../lib/queries.ts';

function TopBar() {
  const { data: me } = useMe();
  return (
    <header className="border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          NutriCarte
        </Link>
        <nav aria-label="Navigation" className="hidden items-center gap-5 text-sm text-stone-700 md:flex">
          <a href="/#fonctionnalites" className="hover:text-brand-700">
            Fonctionnalités
          </a>
          <a href="/#comment-ca-marche" className="hover:text-brand-700">
            Comment ça marche
          </a>
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
              <Link to="/auth" state={{ mode: 'sign-up' }} className={buttonClass('primary', 'sm')}>
                S'inscrire
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/** Public layout of /, /auth and the marketing pages. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <EnvironmentBanner />
      <TopBar />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
