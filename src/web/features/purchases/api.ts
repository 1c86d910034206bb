import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductPrice } from '../../../shared/api/purchases.ts';
import type {
  Consumption,
  EgalimPurchases,
  Engineering,
  Invoice,
  InvoiceLine,
  InvoiceSummary,
  PriceChange,
  PriceList,
  PriceListLine,
  PriceListSummary,
  PriceReport,
  PurchaseSettings,
  SalesImportResult,
} from '../../../shared/api/purchases.ts';
import { api } from '../../lib/api.ts';
import { postFileWithProgress } from '../../lib/upload-with-progress.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Supplier invoices, prices and sales (docs/product/purchases.md): the API of API.md « Purchases and sales ». */
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const useInvoices = () =>
  useQuery({
    queryKey: queryKeys.purchases.invoices,
    queryFn: async ({ signal }) =>
      (await api<{ invoices: InvoiceSummary[] }>('/api/purchases/invoices', { signal })).invoices,
  });

export const useInvoice = (id: string) =>
  useQuery({
    queryKey: queryKeys.purchases.invoice(id),
    queryFn: async ({ signal }) =>
      (await api<{ invoice: Invoice }>(`/api/purchases/invoices/${encodeURIComponent(id)}`, { signal })).invoice,
  });

/** POST /api/purchases/invoices with the file as the body, its progress reported. */
export const uploadInvoice = (file: File, onProgress: (share: number) => void) =>
  postFileWithProgress<{ invoice: Invoice }>('/api/purchases/invoices', file, onProgress);

export function useSetLineProduct(invoiceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, productId }: { lineId: string; productId: string | null }) =>
      api<{ line: InvoiceLine }>(
        `/api/purchases/invoices/${encodeURIComponent(invoiceId)}/lines/${encodeURIComponent(lineId)}`,
        { method: 'PUT', body: { productId } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.purchases.invoice(invoiceId) }),
  });
}

export function useConfirmInvoice(invoiceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { establishmentId: string | null; version: number }) =>
      api<{ invoice: Invoice; priceChanges: PriceChange[] }>(
        `/api/purchases/invoices/${encodeURIComponent(invoiceId)}/confirm`,
        { method: 'POST', body: { ...input, establishmentId: input.establishmentId ?? undefined } },
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.purchases.all }),
        client.invalidateQueries({ queryKey: queryKeys.products }),
        client.invalidateQueries({ queryKey: queryKeys.recipes.all }),
      ]),
  });
}

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/purchases/invoices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.purchases.invoices }),
  });
}

export const usePriceReport = (from: string, to: string) =>
  useQuery({
    queryKey: queryKeys.purchases.prices(from, to),
    queryFn: ({ signal }) => api<PriceReport>(`/api/purchases/prices?${q({ from, to })}`, { signal }),
  });

export const usePriceHistory = (productId: string | null) =>
  useQuery({
    queryKey: queryKeys.purchases.history(productId ?? ''),
    enabled: productId !== null,
    queryFn: async ({ signal }) =>
      (await api<{ prices: ProductPrice[] }>(`/api/products/${encodeURIComponent(productId!)}/prices`, { signal }))
        .prices,
  });

export const usePurchaseSettings = () =>
  useQuery({
    queryKey: queryKeys.purchases.settings,
    queryFn: ({ signal }) => api<PurchaseSettings>('/api/purchases/settings', { signal }),
  });

export function useSavePurchaseSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseSettings) =>
      api<PurchaseSettings>('/api/purchases/settings', { method: 'PUT', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.purchases.all }),
  });
}

export const useEgalimPurchases = (from: string, to: string) =>
  useQuery({
    queryKey: queryKeys.purchases.egalim(from, to),
    queryFn: ({ signal }) => api<EgalimPurchases>(`/api/purchases/egalim?${q({ from, to })}`, { signal }),
  });

export const useEngineering = (menuId: string | null, from: string, to: string) =>
  useQuery({
    queryKey: queryKeys.purchases.engineering(menuId ?? '', from, to),
    enabled: menuId !== null,
    queryFn: ({ signal }) =>
      api<Engineering>(`/api/menus/${encodeURIComponent(menuId!)}/engineering?${q({ from, to })}`, { signal }),
  });

export const useConsumption = (from: string, to: string) =>
  useQuery({
    queryKey: queryKeys.purchases.consumption(from, to),
    queryFn: ({ signal }) => api<Consumption>(`/api/purchases/consumption?${q({ from, to })}`, { signal }),
  });

export const uploadSales = (file: File, onProgress: (share: number) => void) =>
  postFileWithProgress<SalesImportResult>('/api/sales/import', file, onProgress);

// Suppliers' price lists (« tarifs fournisseurs », docs/product/purchases.md).
export const usePriceLists = () =>
  useQuery({
    queryKey: queryKeys.purchases.priceLists,
    queryFn: async ({ signal }) =>
      (await api<{ priceLists: PriceListSummary[] }>('/api/purchases/price-lists', { signal })).priceLists,
  });

export const usePriceList = (id: string) =>
  useQuery({
    queryKey: queryKeys.purchases.priceList(id),
    queryFn: async ({ signal }) =>
      (await api<{ priceList: PriceList }>(`/api/purchases/price-lists/${encodeURIComponent(id)}`, { signal }))
        .priceList,
  });

/** POST /api/purchases/price-lists with the file as the body; the supplier and date d'effet typed, if any, in the query. */
export const uploadPriceList = (
  file: File,
  given: { supplier: string; effectiveDate: string },
  onProgress: (share: number) => void,
) => {
  const query = q(
    Object.fromEntries(Object.entries(given).filter(([, value]) => value.trim() !== '')) as Record<string, string>,
  );
  return postFileWithProgress<{ priceList: PriceList }>(
    `/api/purchases/price-lists${query ? `?${query}` : ''}`,
    file,
    onProgress,
  );
};

export function useSetPriceListLine(listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, productId }: { lineId: string; productId: string | null }) =>
      api<{ line: PriceListLine }>(
        `/api/purchases/price-lists/${encodeURIComponent(listId)}/lines/${encodeURIComponent(lineId)}`,
        { method: 'PUT', body: { productId } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.purchases.priceList(listId) }),
  });
}

export function useConfirmPriceList(listId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number }) =>
      api<{ priceList: PriceList; priceChanges: PriceChange[] }>(
        `/api/purchases/price-lists/${encodeURIComponent(listId)}/confirm`,
        { method: 'POST', body: input },
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.purchases.all }),
        client.invalidateQueries({ queryKey: queryKeys.products }),
        client.invalidateQueries({ queryKey: queryKeys.recipes.all }),
      ]),
  });
}

export function useDeletePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/purchases/price-lists/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.purchases.priceLists }),
  });
}
