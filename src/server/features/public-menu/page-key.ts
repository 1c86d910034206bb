/**
 * The cache key of a public page: the menu id and the FULL query, normalized (parameters
 * sorted by name, stable for equal names; `+` and %-escapes read then written back one way).
 * Any parameter a page may read (a language, allergens to hide…) is part of the key without
 * this code knowing it; `?b=2&a=1` and `?a=1&b=2` share one entry; an empty query is the bare id.
 * docs/decisions/0022-performance-at-the-physical-limit.md « Cache key ».
 */
export function pageKey(menuId: string, search: string): string {
  if (search === '' || search === '?') return menuId;
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${menuId}?${query}` : menuId;
}

/** The path and query of a request target (`/menu/x?a=1` → ['/menu/x', '?a=1']). */
export function splitTarget(target: string): [path: string, search: string] {
  const at = target.indexOf('?');
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at)];
}
