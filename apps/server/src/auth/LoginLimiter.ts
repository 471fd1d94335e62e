/**
 * Failed sign-ins per username and per client address in a sliding window. After `max`
 * failures the next attempt is refused until the oldest failure leaves the window, which
 * bounds online password guessing without locking the real user out for long.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds to wait before another attempt, or 0 when one is allowed now. */
  retryAfter(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.max)
        wait = Math.max(wait, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > this.maxKeys) this.prune(now);
  }

  /**
   * Guessed usernames would grow the map without bound; past `maxKeys`, forget keys whose
   * failures have left the window, then the oldest keys (a Map iterates in insertion order).
   */
  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
