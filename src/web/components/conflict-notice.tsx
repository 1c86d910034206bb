import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component.ts';
import type { ConflictNoticeProps } from './conflict-notice-content.tsx';

// The notice shows only after a stale save's 409: its code is no part of a form's first load
// (docs/decisions/0041-first-load-javascript.md); fetched once the page has painted.
const { Component: ConflictNoticeContent, usePreload } = lazyComponent(
  () => import('./conflict-notice-content.tsx'),
  (m) => m.default,
);

/**
 * A stale version's 409 in a form (src/web/lib/versions.ts, ./conflict-notice-content.tsx):
 * who saved meanwhile and when, the fields they changed (before / now), « Recharger » and
 * « Garder mes modifications ». Nothing while there is no conflict.
 */
export function ConflictNotice<R, I>(props: ConflictNoticeProps<R, I>) {
  usePreload();
  if (!props.conflict.state) return null;
  const Content = ConflictNoticeContent as (p: ConflictNoticeProps<R, I>) => ReactNode;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
