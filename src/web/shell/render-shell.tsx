import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { matchRoutes, MemoryRouter, Route, Routes } from 'react-router';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import ConsentBanner from '../features/consent/consent-banner.tsx';
import { AppLayout } from '../layouts/app-layout.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { meQuery, publicConfigQuery } from '../lib/queries.ts';
import AccessibilityStatementPage from '../pages/accessibility-statement-page.tsx';
import AuthPage from '../pages/auth-page.tsx';
import DashboardPage from '../pages/dashboard-page.tsx';
import LegalNoticePage from '../pages/legal-notice-page.tsx';
import MarketingCollectivePage from '../pages/marketing-collective-page.tsx';
import MarketingRestaurantsPage from '../pages/marketing-restaurants-page.tsx';
import PrivacyPolicyPage from '../pages/privacy-policy-page.tsx';
import TermsPage from '../pages/terms-page.tsx';
import { routes, type RouteHandle } from '../router.tsx';

/** Whether `pathname` is a page of the signed-in layout (src/server/web-app/static.ts paints only those). */
export function isAppLayoutPath(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    ({ route }) => (route.handle as RouteHandle | undefined)?.appLayout === true,
  );
}

/**
 * The signed-in layout's first paint, rendered by the server for a page load with a session
 * (src/server/web-app/static.ts, docs/decisions/0028-server-first-paint.md): the header with the
 * account's organisation, and for the dashboard its greeting, which is what a phone shows
 * first. The rest of a page comes with the app, which replaces this markup in one commit once
 * its code and GET /api/me are in (src/web/main.tsx), so nothing blinks and nothing moves.
 * Built for Node by scripts/build-shell.mjs; null for a page outside the signed-in layout.
 */
export function renderAppShell(pathname: string, me: MeResponse, config: PublicConfig): string | null {
  if (!isAppLayoutPath(pathname)) return null;
  const client = new QueryClient();
  client.setQueryData(meQuery.queryKey, me);
  client.setQueryData(publicConfigQuery.queryKey, config);
  const page: ReactNode = pathname === '/dashboard' ? <DashboardPage /> : null;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[pathname]}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="*" element={page} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The signed-out pages the server paints first for a visitor without a session: /auth, and the
 * pages that must read without JavaScript (RGAA 7.2 and 10.2, docs/decisions/0040-rgaa-public-pages.md):
 * the marketing pages, the legal pages and the accessibility statement. The landing page is
 * prerendered instead (scripts/prerender-landing.mjs).
 */
const SIGNED_OUT_PAGES: Record<string, ComponentType> = {
  '/auth': AuthPage,
  '/restaurants': MarketingRestaurantsPage,
  '/restauration-collective': MarketingCollectivePage,
  '/mentions-legales': LegalNoticePage,
  '/confidentialite': PrivacyPolicyPage,
  '/conditions-generales': TermsPage,
  '/accessibilite': AccessibilityStatementPage,
};

export function isSignedOutPaintPath(pathname: string): boolean {
  return Object.hasOwn(SIGNED_OUT_PAGES, pathname);
}

/**
 * A signed-out page's first paint (src/server/web-app/static.ts, docs/decisions/0028-server-first-paint.md
 * « Signed-out pages »): /auth as a first visitor sees it, with the form of its address's mode
 * (`?mode=inscription`), the same markup as the app's first commit, which replaces it. Until
 * then the fields take typing (src/web/lib/form-draft.ts hands it over). Every button is sent
 * disabled: before the page's small script, a click would be lost and Enter or the submit
 * button would send the form to the address with its password (HTML's implicit submission).
 * The small script turns them on and makes each do what the app's would, or say what the app
 * is to do once it has come on the visitor's first move (src/web/landing/landing-script.ts,
 * docs/decisions/0030-first-load-on-a-slow-phone.md). Links work as links. The same for every
 * visitor: the server keeps it.
 */
export function renderSignedOutPage(pathname: string, search: string, config: PublicConfig): string | null {
  if (!isSignedOutPaintPath(pathname)) return null;
  const Page = SIGNED_OUT_PAGES[pathname]!;
  const client = new QueryClient();
  client.setQueryData(meQuery.queryKey, null);
  client.setQueryData(publicConfigQuery.queryKey, config);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`${pathname}${search}`]}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="*" element={<Page />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<button(?![^>]*\sdisabled="")/g, '<button disabled=""');
}

/** The cookie banner as a first visitor sees it, shown by the page's small script until a decision (src/web/landing/landing-script.ts). */
export function renderConsentBanner(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ConsentBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
