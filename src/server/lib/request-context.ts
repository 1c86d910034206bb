import { AsyncLocalStorage } from 'node:async_hooks';

/** The request a piece of work belongs to, wherever it runs (its queries: src/server/db/application-name.ts). */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
