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

/** A unique constraint refused a write (SQLSTATE 23505), by that constraint's name. */
export function uniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && name === constraint;
}
