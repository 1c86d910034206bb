import { createBrowserRouter, Outlet } from 'react-router';
import { RequireAuth } from './components/require-auth.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import LandingPage from './pages/landing-page.tsx';
import NotFoundPage from './pages/not-found-page.tsx';

/** Pages are split per route so a diner or a visitor loads only what its page needs. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** The route table of docs/product/spec.md section 2 (pages arrive with their issues). */
export const router = createBrowserRouter([
  {
    Component: PublicLayout,
    children: [
      { path: '/', Component: LandingPage },
      { path: '/auth', lazy: lazyPage(() => import('./pages/auth-page.tsx')) },
      { path: '/restaurants', lazy: lazyPage(() => import('./pages/marketing-restaurants-page.tsx')) },
      { path: '/restauration-collective', lazy: lazyPage(() => import('./pages/marketing-collective-page.tsx')) },
      // RESET_PASSWORD_PATH and ACCOUNT_PATH of shared/api/auth.ts, written out: importing them
      // would bring zod into the landing page's bundle.
      { path: '/reset-password', lazy: lazyPage(() => import('./pages/reset-password-page.tsx')) },
      // Legal pages (issue 10): paths in src/shared/legal.ts.
      { path: '/mentions-legales', lazy: lazyPage(() => import('./pages/legal-notice-page.tsx')) },
      { path: '/confidentialite', lazy: lazyPage(() => import('./pages/privacy-policy-page.tsx')) },
      { path: '/conditions-generales', lazy: lazyPage(() => import('./pages/terms-page.tsx')) },
      // Issue 16: the link mailed to an invited member, signed in or not.
      { path: '/invitation/:token', lazy: lazyPage(() => import('./pages/invitation-page.tsx')) },
    ],
  },
  {
    // The signed-in layout and its header load with the first signed-in page, not with the landing.
    lazy: async () => ({ Component: (await import('./layouts/app-layout.tsx')).AppLayout }),
    children: [
      { path: '/dashboard', lazy: lazyPage(() => import('./pages/dashboard-page.tsx')) },
      { path: '/subscription', lazy: lazyPage(() => import('./pages/subscription-page.tsx')) },
      { path: '/recipes', lazy: lazyPage(() => import('./pages/recipes-page.tsx')) },
      // Issue 17: the « Coûts » table, linked from « Mes Recettes ».
      { path: '/recipes/couts', lazy: lazyPage(() => import('./pages/costs-page.tsx')) },
      // Issue 17: the organisation's own products (docs/product/products.md).
      { path: '/produits', lazy: lazyPage(() => import('./pages/products-page.tsx')) },
      { path: '/menus', lazy: lazyPage(() => import('./pages/menus-page.tsx')) },
      { path: '/menu-editor/:id?', lazy: lazyPage(() => import('./pages/menu-editor-page.tsx')) },
      { path: '/menus/:menuId', lazy: lazyPage(() => import('./pages/menu-editor-page.tsx')) },
      { path: '/qr-codes', lazy: lazyPage(() => import('./pages/qr-codes-page.tsx')) },
      { path: '/admin', lazy: lazyPage(() => import('./pages/admin-page.tsx')) },
      { path: '/account', lazy: lazyPage(() => import('./pages/account-page.tsx')) },
      // The organisation's pages (issue 16, docs/product/organisations.md).
      { path: '/equipe', lazy: lazyPage(() => import('./pages/team-page.tsx')) },
      { path: '/etablissements', lazy: lazyPage(() => import('./pages/establishments-page.tsx')) },
      { path: '/historique', lazy: lazyPage(() => import('./pages/history-page.tsx')) },
      // Collective catering (issue 19).
      { path: '/plans-de-menus', lazy: lazyPage(() => import('./pages/meal-plans-page.tsx')) },
    ],
  },
  // Payment return pages: no layout (docs/product/spec.md « Layout »), public.
  { path: '/payment-success', lazy: lazyPage(() => import('./pages/payment-success-page.tsx')) },
  { path: '/payment-cancel', lazy: lazyPage(() => import('./pages/payment-cancel-page.tsx')) },
  // Demo payment provider (docs/product/decisions.md 4): no layout, signed in.
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: '/demo/checkout/:id', lazy: lazyPage(() => import('./pages/demo-checkout-page.tsx')) },
      { path: '/demo/portal', lazy: lazyPage(() => import('./pages/demo-portal-page.tsx')) },
    ],
  },
  // Printable documents (docs/product/decisions.md « Beyond the core »): no layout, signed in.
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: '/recipes/:id/fiche', lazy: lazyPage(() => import('./pages/print-recipe-page.tsx')) },
      { path: '/menus/:id/allergenes', lazy: lazyPage(() => import('./pages/print-allergens-page.tsx')) },
      { path: '/menus/:id/carte', lazy: lazyPage(() => import('./pages/print-carte-page.tsx')) },
      { path: '/qr-codes/:id/carte', lazy: lazyPage(() => import('./pages/print-qr-card-page.tsx')) },
      { path: '/plans-de-menus/:establishmentId/affiche', lazy: lazyPage(() => import('./pages/print-week-poster-page.tsx')) },
    ],
  },
  { path: '*', Component: NotFoundPage },
]);
