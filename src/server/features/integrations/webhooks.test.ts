import { describe, expect, it } from 'vitest';
import { integrationMessages } from '../../../shared/api/integrations.ts';
import { checkEndpointUrl } from './webhooks.ts';

/** Where production may send webhooks (docs/decisions/0039-public-api-and-operations.md « SSRF »). */
describe('checkEndpointUrl', () => {
  it('refuses in production an http address, a private or loopback one, and an unknown name', async () => {
    const production = { production: true };
    const refusal = async (url: string) => {
      try {
        await checkEndpointUrl(url, production);
        return null;
      } catch (error) {
        return (error as { fields?: Record<string, string> }).fields?.url;
      }
    };
    expect(await refusal('http://example.com/hook')).toBe(integrationMessages.urlHttps);
    for (const url of ['https://127.0.0.1/x', 'https://localhost:8443/x', 'https://[::1]/x', 'https://10.0.0.8/x'])
      expect(await refusal(url)).toBe(integrationMessages.urlPrivate);
    expect(await refusal('https://hooks.invalid/x')).toBe(integrationMessages.urlUnresolved);
    expect(await checkEndpointUrl('https://8.8.8.8/x', production)).toBeUndefined();
  });

  it('lets development use any address (a receiver on the developer’s machine)', async () => {
    expect(await checkEndpointUrl('http://127.0.0.1:3999/hooks', { production: false })).toBeUndefined();
  });
});
