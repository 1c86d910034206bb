import { lazy, startTransition, StrictMode, Suspense, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ConsentRoot } from './features/consent/consent-root.tsx';
import { ApiError } from './lib/api.ts';
import { meQuery, publicConfigQuery } from './lib/queries.ts';
import { AppRoutes, preloadRoutes } from './router.tsx';
import './styles.css';

// Toasts appear only after an action: their code loads after the first paint.
const AppToaster = lazy(() => import('./components/app-toaster.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// The first page's code, its data and the session are fetched together, before React's first
// render. (A failed load is tried again when the page renders, and says so then.)
const pageCode = preloadRoutes(window.location.pathname, queryClient).catch(() => undefined);
const session = queryClient.prefetchQuery(meQuery);

const container = document.getElementById('root')!;

/**
 * The built page's `<title>` (or the one the server painted) gives way to the first title React
 * renders, which it puts first, whenever that comes: with the first commit, or later for a page
 * that renders its title once its data is in (the printable documents). A head holds one title
 * (RGAA 8.2, docs/decisions/0040-rgaa-public-pages.md, docs/decisions/0047-rgaa-signed-in-space.md).
 */
const builtTitle = document.head.querySelector('title');
const titles = new MutationObserver(() => {
  if (document.head.querySelectorAll('title').length < 2) return;
  builtTitle?.remove();
  titles.disconnect();
});
if (builtTitle) titles.observe(document.head, { childList: true });

/** The app's first commit: the server's first paint is gone (e2e waits on this to measure the page). */
function FirstCommit() {
  useLayoutEffect(() => {
    container.removeAttribute('data-first-paint');
  }, []);
  return null;
}

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
        <ConsentRoot />
        <FirstCommit />
      </QueryClientProvider>
    </StrictMode>,
  );

// The server painted the signed-in layout first (src/server/web-app/static.ts): it stays until the
// page's code, the session and the settings are in, so the first render replaces it in one
// commit, nothing blank or moved in between (docs/decisions/0028-server-first-paint.md).
// That render is a transition: React renders it in slices of a few milliseconds, so a phone's
// main thread stays free to answer a tap meanwhile (the page is already on screen).
if (container.hasAttribute('data-first-paint')) {
  // A signed-out page's paint (/auth) takes typing before the app comes: it is handed over
  // (src/web/lib/form-draft.ts, loaded with the page that uses it, not with every page).
  const painted = container.querySelector('form')
    ? import('./lib/form-draft.ts').then(({ followPaintedForm }) => followPaintedForm(container)).catch(() => undefined)
    : null;
  void Promise.all([pageCode, session, queryClient.prefetchQuery(publicConfigQuery), painted]).then(() =>
    startTransition(render),
  );
} else {
  render();
}
