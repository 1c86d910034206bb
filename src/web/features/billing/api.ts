import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { billingMessages } from '../../../shared/api/billing-messages.ts';
import type { BillingSubscription, BillingType, DemoCheckoutSession } from '../../../shared/api/billing.ts';
import { api, ApiError } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/billing/subscription; `refresh` asks the server to reconcile with the provider first. */
export const fetchBillingSubscription = (refresh = false, signal?: AbortSignal) =>
  api<BillingSubscription>(`/api/billing/subscription${refresh ? '?refresh=1' : ''}`, { signal });

export function useBillingSubscription() {
  return useQuery({
    queryKey: queryKeys.billing.subscription,
    queryFn: ({ signal }) => fetchBillingSubscription(false, signal),
    staleTime: 30_000,
  });
}

/** docs/product/spec.md section 8: a check failure is silent when it is only the network (a fetch failure). */
export const isFetchFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The subscription and the usage limits changed: refetch both. */
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      queryClient.invalidateQueries({ queryKey: queryKeys.billing.subscription }),
    ]);
}

/**
 * Sends the browser to a provider page: an absolute URL (Stripe) is a full navigation in the
 * same tab, a path of this app (the demo provider) stays inside the single-page app.
 */
function useGoTo() {
  const navigate = useNavigate();
  return (url: string) => {
    if (url.startsWith('/') && !url.startsWith('//')) void navigate(url);
    else window.location.assign(url);
  };
}

/**
 * Toasts docs/product/spec.md's title; the server's own French message (« Vous êtes déjà sur le plan
 * gratuit ! », « Vous êtes déjà abonné au Premium. »…) becomes the description.
 */
function toastBillingError(error: unknown, title: string, mustLogIn: string) {
  if (error instanceof ApiError && error.status === 401) return toast.error(mustLogIn);
  const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined;
  toast.error(title, detail && detail !== title ? { description: detail } : undefined);
}

/** POST /api/billing/checkout, then off to the checkout page. */
export function useStartCheckout() {
  const goTo = useGoTo();
  return useMutation({
    mutationFn: (billingType: BillingType) =>
      api<{ url?: string }>('/api/billing/checkout', { method: 'POST', body: { tier: 'premium', billingType } }),
    onSuccess: ({ url }) => {
      if (!url) return void toast.error(billingMessages.redirectError);
      try {
        goTo(url);
      } catch {
        toast.error(billingMessages.redirectError);
      }
    },
    onError: (error) => toastBillingError(error, billingMessages.checkoutError, billingMessages.mustLogIn),
  });
}

/** POST /api/billing/portal, opened in the same tab (docs/product/spec.md section 7). */
export function useOpenPortal() {
  const goTo = useGoTo();
  return useMutation({
    mutationFn: () => api<{ url?: string }>('/api/billing/portal', { method: 'POST', body: {} }),
    onSuccess: ({ url }) => {
      if (!url) return void toast.error(billingMessages.portalError);
      goTo(url);
    },
    onError: (error) => toastBillingError(error, billingMessages.portalError, billingMessages.portalMustLogIn),
  });
}

/* Demo provider (docs/product/decisions.md 4): its checkout and portal are pages of this app. */

export function useDemoCheckoutSession(id: string) {
  return useQuery({
    queryKey: queryKeys.billing.demoCheckout(id),
    queryFn: ({ signal }) =>
      api<DemoCheckoutSession>(`/api/billing/demo/checkout/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useDemoCheckoutAction(id: string) {
  const goTo = useGoTo();
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      api<{ redirectUrl: string }>(`/api/billing/demo/checkout/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: ({ redirectUrl }) => goTo(redirectUrl),
  });
}

export type DemoPortalAction = 'cancel' | 'resume' | 'end-now';

export function useDemoPortalAction() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: DemoPortalAction) =>
      api<BillingSubscription>('/api/billing/demo/portal', { method: 'POST', body: { action } }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(queryKeys.billing.subscription, subscription);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: () => void refresh(),
  });
}
