import { isApiErrorBody, type ErrorCode } from '../../shared/api/errors.ts';
import { messages } from '../../shared/messages.ts';

/** An answer of the API that is not 2xx, with API.md's code and French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the NutriCarte API with the session cookie; JSON in, JSON out. */
export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'unavailable', messages.generic.unavailable);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    throw new ApiError(response.status, response.status >= 500 ? 'internal' : 'bad_request', messages.generic.internal);
  }
  return data as T;
}
