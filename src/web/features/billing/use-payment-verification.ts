import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { billingMessages } from '../../../shared/api/billing-messages.ts';
import type { BillingSubscription } from '../../../shared/api/billing.ts';
import { ApiError } from '../../lib/api.ts';
import { fetchBillingSubscription } from './api.ts';
import { emitSubscriptionVerified } from './subscribe-event.ts';
import { backoffDelay, VERIFICATION } from './verification-schedule.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const NOT_CONFIRMED_YET = 'Le paiement n’a pas encore été confirmé par notre prestataire de paiement.';

export type VerificationState =
  | { phase: 'invalid' }
  | { phase: 'waiting' }
  | { phase: 'checking'; attempt: number }
  | { phase: 'success'; subscription: BillingSubscription }
  | { phase: 'failed'; error: string; retrying: boolean };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : billingMessages.checkFailed;

/**
 * The success page flow (docs/product/spec.md section 4): wait 3 s, then up to 5 forced refreshes of the
 * subscription with a 2 s doubling backoff capped at 10 s; a manual retry afterwards.
 */
export function usePaymentVerification(sessionId: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<VerificationState>(sessionId ? { phase: 'waiting' } : { phase: 'invalid' });
  const celebrated = useRef(false);

  const succeed = useCallback(
    (subscription: BillingSubscription) => {
      setState({ phase: 'success', subscription });
      queryClient.setQueryData(queryKeys.billing.subscription, subscription);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      if (celebrated.current || !sessionId) return;
      celebrated.current = true;
      toast.success(billingMessages.premiumActivated, { id: 'premium-activated' });
      emitSubscriptionVerified({ sessionId, subscription });
    },
    [queryClient, sessionId],
  );

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let error = NOT_CONFIRMED_YET;
      try {
        await sleep(VERIFICATION.initialDelayMs, signal);
        for (let attempt = 1; attempt <= VERIFICATION.attempts; attempt++) {
          setState({ phase: 'checking', attempt });
          try {
            const subscription = await fetchBillingSubscription(true, signal);
            if (subscription.subscribed) return succeed(subscription);
            error = NOT_CONFIRMED_YET;
          } catch (cause) {
            if (signal.aborted) return;
            error = errorText(cause);
            // Signed out: no later try can succeed, say so now.
            if (cause instanceof ApiError && cause.status === 401) break;
          }
          if (attempt < VERIFICATION.attempts) await sleep(backoffDelay(attempt), signal);
        }
        setState({ phase: 'failed', error, retrying: false });
      } catch {
        // Aborted: the page was left (or remounted by StrictMode).
      }
    })();
    return () => controller.abort();
  }, [sessionId, succeed]);

  const retry = useCallback(async () => {
    setState((s) => (s.phase === 'failed' ? { ...s, retrying: true } : s));
    try {
      const subscription = await fetchBillingSubscription(true);
      if (subscription.subscribed) return succeed(subscription);
      setState({ phase: 'failed', error: NOT_CONFIRMED_YET, retrying: false });
    } catch (cause) {
      setState({ phase: 'failed', error: errorText(cause), retrying: false });
    }
    toast.error(billingMessages.manualCheckError);
  }, [succeed]);

  return { state, retry };
}
