import type { ApiErrorBody, ErrorCode } from '../../shared/api/errors.ts';

/** An expected failure with its docs/product/api.md code, HTTP status and French message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    /** Said beside `message` in the error body (a stale version's conflict: src/server/domain/versions.ts). */
    readonly extra?: Pick<ApiErrorBody['error'], 'conflict'>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429 `rate_limited`, answered with `Retry-After` (seconds) so a client knows when to retry. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', 429, message);
    this.name = 'RateLimitedError';
  }
}
