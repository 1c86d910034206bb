/**
 * A value made on first use, then kept. For Intl formatters above all: the first
 * `Intl.NumberFormat` or `Intl.DateTimeFormat` a page makes costs 35–60 ms of ICU loading in
 * Chromium on this host (any locale; `Intl.PluralRules` costs 1–2 ms), four times that on
 * Lighthouse's simulated phone. Made at a module's top level, every page that imports the
 * module pays it before its first render, whether it formats anything or not (/auth did, for
 * `countOf`'s integers: docs/decisions/0030-first-load-on-a-slow-phone.md).
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/**
 * A module or client loaded on first use, then kept; a failed load is tried again on the next
 * use. For the server's packages needed now and then (sharp, nodemailer, the S3 SDK): imported
 * at start they cost the start about 0.6 s (docs/decisions/0031 « Start »).
 */
export function loadedOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
