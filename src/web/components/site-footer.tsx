import { Link } from 'react-router';
import { CIQUAL_ATTRIBUTION } from '../../shared/ciqual.ts';
import { LEGAL_PAGES } from '../../shared/legal.ts';

const linkClass = 'underline-offset-2 hover:text-brand-800 hover:underline';

/**
 * The footer of every page with a layout: legal pages, cookie settings, Ciqual attribution; in the
 * signed-in space, « Plan du site » first (src/web/pages/site-map-page.tsx).
 */
export function SiteFooter({ onManageCookies, siteMap = false }: { onManageCookies: () => void; siteMap?: boolean }) {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl space-y-3 px-4 py-8 text-sm text-stone-600">
        <p className="font-semibold text-stone-800">
          <Link to="/">NutriCarte</Link> · nutrition, allergènes et menus digitaux pour la restauration
        </p>
        <nav aria-label="Informations légales">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {siteMap && (
              <li>
                {/* The signed-in space's site map (src/web/pages/site-map-page.tsx, RGAA 12.1 and 12.4). */}
                <Link to="/plan-du-site" className={linkClass}>
                  Plan du site
                </Link>
              </li>
            )}
            {LEGAL_PAGES.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={linkClass}>
                  {page.title}
                </Link>
              </li>
            ))}
            <li>
              {/* A button: it opens the cookie settings rather than going to a page. */}
              <button type="button" onClick={onManageCookies} className={linkClass}>
                Gestion des cookies
              </button>
            </li>
          </ul>
        </nav>
        <p className="text-xs leading-relaxed text-stone-500" data-testid="ciqual-attribution">
          {CIQUAL_ATTRIBUTION}
        </p>
      </div>
    </footer>
  );
}
