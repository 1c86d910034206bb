import type { QueryClient } from '@tanstack/react-query';
import { Suspense, use, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from './components/require-auth.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';

/**
 * Pages are split per route so a diner or a visitor loads only what its page needs. The router
 * runs in declarative mode (`useRoutes` under `BrowserRouter`, src/web/main.tsx): the data
 * router's loaders, actions and fetchers were unused and cost 13 kB gzip of every page's first
 * load (docs/decisions/0041-first-load-javascript.md). BrowserRouter updates its location in a
 * transition, so the current page stays on screen while the next page's code loads.
 *
 * A page's code loads on first use. Unlike `React.lazy`, once its code is in it renders at
 * once, without suspending a first time: the app can wait for a page's code and then replace the
 * server's first paint in one commit (src/web/main.tsx, docs/decisions/0028-server-first-paint.md).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined; // a failed load (network) is tried again at the next render
        throw error;
      },
    ));
  function LazyPage() {
    if (!Loaded) use(preload());
    const Page = Loaded!;
    return <Page />;
  }
  return Object.assign(LazyPage, { preload });
}

/** The route table of docs/product/spec.md section 2 (pages arrive with their issues). */
export const routes: RouteObject[] = [
  {
    Component: PublicLayout,
    children: [
      // A first visit of / gets the prerendered page (scripts/prerender-landing.tsx); the app
      // renders it only when a visitor navigates to it from another page.
      { path: '/', Component: lazyPage(() => import('./pages/landing-page.tsx')) },
      { path: '/auth', Component: lazyPage(() => import('./pages/auth-page.tsx')) },
      { path: '/restaurants', Component: lazyPage(() => import('./pages/marketing-restaurants-page.tsx')) },
      { path: '/restauration-collective', Component: lazyPage(() => import('./pages/marketing-collective-page.tsx')) },
      // RESET_PASSWORD_PATH and ACCOUNT_PATH of shared/api/auth.ts, written out: importing them
      // would bring zod into the landing page's bundle.
      { path: '/reset-password', Component: lazyPage(() => import('./pages/reset-password-page.tsx')) },
      // Legal pages (docs/decisions/0006-accounts-and-data-rights.md): paths in src/shared/legal.ts.
      { path: '/mentions-legales', Component: lazyPage(() => import('./pages/legal-notice-page.tsx')) },
      { path: '/confidentialite', Component: lazyPage(() => import('./pages/privacy-policy-page.tsx')) },
      { path: '/conditions-generales', Component: lazyPage(() => import('./pages/terms-page.tsx')) },
      // ACCESSIBILITY_PATH of shared/accessibility.ts: the RGAA statement (docs/decisions/0040-rgaa-public-pages.md).
      { path: '/accessibilite', Component: lazyPage(() => import('./pages/accessibility-statement-page.tsx')) },
      // The link mailed to an invited member, signed in or not.
      { path: '/invitation/:token', Component: lazyPage(() => import('./pages/invitation-page.tsx')) },
    ],
  },
  {
    // The signed-in layout and its header load with the first signed-in page, not with the landing.
    Component: lazyPage(async () => ({ default: (await import('./layouts/app-layout.tsx')).AppLayout })),
    handle: { appLayout: true } satisfies RouteHandle,
    children: [
      {
        path: '/dashboard',
        Component: lazyPage(() => import('./pages/dashboard-page.tsx')),
        handle: {
          prefetch: () => import('./pages/dashboard/prefetch.ts').then((m) => m.prefetchDashboard),
        } satisfies RouteHandle,
      },
      { path: '/subscription', Component: lazyPage(() => import('./pages/subscription-page.tsx')) },
      { path: '/recipes', Component: lazyPage(() => import('./pages/recipes-page.tsx')) },
      // The « Coûts » table, linked from « Mes Recettes ».
      { path: '/recipes/couts', Component: lazyPage(() => import('./pages/costs-page.tsx')) },
      // The organisation's own products (docs/product/products.md).
      { path: '/produits', Component: lazyPage(() => import('./pages/products-page.tsx')) },
      // The organisation's prices of Ciqual foods (docs/product/costs.md).
      { path: '/produits/prix', Component: lazyPage(() => import('./pages/ingredient-prices-page.tsx')) },
      // Supplier invoices, prices and sales (docs/product/purchases.md).
      { path: '/achats', Component: lazyPage(() => import('./pages/purchases-page.tsx')) },
      { path: '/achats/:id', Component: lazyPage(() => import('./pages/invoice-page.tsx')) },
      { path: '/achats/tarifs/:id', Component: lazyPage(() => import('./pages/price-list-page.tsx')) },
      { path: '/prix', Component: lazyPage(() => import('./pages/prices-page.tsx')) },
      { path: '/ventes', Component: lazyPage(() => import('./pages/sales-page.tsx')) },
      { path: '/menus', Component: lazyPage(() => import('./pages/menus-page.tsx')) },
      { path: '/menu-editor/:id?', Component: lazyPage(() => import('./pages/menu-editor-page.tsx')) },
      { path: '/menus/:menuId', Component: lazyPage(() => import('./pages/menu-editor-page.tsx')) },
      { path: '/qr-codes', Component: lazyPage(() => import('./pages/qr-codes-page.tsx')) },
      { path: '/admin', Component: lazyPage(() => import('./pages/admin-page.tsx')) },
      { path: '/account', Component: lazyPage(() => import('./pages/account-page.tsx')) },
      // The organisation's pages (docs/product/organisations.md).
      { path: '/equipe', Component: lazyPage(() => import('./pages/team-page.tsx')) },
      { path: '/etablissements', Component: lazyPage(() => import('./pages/establishments-page.tsx')) },
      { path: '/historique', Component: lazyPage(() => import('./pages/history-page.tsx')) },
      // Every page of the signed-in space, linked from its footer (RGAA 12.1, docs/decisions/0047).
      { path: '/plan-du-site', Component: lazyPage(() => import('./pages/site-map-page.tsx')) },
      // API keys, webhooks and the embed (docs/product/integrations.md).
      { path: '/integrations', Component: lazyPage(() => import('./pages/integrations-page.tsx')) },
      // Collective catering (docs/decisions/0021-meal-plans-gemrcn-egalim.md).
      { path: '/plans-de-menus', Component: lazyPage(() => import('./pages/meal-plans-page.tsx')) },
      // Labels (docs/product/labels.md): a recipe's, a menu's dishes', a planned day's plats témoins.
      { path: '/recipes/:id/etiquette', Component: lazyPage(() => import('./pages/recipe-label-page.tsx')) },
      { path: '/menus/:id/etiquettes', Component: lazyPage(() => import('./pages/menu-labels-page.tsx')) },
      {
        path: '/plans-de-menus/:establishmentId/temoins',
        Component: lazyPage(() => import('./pages/temoins-page.tsx')),
      },
    ],
  },
  // Payment return pages: no layout (docs/product/spec.md « Layout »), public.
  { path: '/payment-success', Component: lazyPage(() => import('./pages/payment-success-page.tsx')) },
  { path: '/payment-cancel', Component: lazyPage(() => import('./pages/payment-cancel-page.tsx')) },
  // Demo payment provider (docs/product/decisions.md 4): no layout, signed in.
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: '/demo/checkout/:id', Component: lazyPage(() => import('./pages/demo-checkout-page.tsx')) },
      { path: '/demo/portal', Component: lazyPage(() => import('./pages/demo-portal-page.tsx')) },
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
      { path: '/recipes/:id/fiche', Component: lazyPage(() => import('./pages/print-recipe-page.tsx')) },
      { path: '/menus/:id/allergenes', Component: lazyPage(() => import('./pages/print-allergens-page.tsx')) },
      { path: '/menus/:id/carte', Component: lazyPage(() => import('./pages/print-carte-page.tsx')) },
      { path: '/qr-codes/:id/carte', Component: lazyPage(() => import('./pages/print-qr-card-page.tsx')) },
      {
        path: '/plans-de-menus/:establishmentId/affiche',
        Component: lazyPage(() => import('./pages/print-week-poster-page.tsx')),
      },
      {
        path: '/plans-de-menus/:establishmentId/affiche-egalim',
        Component: lazyPage(() => import('./pages/print-egalim-poster-page.tsx')),
      },
      {
        path: '/plans-de-menus/:establishmentId/production',
        Component: lazyPage(() => import('./pages/print-production-page.tsx')),
      },
      {
        path: '/plans-de-menus/:establishmentId/commandes',
        Component: lazyPage(() => import('./pages/print-orders-page.tsx')),
      },
    ],
  },
  // A mistyped address is rare: its page is no part of every page's first load.
  { path: '*', Component: lazyPage(() => import('./pages/not-found-page.tsx')) },
];

/** A route's extras: `prefetch` loads a function that fetches the page's data into the cache. */
export interface RouteHandle {
  prefetch?: () => Promise<(queryClient: QueryClient) => void>;
  /** The signed-in layout (header, page, footer), which the server can paint first. */
  appLayout?: true;
}

/**
 * Starts loading the code of every route matching `pathname` at once (the signed-in layout and
 * its page, rather than one after the other as they render), and, when the server saw a session
 * cookie (`data-session` on <html>, src/server/web-app/static.ts), the data of a page that says how
 * to fetch it, beside GET /api/me rather than after the page has rendered. Settles once the
 * pages' code is in (a load that failed is tried again when the page renders).
 */
export function preloadRoutes(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const signedIn = document.documentElement.hasAttribute('data-session');
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const component = route.Component as { preload?: () => Promise<unknown> } | null | undefined;
    if (component?.preload) loads.push(component.preload());
    const prefetch = (route.handle as RouteHandle | undefined)?.prefetch;
    if (signedIn && prefetch)
      void prefetch().then(
        (run) => run(queryClient),
        () => undefined,
      );
  }
  return Promise.all(loads);
}

/** The page of the current address; nothing while its code loads on a first visit. */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}
