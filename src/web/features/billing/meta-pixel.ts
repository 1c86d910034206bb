import { useEffect } from 'react';
import { PRICES } from '../../../shared/plans.ts';
import { usePublicConfig } from '../../lib/queries.ts';
import { onSubscriptionVerified } from './subscribe-event.ts';

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  loaded?: boolean;
  version?: string;
  callMethod?: (...args: unknown[]) => void;
};
declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** Meta's loader, written as code (no inline script, so the CSP stays strict). */
function installMetaPixel(pixelId: string): Fbq {
  if (window.fbq) return window.fbq;
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue!.push(args);
  };
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = 'https://connect.facebook.net/en_US/fbevents.js';
  document.head.appendChild(script);
  fbq('init', pixelId);
  return fbq;
}

/**
 * With META_PIXEL_ID and the « Publicité » consent (`allowed`), one « Subscribe » event after a
 * verified payment (the success page emits at most once per checkout session). Otherwise no
 * pixel code is ever loaded; a consent withdrawn after loading revokes it for the page's life.
 */
export function useMetaPixelSubscribe(allowed: boolean): void {
  const { data: config } = usePublicConfig();
  const pixelId = config?.metaPixelId ?? null;
  useEffect(() => {
    if (!allowed) window.fbq?.('consent', 'revoke');
    if (!pixelId || !allowed) return;
    return onSubscriptionVerified(({ subscription }) => {
      const value = subscription.billingType === 'yearly' ? PRICES.yearlyEuros : PRICES.monthlyEuros;
      installMetaPixel(pixelId)('track', 'Subscribe', { value, currency: 'EUR', predicted_ltv: value });
    });
  }, [pixelId, allowed]);
}
