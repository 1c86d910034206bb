import type { Config } from '../../config.ts';
import { createBrevoClient, type CrmClient } from './brevo.ts';
import { createLogCrm } from './log-crm.ts';

export function createCrmClient(config: Config): CrmClient {
  return config.brevo ? createBrevoClient(config.brevo.apiUrl, config.brevo.apiKey) : createLogCrm();
}
