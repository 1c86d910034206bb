import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { DashboardSummary } from './first-hour.ts';

const plural = (n: number, one: string, many: string) => `${n}\u00a0${n > 1 ? many : one}`;

/** What needs the owner's hand now, each line linking to where it is fixed (docs/decisions/0024). */
export function LivingSummary({ summary }: { summary: DashboardSummary }) {
  const lines = [
    {
      id: 'unverified',
      value: plural(summary.unverifiedRecipes, 'recette', 'recettes'),
      text: 'aux allergènes non vérifiés',
      to: '/recipes?allergenes=non-verifies',
      warn: summary.unverifiedRecipes > 0,
    },
    {
      id: 'no-price',
      value: plural(summary.dishesWithoutPrice, 'plat', 'plats'),
      text: 'sans prix',
      to: '/menus',
      warn: summary.dishesWithoutPrice > 0,
    },
    {
      id: 'no-qr',
      value: plural(summary.menusWithoutQr, 'menu actif', 'menus actifs'),
      text: 'sans code QR',
      to: '/qr-codes',
      warn: summary.menusWithoutQr > 0,
    },
    {
      id: 'scans',
      value: plural(summary.weekScans, 'scan', 'scans'),
      text: 'ces 7 derniers jours',
      to: '/qr-codes',
      warn: false,
    },
  ];
  return (
    <section aria-labelledby="summary-title" data-testid="living-summary">
      <h2 id="summary-title" className="text-heading font-semibold">
        En ce moment
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {lines.map((line) => (
          <li key={line.id}>
            <Link
              to={line.to}
              data-testid={`summary-${line.id}`}
              className={cn(
                'block h-full rounded-card border bg-white p-4 shadow-sm hover:border-brand-600',
                line.warn ? 'border-orange-300' : 'border-stone-200',
              )}
            >
              <span className={cn('block text-section font-bold', line.warn ? 'text-orange-800' : 'text-stone-900')}>
                {line.value}
              </span>
              <span className="block text-small text-stone-600">{line.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
