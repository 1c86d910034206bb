import { useQueries } from '@tanstack/react-query';
import type { MenuSection } from '../../../shared/api/menus.ts';
import type { QrScanStats } from '../../../shared/api/qr.ts';
import { useMenus, sectionsQueryKey } from '../../features/menus/api.ts';
import { qrCodesQueryKey, useQrCodes } from '../../features/qr/api.ts';
import { useRecipeCounts } from '../../features/recipes/api.ts';
import { api } from '../../lib/api.ts';
import type { DashboardData } from './first-hour.ts';

const WEEK_DAYS = 7;

/**
 * The dashboard's data, read from the existing routes (docs/product/api.md): recipe counts, menus
 * and their sections, QR codes and their scans of the last 7 days. Under the features' query
 * keys, so any change elsewhere in the app refreshes the dashboard. `null` while loading.
 */
export function useDashboardData(): DashboardData | null {
  // Counts, never the whole list: 2,000 recipes would be megabytes (bench/growth.ts).
  const recipes = useRecipeCounts();
  const menus = useMenus();
  const qrCodes = useQrCodes();
  const sections = useQueries({
    queries: (menus.data ?? []).map((menu) => ({
      queryKey: sectionsQueryKey(menu.id),
      queryFn: async () => (await api<{ sections: MenuSection[] }>(`/api/menus/${encodeURIComponent(menu.id)}/sections`)).sections,
    })),
  });
  const stats = useQueries({
    queries: (qrCodes.data ?? []).map((code) => ({
      queryKey: [...qrCodesQueryKey, code.id, 'stats', WEEK_DAYS],
      queryFn: () => api<QrScanStats>(`/api/qr-codes/${encodeURIComponent(code.id)}/stats?days=${WEEK_DAYS}`),
    })),
  });
  if (!recipes || !menus.data || !qrCodes.data || sections.some((s) => !s.data) || stats.some((s) => !s.data)) return null;
  return {
    recipes,
    menus: menus.data,
    sections: Object.fromEntries(menus.data.map((menu, i) => [menu.id, sections[i]!.data!])),
    qrCodes: qrCodes.data,
    weekScans: stats.reduce((sum, s) => sum + s.data!.total, 0),
  };
}
