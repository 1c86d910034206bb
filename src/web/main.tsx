import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ConsentRoot } from './features/consent/consent-root.tsx';
import { ApiError } from './lib/api.ts';
import { meQuery } from './lib/queries.ts';
import { AppRoutes, preloadRoutes } from './router.tsx';
import './styles.css';

// Toasts appear only after an action: their code loads after the first paint.
const AppToaster = lazy(() => import('./components/app-toaster.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// The first page's code, its data and the session are fetched together, before React's first render.
preloadRoutes(window.location.pathname, queryClient);
void queryClient.prefetchQuery(meQuery);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
      <ConsentRoot />
    </QueryClientProvider>
  </StrictMode>,
);
