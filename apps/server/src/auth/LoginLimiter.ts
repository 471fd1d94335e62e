/** One sign-in attempt: the account named (lower-cased) and the client address it came from. */
export interface Attempt {
  account: string;
  address: string;
}

export interface LoginLimits {
  /** Failures for one account from one address before that pair must wait. */
  perPair: number;
  /** Failures from one address, whatever the accounts, before the address must wait. */
  perAddress: number;
  /** Failures for one account from all addresses before its progressive delay starts. */
  perAccount: number;
  windowMs: number;
  /** The longest progressive delay between attempts on an account under attack. */
  maxDelayMs: number;
  /** Keys (addresses, accounts, pairs) kept at most; bounds memory against junk names. */
  maxKeys: number;
}

export const defaultLoginLimits: LoginLimits = {
  perPair: 5,
  perAddress: 20,
  perAccount: 20,
  windowMs: 15 * 60_000,
  maxDelayMs: 60_000,
  maxKeys: 100_000,
};

/**
 * Failed sign-ins in a sliding window, counted three ways so that neither guessing nor
 * locking someone out is cheap:
 * - per address: many wrong passwords from one address (password spraying across accounts)
 *   stop that address; a success never clears this count;
 * - per (account, address): an address that keeps failing on one account stops trying it, and
 *   a success clears only this pair, so the owner signing in does not reset anyone's count;
 * - per account, across addresses: past `perAccount` failures, addresses that have failed
 *   before may try that account only once per delay that doubles with each failure (up to
 *   `maxDelayMs`); an address with no failures is exempt, so an attacker cannot lock the
 *   owner out, at the price of one free guess per fresh address.
 * Memory: at most `maxKeys` keys. Keys whose failures have all left the window are dropped
 * first; a key still inside its window is never dropped. When every key is live, failures
 * under new keys are not recorded and counted in `droppedKeys` instead.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly limits: LoginLimits;
  /** Failures not recorded because the table was full of live keys. */
  droppedKeys = 0;
  /** No key expires before this time, so a full table is not scanned again before it. */
  private nextExpiry = 0;

  constructor(limits: Partial<LoginLimits> = {}) {
    this.limits = { ...defaultLoginLimits, ...limits };
  }

  get size(): number {
    return this.failures.size;
  }

  /** Seconds to wait before this attempt may be made, or 0 when it may be made now. */
  retryAfter(attempt: Attempt, now = Date.now()): number {
    const { perPair, perAddress, perAccount } = this.limits;
    const address = this.recent(addressKey(attempt), now);
    const pair = this.recent(pairKey(attempt), now);
    const account = this.recent(accountKey(attempt), now);
    let until = now;
    if (address.length >= perAddress) until = Math.max(until, this.leaves(address, perAddress));
    if (pair.length >= perPair) until = Math.max(until, this.leaves(pair, perPair));
    if (account.length >= perAccount && address.length > 0)
      until = Math.max(until, account.at(-1)! + this.delay(account.length));
    return Math.ceil((until - now) / 1000);
  }

  fail(attempt: Attempt, now = Date.now()): void {
    for (const key of [addressKey(attempt), pairKey(attempt), accountKey(attempt)])
      this.record(key, now);
  }

  /** The owner got in from this address: forget this pair's failures, nothing else. */
  succeed(attempt: Attempt): void {
    this.failures.delete(pairKey(attempt));
  }

  private record(key: string, now: number): void {
    const list = this.recent(key, now);
    if (list.length === 0 && !this.hasRoom(now)) {
      this.droppedKeys++;
      return;
    }
    // Only the newest failures matter once the delay has reached its cap.
    const keep = Math.max(this.limits.perPair, this.limits.perAddress, this.limits.perAccount) + 32;
    this.failures.set(key, [...list, now].slice(-keep));
  }

  private hasRoom(now: number): boolean {
    if (this.failures.size < this.limits.maxKeys) return true;
    if (now < this.nextExpiry) return false;
    let next = Infinity;
    for (const [key, list] of this.failures) {
      const expires = list.at(-1)! + this.limits.windowMs;
      if (expires <= now) this.failures.delete(key);
      else next = Math.min(next, expires);
    }
    this.nextExpiry = next;
    return this.failures.size < this.limits.maxKeys;
  }

  /** When the count of `list` falls below `max`: its max-th newest failure leaves the window. */
  private leaves(list: number[], max: number): number {
    return list[list.length - max]! + this.limits.windowMs;
  }

  private delay(count: number): number {
    const doublings = count - this.limits.perAccount;
    return Math.min(1000 * 2 ** Math.min(doublings, 30), this.limits.maxDelayMs);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.limits.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}

const addressKey = (a: Attempt) => `address:${a.address}`;
const accountKey = (a: Attempt) => `account:${a.account}`;
// Addresses hold no newline, so the last one in a pair key separates account and address.
const pairKey = (a: Attempt) => `pair:${a.account}\n${a.address}`;
