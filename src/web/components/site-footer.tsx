import { Link } from 'react-router';
import { CIQUAL_ATTRIBUTION } from '../../shared/ciqual.ts';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl space-y-3 px-4 py-8 text-sm text-stone-600">
        <p className="font-semibold text-stone-800">
          <Link to="/">NutriCarte</Link> · nutrition, allergènes et menus digitaux pour la restauration
        </p>
        <p className="text-xs leading-relaxed text-stone-500" data-testid="ciqual-attribution">
          {CIQUAL_ATTRIBUTION}
        </p>
      </div>
    </footer>
  );
}
