import type { CrmClient } from './brevo.ts';

/** Without BREVO_API_KEY: deliveries are « delivered to the log » (the worker logs them). */
export function createLogCrm(): CrmClient {
  return { target: 'log', async deliver() {} };
}
