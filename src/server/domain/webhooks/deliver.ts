import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicOnlyLookup, PrivateAddressError } from '../../lib/safe-address.ts';
import { SIGNATURE_HEADER, signWebhook } from './signature.ts';

export interface WebhookRequest {
  url: string;
  secret: string;
  /** The event as the receiver gets it: `{id, type, created, organisationId, data}`. */
  payload: Record<string, unknown>;
}

export interface WebhookSenderOptions {
  /** Development only: a receiver on this machine or the local network (docs/decisions/0039-public-api-and-operations.md « SSRF »). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** A delivery that did not get a 2xx: `status` is the receiver's answer, if any; `permanent` is never retried. */
export class WebhookDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'WebhookDeliveryError';
  }
}

export type WebhookSender = (request: WebhookRequest) => Promise<{ status: number }>;

/**
 * Sends one signed POST. Redirects are not followed (a 3xx is a failure: the receiver must give
 * its final address), the answer's body is not read beyond 64 KB, and the connection is made to
 * the address the check saw (src/server/lib/safe-address.ts `publicOnlyLookup`).
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return ({ url, secret, payload }) => {
    const body = JSON.stringify(payload);
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    // An IP literal is connected to without a lookup: it is judged here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(literal) && !isPublicAddress(literal))
      return Promise.reject(new WebhookDeliveryError(new PrivateAddressError(literal).message, null, true));
    return new Promise((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': 'NutriCarte-Webhooks/1.0',
            [SIGNATURE_HEADER]: signWebhook(secret, body),
            'NutriCarte-Event-Id': String(payload.id),
            'NutriCarte-Event-Type': String(payload.type),
          },
          timeout: timeoutMs,
          ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > 64 * 1024) response.destroy();
          });
          response.on('error', () => {});
          response.on('close', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve({ status });
            else reject(new WebhookDeliveryError(`HTTP ${status}`, status));
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      request.on('error', (error) =>
        reject(
          error instanceof PrivateAddressError
            ? new WebhookDeliveryError(error.message, null, true)
            : new WebhookDeliveryError(error.message, null),
        ),
      );
      request.end(body);
    });
  };
}
