/**
 * Sonner's `toast`, loaded on the first call: a toast only follows an action, so its code
 * (9 kB gzip) stays out of every page's first load (docs/decisions/0022
 * « First-load JavaScript »). Calls keep their order: each waits on the same module promise.
 * The toaster itself mounts lazily too (src/web/main.tsx).
 */
type Toast = typeof import('sonner').toast;

let sonner: Promise<typeof import('sonner')> | undefined;
const load = () => (sonner ??= import('sonner'));

const later =
  <K extends 'success' | 'error' | 'info' | 'warning' | 'dismiss'>(kind: K) =>
  (...args: Parameters<Toast[K]>): void => {
    void load().then(({ toast }) => (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args));
  };

export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  warning: later('warning'),
  dismiss: later('dismiss'),
};
