/**
 * Per-client token buckets kept in memory (docs/decisions/0022-performance-at-the-physical-limit.md
 * « Fairness »): `burst` requests at once, then `perSecond`. One process's view: behind several
 * processes a client gets that much from each, which is still a bound on the database work one
 * client can cause. Idle buckets are forgotten once there are too many.
 */
export class ClientRate {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly maxClients = 50_000,
  ) {}

  /** 0 when the request may go, otherwise the seconds to wait (Retry-After). */
  take(client: string): number {
    const now = this.now();
    const bucket = this.#buckets.get(client) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (!this.#buckets.has(client)) {
      if (this.#buckets.size >= this.maxClients) this.#forgetFull(now);
      this.#buckets.set(client, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  /** Drops the buckets that have refilled (they hold nothing a new one would not). */
  #forgetFull(now: number) {
    for (const [client, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.#buckets.delete(client);
    }
    if (this.#buckets.size >= this.maxClients) this.#buckets.clear();
  }
}
