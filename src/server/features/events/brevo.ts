import { DELETE_CONTACT } from '../../domain/outbox.ts';

/** What leaves NutriCarte for the CRM: one delivery per outbox row. */
export interface CrmDelivery {
  kind: 'event' | 'contact';
  name: string;
  payload: Record<string, unknown>;
}

export interface CrmClient {
  readonly target: 'brevo' | 'log';
  deliver(delivery: CrmDelivery): Promise<void>;
}

export class CrmError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

/** docs/product/spec.md: the restaurant name's first word is the first name, the rest the last name. */
function splitRestaurantName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** Brevo's HTTP API (v3): contacts are upserted, events are attached to the contact's e-mail. */
export function createBrevoClient(apiUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): CrmClient {
  const base = apiUrl.replace(/\/$/, '');
  async function send(
    method: 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    options: { missingIsDone?: boolean } = {},
  ) {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: { 'api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new CrmError(`Brevo unreachable: ${(error as Error).message}`, true);
    }
    if (response.ok || (options.missingIsDone && response.status === 404)) return;
    const text = (await response.text()).slice(0, 300);
    // 4xx other than 408/429 will not get better by retrying.
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    throw new CrmError(`Brevo answered ${response.status}: ${text}`, retryable);
  }
  return {
    target: 'brevo',
    async deliver({ kind, name, payload }) {
      if (kind === 'contact' && name === DELETE_CONTACT) {
        // Account deleted (RGPD): the contact goes too; already gone counts as done.
        await send('DELETE', `/contacts/${encodeURIComponent(String(payload.email))}`, undefined, {
          missingIsDone: true,
        });
        return;
      }
      if (kind === 'contact') {
        const restaurantName = String(payload.restaurantName ?? '');
        const { firstName, lastName } = splitRestaurantName(restaurantName);
        await send('POST', '/contacts', {
          email: payload.email,
          updateEnabled: true,
          attributes: {
            FIRSTNAME: firstName,
            LASTNAME: lastName,
            RESTAURANT_NAME: restaurantName,
            SUBSCRIPTION_TIER: payload.subscriptionTier ?? 'free',
            SUBSCRIPTION_TYPE: payload.subscriptionType ?? '',
            SUBSCRIPTION_STATUS: payload.subscriptionStatus ?? '',
          },
        });
        return;
      }
      await send('POST', '/events', {
        event_name: payload.eventName,
        identifiers: { email_id: payload.contactEmail },
        event_properties: payload.eventData,
      });
    },
  };
}
