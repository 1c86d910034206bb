import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { matchRoutes, MemoryRouter, Route, Routes } from 'react-router';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import { AppLayout } from '../layouts/app-layout.tsx';
import { meQuery, publicConfigQuery } from '../lib/queries.ts';
import DashboardPage from '../pages/dashboard-page.tsx';
import { routes, type RouteHandle } from '../router.tsx';

/** Whether `pathname` is a page of the signed-in layout (src/server/lib/static.ts paints only those). */
export function isAppLayoutPath(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(({ route }) => (route.handle as RouteHandle | undefined)?.appLayout === true);
}

/**
 * The signed-in layout's first paint, rendered by the server for a page load with a session
 * (src/server/lib/static.ts, docs/decisions/0028-server-first-paint.md): the header with the
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
