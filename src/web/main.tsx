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
 * The app's first commit: the server's first paint is gone (e2e waits on this to measure the
 * page), and so is the built page's `<title>` behind the page's own, which React put first: a
 * head holds one title (RGAA 8.2, docs/decisions/0040-rgaa-public-pages.md).
 */
function FirstCommit() {
  useLayoutEffect(() => {
    container.removeAttribute('data-first-paint');
    document.head.querySelectorAll('title')[1]?.remove();
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
