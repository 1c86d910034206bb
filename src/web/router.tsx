import { createBrowserRouter } from 'react-router';
import { PublicLayout } from './layouts/public-layout.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import LandingPage from './pages/landing-page.tsx';
import NotFoundPage from './pages/not-found-page.tsx';

/** Pages are split per route so a diner or a visitor loads only what its page needs. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** The route table of SPEC.md section 2 (pages arrive with their issues). */
export const router = createBrowserRouter([
  {
    Component: PublicLayout,
    children: [
      { path: '/', Component: LandingPage },
      { path: '/auth', lazy: lazyPage(() => import('./pages/auth-page.tsx')) },
    ],
  },
  {
    Component: AppLayout,
    children: [
      { path: '/dashboard', lazy: lazyPage(() => import('./pages/dashboard-page.tsx')) },
      { path: '/recipes', lazy: lazyPage(() => import('./pages/recipes-page.tsx')) },
    ],
  },
  { path: '*', Component: NotFoundPage },
]);
