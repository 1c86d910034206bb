/** SQLSTATE classes and socket errors that mean « the database cannot be reached right now ». */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|not queryable/i.test(message)
  )
    return true;
  // Libraries (better-auth) wrap the driver's error: look at what caused it.
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The client hung up while its body was being read (Node's « aborted », ECONNRESET on the
 * request, not on a database socket): nothing is wrong on this side, and it must never be
 * taken for an outage (src/server/app.ts logs it at info).
 */
export function isClientAbort(error: unknown, request: Request): boolean {
  if (request.signal?.aborted) return true;
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === 'ECONNRESET' && typeof message === 'string' && /^aborted$/i.test(message)) return true;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
    e = cause;
  }
  return false;
}

/** A unique constraint refused a write (SQLSTATE 23505), by that constraint's name. */
export function uniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && name === constraint;
}
