/** docs/product/spec.md section 9 « Success page »: 3 s initial delay, 5 attempts, 2 s doubling backoff capped at 10 s. */
export const VERIFICATION = { initialDelayMs: 3000, attempts: 5, backoffStartMs: 2000, backoffMaxMs: 10_000 } as const;

/** Wait before try `attempt + 1` after try `attempt` failed: 2 s, 4 s, 8 s, then 10 s. */
export const backoffDelay = (attempt: number) =>
  Math.min(VERIFICATION.backoffStartMs * 2 ** (attempt - 1), VERIFICATION.backoffMaxMs);

/** Every wait of a verification that never succeeds, in order: the initial delay, then the backoffs. */
export function verificationWaits(): number[] {
  const waits: number[] = [VERIFICATION.initialDelayMs];
  for (let attempt = 1; attempt < VERIFICATION.attempts; attempt++) waits.push(backoffDelay(attempt));
  return waits;
}
