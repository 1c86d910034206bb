import { useQueries } from '@tanstack/react-query';
import { sectionsQuery, useMenus } from '../../features/menus/api.ts';
import { qrScanStatsQuery, useQrCodes } from '../../features/qr/api.ts';
import { useRecipeCounts } from '../../features/recipes/api.ts';
import { PREFETCHED_FRESH_MS } from '../../lib/queries.ts';
import type { DashboardData } from './first-hour.ts';
import { WEEK_DAYS } from './prefetch.ts';

/**
 * The dashboard's data, read from the existing routes (docs/product/api.md): recipe counts, menus
 * and their sections, QR codes and their scans of the last 7 days. Under the features' query
 * keys, so any change elsewhere in the app refreshes the dashboard. `null` while loading.
 * A first visit has usually fetched all of it before the page renders (./prefetch.ts): answers
 * younger than PREFETCHED_FRESH_MS are taken as they are.
 */
export function useDashboardData(): DashboardData | null {
  const staleTime = PREFETCHED_FRESH_MS;
  // Counts, never the whole list: 2,000 recipes would be megabytes (bench/growth.ts).
  const recipes = useRecipeCounts({ staleTime });
  const menus = useMenus({ staleTime });
  const qrCodes = useQrCodes({ staleTime });
  const sections = useQueries({
    queries: (menus.data ?? []).map((menu) => ({ ...sectionsQuery(menu.id), staleTime })),
  });
  const stats = useQueries({
    queries: (qrCodes.data ?? []).map((code) => ({ ...qrScanStatsQuery(code.id, WEEK_DAYS), staleTime })),
  });
  if (!recipes || !menus.data || !qrCodes.data || sections.some((s) => !s.data) || stats.some((s) => !s.data))
    return null;
  return {
    recipes,
    menus: menus.data,
    sections: Object.fromEntries(menus.data.map((menu, i) => [menu.id, sections[i]!.data!])),
    qrCodes: qrCodes.data,
    weekScans: stats.reduce((sum, s) => sum + s.data!.total, 0),
  };
}
