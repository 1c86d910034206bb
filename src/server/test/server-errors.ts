/**
 * What an API test's server did wrong without the test asking for it: a 5xx answer, or an
 * error logged (« unhandled error » with its stack). The harness (src/server/test/harness.ts)
 * records them; src/server/test/server-errors-setup.ts fails the test they happened in. A test
 * that causes a 5xx on purpose (an outage it simulates) says so with `allowServerError`.
 */
const unexpected: string[] = [];

export function recordServerError(description: string): void {
  unexpected.push(description);
}

/** The errors recorded since the last call, which are then forgotten. */
export function takeServerErrors(): string[] {
  return unexpected.splice(0);
}
