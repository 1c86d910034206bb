import { dinerView, viewKey, type DinerView } from './diner-view.ts';

/** What a request for a public page asks for: the view to render, and the key of its bytes. */
export interface PageRequest {
  view: DinerView;
  /** `<menu id>|<language>|<avoided allergens>`: everything a page's bytes depend on besides the menu's rows. */
  key: string;
}

interface KnownView {
  view: DinerView;
  /** `|<language>|<avoided allergens>` (src/server/features/public-menu/diner-view.ts `viewKey`). */
  suffix: string;
}

const MEMO_LIMIT = 256;
const byQuery = new Map<string, KnownView>();
const byHeader = new Map<string, KnownView>();

function known(memo: Map<string, KnownView>, text: string, view: DinerView, keep = true): KnownView {
  const entry = { view, suffix: `|${viewKey(view)}` };
  // Browsers repeat a few values; a hostile variety stays bounded (past it, views are simply not remembered).
  if (keep && memo.size < MEMO_LIMIT) memo.set(text, entry);
  return entry;
}

/**
 * The view and cache key of `GET /menu/:id<search>` with this Accept-Language: the same for
 * the app's route (src/server/features/public-menu/routes.ts) and the diner's lane
 * (src/server/diner-lane.ts), so both serve one kept copy. The view is what the diner chose
 * (src/server/features/public-menu/diner-view.ts: `?lang=`, else Accept-Language; `?sans=`),
 * so a query the page ignores (`?utm_source=…`, a cache-buster) shares the entry of the page
 * it shows, and the number of entries per menu is bounded by the views, not by the URLs.
 * docs/decisions/0022-performance-at-the-physical-limit.md « Cache key ».
 */
export function pageRequest(menuId: string, search: string, acceptLanguage: string | undefined): PageRequest {
  // dinerView reads the first 1,000 characters of the header: the rest cannot change the view.
  const header = (acceptLanguage ?? '').slice(0, 1000);
  const { view, suffix } = search.length > 1 ? queryView(search, header) : headerView(header);
  return { view, key: menuId + suffix };
}

function headerView(header: string): KnownView {
  return byHeader.get(header) ?? known(byHeader, header, dinerView({}, header));
}

function queryView(search: string, header: string): KnownView {
  const text = `${search}\n${header}`;
  const kept = byQuery.get(text);
  if (kept) return kept;
  const params = new URLSearchParams(search);
  const view = dinerView({ lang: params.getAll('lang'), sans: params.getAll('sans') }, header);
  return known(byQuery, text, view, search.length <= 512);
}

/** The path and query of a request target (`/menu/x?a=1` → ['/menu/x', '?a=1']). */
export function splitTarget(target: string): [path: string, search: string] {
  const at = target.indexOf('?');
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at)];
}
