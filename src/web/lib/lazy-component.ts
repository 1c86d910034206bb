import { lazy, useEffect, type ComponentType } from 'react';

/**
 * A component whose code loads apart from its page (a form the page shows only on demand),
 * with `usePreload()` to fetch that code in the background once the page has painted, so
 * opening the form stays instant while the page's first load stays light.
 */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const Component = lazy(async () => ({ default: pick(await load()) }));
  const usePreload = () =>
    useEffect(() => {
      void load();
    }, []);
  return { Component, usePreload };
}
