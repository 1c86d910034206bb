import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import ConsentBanner from '../features/consent/consent-banner.tsx';
import { PricingSection } from '../features/marketing/pricing-section.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { LandingContent } from '../pages/landing-page.tsx';

/** A first visitor's view: no session, no config, nothing decided about cookies. */
function render(node: ReactNode): string {
  const client = new QueryClient();
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The landing page as HTML, from the app's own components (issue 20: a first visit of / loads
 * no React, docs/decisions/0041-first-load-javascript.md): the page, the cookie banner shown
 * by src/web/landing/landing-script.ts until a decision, and the pricing section with the
 * yearly period, which the script's « Mensuel / Annuel » switch copies from.
 * Run at build time by scripts/prerender-landing.mjs.
 */
export function renderLanding() {
  return {
    page: render(
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<LandingContent />} />
        </Route>
      </Routes>,
    ),
    consentBanner: render(<ConsentBanner />),
    yearlyPricing: render(<PricingSection initialPeriod="yearly" />),
  };
}
