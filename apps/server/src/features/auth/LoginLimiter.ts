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
}

export const defaultLoginLimits: LoginLimits = {
  perPair: 5,
  perAddress: 20,
  perAccount: 20,
  windowMs: 15 * 60_000,
  maxDelayMs: 60_000,
};

/** Where failures are kept: the store's `loginFailures`, shared by every node. */
export interface FailureLog {
  recent(key: string, since: number, limit: number): Promise<number[]>;
  record(keys: string[], at: number, expired: number): Promise<void>;
  clear(key: string): Promise<void>;
}

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
 * The failures are kept in the store (`FailureLog`), so every node of a cluster counts the
 * same ones; each recorded failure prunes expired ones, which bounds the table to about one
 * window of failures.
 */
export class LoginLimiter {
  private readonly limits: LoginLimits;

  constructor(
    private readonly log: FailureLog,
    limits: Partial<LoginLimits> = {},
  ) {
    this.limits = { ...defaultLoginLimits, ...limits };
  }

  /** Seconds to wait before this attempt may be made, or 0 when it may be made now. */
  async retryAfter(attempt: Attempt, now = Date.now()): Promise<number> {
    const { perPair, perAddress, perAccount } = this.limits;
    const [address, pair, account] = await Promise.all([
      this.recent(addressKey(attempt), now),
      this.recent(pairKey(attempt), now),
      this.recent(accountKey(attempt), now),
    ]);
    let until = now;
    if (address.length >= perAddress) until = Math.max(until, this.leaves(address, perAddress));
    if (pair.length >= perPair) until = Math.max(until, this.leaves(pair, perPair));
    if (account.length >= perAccount && address.length > 0)
      until = Math.max(until, account.at(-1)! + this.delay(account.length));
    return Math.ceil((until - now) / 1000);
  }

  async fail(attempt: Attempt, now = Date.now()): Promise<void> {
    await this.log.record(
      [addressKey(attempt), pairKey(attempt), accountKey(attempt)],
      now,
      now - this.limits.windowMs,
    );
  }

  /** The owner got in from this address: forget this pair's failures, nothing else. */
  async succeed(attempt: Attempt): Promise<void> {
    await this.log.clear(pairKey(attempt));
  }

  /** When the count of `list` falls below `max`: its max-th newest failure leaves the window. */
  private leaves(list: number[], max: number): number {
    return list[list.length - max]! + this.limits.windowMs;
  }

  private delay(count: number): number {
    const doublings = count - this.limits.perAccount;
    return Math.min(1000 * 2 ** Math.min(doublings, 30), this.limits.maxDelayMs);
  }

  /** A key's failures inside the window, oldest first; only the newest matter past the cap. */
  private recent(key: string, now: number): Promise<number[]> {
    const keep = Math.max(this.limits.perPair, this.limits.perAddress, this.limits.perAccount) + 32;
    return this.log.recent(key, now - this.limits.windowMs, keep);
  }
}

const addressKey = (a: Attempt) => `address:${a.address}`;
const accountKey = (a: Attempt) => `account:${a.account}`;
// Addresses hold no newline, so the last one in a pair key separates account and address.
const pairKey = (a: Attempt) => `pair:${a.account}\n${a.address}`;
