import { lazy, use, useEffect, type ComponentType } from 'react';

/** What a lazy component waits for on the server: nothing that ever comes. */
const NEVER = new Promise<never>(() => {});

/**
 * A component whose code loads apart from its page (a form the page shows only on demand),
 * with `usePreload()` to fetch that code in the background once the page has painted, so
 * opening the form stays instant while the page's first load stays light.
 * On the server (the first paint, src/web/shell/render-shell.tsx) it never loads: its
 * Suspense fallback stands in on every render, as on the app's first render, instead of the
 * real component from the second page load on.
 */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const Component: ComponentType<P> = import.meta.env.SSR
    ? function ServerStandIn() {
        use(NEVER);
        return null;
      }
    : lazy(async () => ({ default: pick(await load()) }));
  const usePreload = () =>
    useEffect(() => {
      void load();
    }, []);
  return { Component, usePreload };
}
