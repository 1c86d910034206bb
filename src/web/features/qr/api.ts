import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QrCode, QrCreateInput, QrScanStats } from '../../../shared/api/qr.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/qr-codes: usable with `useQuery` and with `queryClient.prefetchQuery` (src/web/pages/dashboard/prefetch.ts). */
export const qrCodesQuery = queryOptions({
  queryKey: queryKeys.qrCodes.all,
  queryFn: async ({ signal }) => (await api<{ qrCodes: QrCode[] }>('/api/qr-codes', { signal })).qrCodes,
});

/** Scans per day of one code over the last `days` days (Europe/Paris), the same way. */
export const qrScanStatsQuery = (id: string, days: number) =>
  queryOptions({
    // Under queryKeys.qrCodes.all: whatever refreshes the list refreshes the statistics too.
    queryKey: queryKeys.qrCodes.stats(id, days),
    queryFn: ({ signal }) => api<QrScanStats>(`/api/qr-codes/${encodeURIComponent(id)}/stats?days=${days}`, { signal }),
  });

/** `staleTime`: an answer this young is not fetched again on mount (a page whose data was prefetched). */
export function useQrCodes({ staleTime }: { staleTime?: number } = {}) {
  return useQuery({ ...qrCodesQuery, staleTime });
}

/** After any change the list and the usage counters are refetched (the limit counts existing codes). */
function useInvalidateQrCodes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.qrCodes.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
}

export function useCreateQrCode() {
  const invalidate = useInvalidateQrCodes();
  // A refused creation (plan limit) refreshes the counters too, so the button turns disabled.
  return useMutation({
    mutationFn: (input: QrCreateInput) => api<QrCode>('/api/qr-codes', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

export function useSetQrStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: QrCode['status'] }) =>
      api<QrCode>(`/api/qr-codes/${id}`, { method: 'PATCH', body: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.qrCodes.all }),
  });
}

export function useDeleteQrCode() {
  const invalidate = useInvalidateQrCodes();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/qr-codes/${id}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** Scans per day of one code over the last `days` days (Europe/Paris), fetched when `enabled`. */
export function useQrScanStats(id: string, days = 30, enabled = true) {
  return useQuery({ ...qrScanStatsQuery(id, days), enabled });
}
