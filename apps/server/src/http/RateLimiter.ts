/**
 * A token bucket per client address: `perSecond` sustained, `burst` at once. Buckets idle for
 * a minute are dropped so the map cannot grow without bound.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number = perSecond * 2,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns 0 when allowed, else the seconds to wait before retrying. */
  take(client: string): number {
    const now = this.now();
    if (now - this.lastSweep > 60_000) {
      for (const [key, b] of this.buckets) if (now - b.at > 60_000) this.buckets.delete(key);
      this.lastSweep = now;
    }
    const bucket = this.buckets.get(client) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    this.buckets.set(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }
}
