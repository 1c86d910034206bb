import type { QueryClient } from '@tanstack/react-query';
import { menusQuery, sectionsQuery } from '../../features/menus/api.ts';
import { qrCodesQuery, qrScanStatsQuery } from '../../features/qr/api.ts';
import { recipeCountQuery } from '../../features/recipes/api.ts';

/** The dashboard's « scans de la semaine ». */
export const WEEK_DAYS = 7;

/**
 * Fetches the dashboard's data as soon as the page is opened, beside GET /api/me and the page's
 * code (src/web/router.tsx `preloadRoutes`), instead of after the layout and the page have
 * rendered; each menu's sections and each code's week of scans as soon as the lists arrive.
 * Two round trips fewer before the dashboard shows (bench/lighthouse.ts measures it on a phone
 * profile). Errors are left to the page's own queries, which retry and say so.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(recipeCountQuery('declared'));
  void queryClient.prefetchQuery(recipeCountQuery('unverified'));
  void queryClient.fetchQuery(menusQuery).then(
    (menus) => menus.forEach((menu) => void queryClient.prefetchQuery(sectionsQuery(menu.id))),
    () => undefined,
  );
  void queryClient.fetchQuery(qrCodesQuery).then(
    (codes) => codes.forEach((code) => void queryClient.prefetchQuery(qrScanStatsQuery(code.id, WEEK_DAYS))),
    () => undefined,
  );
}
