import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Label, LabelFormat, LabelSettingsInput, TemoinDay } from '../../../shared/api/labels.ts';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/recipes/:id/label once (the saved version a conflict notice compares with). */
export const fetchLabel = (recipeId: string, signal?: AbortSignal) =>
  api<Label>(`/api/recipes/${recipeId}/label`, { signal });

/** GET /api/recipes/:id/label: the label as it prints today (docs/product/labels.md). */
export function useLabel(recipeId: string) {
  return useQuery({
    queryKey: queryKeys.label(recipeId),
    queryFn: ({ signal }) => fetchLabel(recipeId, signal),
    enabled: recipeId !== '',
  });
}

/** PUT /api/recipes/:id/label with the version the form was opened on (a stale one: 409). */
export function useSaveLabelSettings(recipeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelSettingsInput) => api<Label>(`/api/recipes/${recipeId}/label`, { method: 'PUT', body }),
    onSuccess: (label) => queryClient.setQueryData(queryKeys.label(recipeId), label),
  });
}

/** GET /api/meal-plans/:establishmentId/temoins?date=: the day's plats témoins. */
export function useTemoinDay(establishmentId: string, date: string) {
  return useQuery({
    queryKey: queryKeys.temoins(establishmentId, date),
    queryFn: ({ signal }) =>
      api<TemoinDay>(`/api/meal-plans/${establishmentId}/temoins?date=${encodeURIComponent(date)}`, { signal }),
    enabled: establishmentId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

/** What a print asks for, as the PDF routes read it. */
export interface PrintChoice {
  format: LabelFormat;
  copies: string;
  skip: string;
  date: string;
  lot?: string;
  shelfLifeDays?: string;
  net?: string;
  grid: {
    columns: string;
    rows: string;
    width: string;
    height: string;
    top: string;
    left: string;
    gapX: string;
    gapY: string;
  };
}

/** The PDF's address with the print's choices (empty ones left out; French decimals sent with a dot). */
export function pdfHref(path: string, choice: PrintChoice, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string | undefined) => {
    const text = value?.trim().replace(',', '.');
    if (text) params.set(key, text);
  };
  put('format', choice.format);
  put('copies', choice.copies);
  put('skip', choice.skip);
  put('date', choice.date);
  put('lot', choice.lot);
  put('shelfLifeDays', choice.shelfLifeDays);
  put('net', choice.net);
  if (choice.format === 'a4-grid') for (const [key, value] of Object.entries(choice.grid)) put(key, value);
  for (const [key, value] of Object.entries(extra)) put(key, value);
  return `${path}?${params.toString()}`;
}
