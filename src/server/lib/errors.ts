import type { ErrorCode } from '../../shared/api/errors.ts';

/** An expected failure with its API.md code, HTTP status and French message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
