import type { VersionConflict } from './versions.ts';

/** The error shape of docs/product/api.md: `{"error": {"code", "message", "fields"?}}`. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'plan_limit'
  | 'not_found'
  /** 409: the request contradicts the current state (the last owner, an establishment still used by menus…). */
  | 'conflict'
  /** 409: a product still used by recipes (the message names them). */
  | 'in_use'
  | 'payload_too_large'
  | 'validation'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** A 409 `conflict` of a stale version: what the server holds now (src/shared/api/versions.ts). */
    conflict?: VersionConflict;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error && 'code' in error;
}
