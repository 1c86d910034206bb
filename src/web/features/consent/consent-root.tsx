import { lazy, Suspense } from 'react';
import { useConsent } from './use-consent.ts';

// A returning visitor who has decided loads neither: only the tiny store ships with the page.
const ConsentBanner = lazy(() => import('./consent-banner.tsx'));
const ConsentDialog = lazy(() => import('./consent-dialog.tsx'));

/** Mounted once for the whole app: the banner until a decision, the dialog when asked for. */
export function ConsentRoot() {
  const { decided, preferencesOpen } = useConsent();
  // Two boundaries: loading the dialog must not hide the banner behind a fallback.
  return (
    <>
      <Suspense fallback={null}>{!decided && <ConsentBanner />}</Suspense>
      <Suspense fallback={null}>{preferencesOpen && <ConsentDialog />}</Suspense>
    </>
  );
}
