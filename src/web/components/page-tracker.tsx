import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackedPath } from '../../shared/page-types.ts';
import { api } from '../lib/api.ts';
import { useMe } from '../lib/queries.ts';

/** docs/product/spec.md section 9: page tracking 100 ms after navigation. */
const PAGE_TRACKING_DELAY_MS = 100;

/**
 * First-party page tracking of a signed-in owner's pages (public, dashboard and admin
 * types), only with the « Mesure d'audience » consent (`allowed`). Anonymous visitors are
 * not tracked, and no third-party script is involved. A path that holds a secret (an
 * invitation's token) is recorded without it.
 */
export function PageTracker({ allowed }: { allowed: boolean }) {
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  useEffect(() => {
    if (!signedIn || !allowed) return;
    const timer = setTimeout(() => {
      api('/api/tracking/page-views', { method: 'POST', body: { path: trackedPath(pathname) } }).catch(() => {});
    }, PAGE_TRACKING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, signedIn, allowed]);
  return null;
}
