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

/** Supplier invoices, prices and sales (docs/product/purchases.md): the API of API.md « Purchases and sales ». */
const keys = {
  invoices: ['purchases', 'invoices'] as const,
  invoice: (id: string) => ['purchases', 'invoice', id] as const,
  prices: (from: string, to: string) => ['purchases', 'prices', from, to] as const,
  history: (productId: string) => ['purchases', 'history', productId] as const,
  settings: ['purchases', 'settings'] as const,
  egalim: (from: string, to: string) => ['purchases', 'egalim', from, to] as const,
  engineering: (menuId: string, from: string, to: string) => ['purchases', 'engineering', menuId, from, to] as const,
  consumption: (from: string, to: string) => ['purchases', 'consumption', from, to] as const,
  priceLists: ['purchases', 'price-lists'] as const,
  priceList: (id: string) => ['purchases', 'price-list', id] as const,
};
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const useInvoices = () =>
  useQuery({
    queryKey: keys.invoices,
    queryFn: async () => (await api<{ invoices: InvoiceSummary[] }>('/api/purchases/invoices')).invoices,
  });

export const useInvoice = (id: string) =>
  useQuery({
    queryKey: keys.invoice(id),
    queryFn: async () => (await api<{ invoice: Invoice }>(`/api/purchases/invoices/${encodeURIComponent(id)}`)).invoice,
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
    onSettled: () => client.invalidateQueries({ queryKey: keys.invoice(invoiceId) }),
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
        client.invalidateQueries({ queryKey: ['purchases'] }),
        client.invalidateQueries({ queryKey: ['products'] }),
        client.invalidateQueries({ queryKey: ['recipes'] }),
      ]),
  });
}

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/purchases/invoices/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.invoices }),
  });
}

export const usePriceReport = (from: string, to: string) =>
  useQuery({
    queryKey: keys.prices(from, to),
    queryFn: () => api<PriceReport>(`/api/purchases/prices?${q({ from, to })}`),
  });

export const usePriceHistory = (productId: string | null) =>
  useQuery({
    queryKey: keys.history(productId ?? ''),
    enabled: productId !== null,
    queryFn: async () =>
      (await api<{ prices: ProductPrice[] }>(`/api/products/${encodeURIComponent(productId!)}/prices`)).prices,
  });

export const usePurchaseSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: () => api<PurchaseSettings>('/api/purchases/settings') });

export function useSavePurchaseSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseSettings) =>
      api<PurchaseSettings>('/api/purchases/settings', { method: 'PUT', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['purchases'] }),
  });
}

export const useEgalimPurchases = (from: string, to: string) =>
  useQuery({
    queryKey: keys.egalim(from, to),
    queryFn: () => api<EgalimPurchases>(`/api/purchases/egalim?${q({ from, to })}`),
  });

export const useEngineering = (menuId: string | null, from: string, to: string) =>
  useQuery({
    queryKey: keys.engineering(menuId ?? '', from, to),
    enabled: menuId !== null,
    queryFn: () => api<Engineering>(`/api/menus/${encodeURIComponent(menuId!)}/engineering?${q({ from, to })}`),
  });

export const useConsumption = (from: string, to: string) =>
  useQuery({
    queryKey: keys.consumption(from, to),
    queryFn: () => api<Consumption>(`/api/purchases/consumption?${q({ from, to })}`),
  });

export const uploadSales = (file: File, onProgress: (share: number) => void) =>
  postFileWithProgress<SalesImportResult>('/api/sales/import', file, onProgress);

// Suppliers' price lists (« tarifs fournisseurs », docs/product/purchases.md).
export const usePriceLists = () =>
  useQuery({
    queryKey: keys.priceLists,
    queryFn: async () => (await api<{ priceLists: PriceListSummary[] }>('/api/purchases/price-lists')).priceLists,
  });

export const usePriceList = (id: string) =>
  useQuery({
    queryKey: keys.priceList(id),
    queryFn: async () =>
      (await api<{ priceList: PriceList }>(`/api/purchases/price-lists/${encodeURIComponent(id)}`)).priceList,
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
    onSettled: () => client.invalidateQueries({ queryKey: keys.priceList(listId) }),
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
        client.invalidateQueries({ queryKey: ['purchases'] }),
        client.invalidateQueries({ queryKey: ['products'] }),
        client.invalidateQueries({ queryKey: ['recipes'] }),
      ]),
  });
}

export function useDeletePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/purchases/price-lists/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.priceLists }),
  });
}
