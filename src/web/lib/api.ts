import { isApiErrorBody, type ErrorCode } from '../../shared/api/errors.ts';
import { genericMessages } from '../../shared/messages/generic.ts';
import type { VersionConflict } from '../../shared/api/versions.ts';
import { organisationWatch } from './organisation-watch.ts';

/** The organisation an answer was served in (docs/product/organisations.md « Losing access »). */
export const ORGANISATION_HEADER = 'x-organisation-id';

/** An answer of the API that is not 2xx, with docs/product/api.md's code and French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    /** A stale version's 409: what the server holds now (src/shared/api/versions.ts). */
    readonly conflict?: VersionConflict,
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

async function send(path: string, { method = 'GET', body, signal }: RequestOptions): Promise<Response> {
  const ticket = organisationWatch.ticket();
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
      signal,
    });
    organisationWatch.observe(ticket, response.headers.get(ORGANISATION_HEADER));
    return response;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'unavailable', genericMessages.unavailable);
  }
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function errorOf(status: number, data: unknown): ApiError {
  if (isApiErrorBody(data))
    return new ApiError(status, data.error.code, data.error.message, data.error.fields, data.error.conflict);
  return new ApiError(status, status >= 500 ? 'internal' : 'bad_request', genericMessages.internal);
}

/** Calls the NutriCarte API with the session cookie; JSON in, JSON out. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  const data = parseJson(await response.text());
  if (!response.ok) throw errorOf(response.status, data);
  return data as T;
}

/** A file the API sends as an attachment, with the name from its Content-Disposition. */
export async function apiFile(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, {});
  if (!response.ok) throw errorOf(response.status, parseJson(await response.text()));
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/**
 * Sends a file as the raw body of a PUT (a photo: docs/product/api.md « Photos »); JSON back.
 * The server reads the bytes, not this Content-Type.
 */
export async function apiUpload<T>(path: string, file: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'unavailable', genericMessages.unavailable);
  }
  const data = parseJson(await response.text());
  if (!response.ok) throw errorOf(response.status, data);
  return data as T;
}
