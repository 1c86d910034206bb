import { appendFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { requestIdOf, testIdsFile } from './server-log.ts';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, whose requests (the page's and `page.request`'s) carry the test's id in
 * X-Request-Id: the server logs it, and e2e/global-teardown.ts names the test behind a 5xx
 * or an error in the server's output. Every spec imports `test` from here.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const requestId = requestIdOf(testInfo.testId);
    appendFileSync(testIdsFile(process.env.E2E_DATA_DIR!), `${requestId}\t${testInfo.titlePath.join(' › ')}\n`);
    await use({ ...extraHTTPHeaders, 'x-request-id': requestId });
  },
});
