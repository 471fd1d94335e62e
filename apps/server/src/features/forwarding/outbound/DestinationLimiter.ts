export interface LimiterOptions {
  /** Requests in flight at once per key. Default 4. */
  concurrency?: number;
  /** Starts per second per key (a token bucket refilled at this rate). Default 50. */
  ratePerSecond?: number;
  /**
   * Starts allowed at once after a quiet spell (the bucket's size). Default 1: starts are
   * evenly spaced, so no one-second window ever holds more than `ratePerSecond` of them.
   */
  burst?: number;
  /** Waiting requests per key; one more is refused at once. Default 200. */
  maxQueue?: number;
}

/** Thrown by `run` when the key's queue is full: leave the delivery for a later pass. */
export class LimiterQueueFullError extends Error {
  override name = "LimiterQueueFullError";
  constructor(
    readonly key: string,
    inFlight: number,
    queued: number,
  ) {
    super(
      `${key} already has ${inFlight} ${inFlight === 1 ? "request" : "requests"} in flight and ${queued} waiting; try this delivery later`,
    );
  }
}

/** A key's own limits, when they differ from the limiter's defaults (a host's allowance). */
export interface LaneLimits {
  concurrency?: number;
  ratePerSecond?: number;
}

interface Lane {
  concurrency: number;
  ratePerSecond: number;
  inFlight: number;
  queue: Array<() => void>;
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Lanes idle this long (with full buckets) are dropped, so many hosts do not pile up. */
const SWEEP_MS = 60_000;

/**
 * Per-destination limits for outbound requests: at most `concurrency` in flight and at most
 * `ratePerSecond` starts a second for each key (a destination host), waiting in arrival
 * order. Keys are independent: a slow destination never holds up another. Each process (node)
 * limits its own sends; N nodes send up to N× the rate to one destination.
 *
 * @example await limiter.run(new URL(request.url).host, () => sendPlanned(request, options));
 */
export class DestinationLimiter {
  private readonly lanes = new Map<string, Lane>();
  private readonly concurrency: number;
  private readonly ratePerSecond: number;
  private readonly burst: number;
  private readonly maxQueue: number;
  private lastSweep = Date.now();

  constructor(options: LimiterOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.ratePerSecond = options.ratePerSecond ?? 50;
    if (!(this.ratePerSecond > 0)) throw new RangeError("ratePerSecond must be above 0");
    this.burst = Math.max(1, options.burst ?? 1);
    this.maxQueue = Math.max(0, options.maxQueue ?? 200);
  }

  /**
   * Runs `fn` when `key` has a free slot and a token, after those that came first. Rejects at
   * once with `LimiterQueueFullError` when `maxQueue` requests are already waiting.
   */
  run<T>(key: string, fn: () => Promise<T>, limits: LaneLimits = {}): Promise<T> {
    this.sweep();
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = {
        concurrency: this.concurrency,
        ratePerSecond: this.ratePerSecond,
        inFlight: 0,
        queue: [],
        tokens: this.burst,
        at: Date.now(),
        timer: undefined,
      };
      this.lanes.set(key, lane);
    }
    // The latest limits apply from now on (an admin may change a host's).
    this.refill(lane);
    lane.concurrency = Math.max(1, limits.concurrency ?? this.concurrency);
    lane.ratePerSecond = limits.ratePerSecond ?? this.ratePerSecond;
    if (!(lane.ratePerSecond > 0)) throw new RangeError("ratePerSecond must be above 0");
    if (lane.queue.length >= this.maxQueue && !this.canStart(lane)) {
      return Promise.reject(new LimiterQueueFullError(key, lane.inFlight, lane.queue.length));
    }
    const current = lane;
    return new Promise<T>((resolve, reject) => {
      current.queue.push(() => {
        current.inFlight++;
        Promise.resolve()
          .then(fn)
          .then(resolve, reject)
          .finally(() => {
            current.inFlight--;
            this.pump(current);
          });
      });
      this.pump(current);
    });
  }

  /** How busy a key is (for metrics and tests). */
  stats(key: string): { inFlight: number; queued: number } {
    const lane = this.lanes.get(key);
    return { inFlight: lane?.inFlight ?? 0, queued: lane?.queue.length ?? 0 };
  }

  /** True when the head of the queue (or a newcomer to an empty one) could start right now. */
  private canStart(lane: Lane): boolean {
    this.refill(lane);
    return lane.queue.length === 0 && lane.inFlight < lane.concurrency && lane.tokens >= 1;
  }

  /** Starts waiting requests while there is room and a token; else waits for the next token. */
  private pump(lane: Lane): void {
    while (lane.queue.length > 0 && lane.inFlight < lane.concurrency) {
      this.refill(lane);
      // A hair under 1 counts: the timer below fires when the token is due, and float
      // arithmetic must not make it wait one more round.
      if (lane.tokens < 1 - 1e-9) {
        if (lane.timer === undefined) {
          const waitMs = Math.ceil(((1 - lane.tokens) * 1000) / lane.ratePerSecond);
          lane.timer = setTimeout(() => {
            lane.timer = undefined;
            this.pump(lane);
          }, waitMs);
        }
        return;
      }
      lane.tokens = Math.max(0, lane.tokens - 1);
      lane.queue.shift()!();
    }
  }

  private refill(lane: Lane): void {
    const now = Date.now();
    lane.tokens = Math.min(this.burst, lane.tokens + ((now - lane.at) * lane.ratePerSecond) / 1000);
    lane.at = now;
  }

  /** Drops lanes with nothing in flight or waiting whose bucket is full again. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    for (const [key, lane] of this.lanes) {
      if (lane.inFlight > 0 || lane.queue.length > 0 || lane.timer !== undefined) continue;
      this.refill(lane);
      if (lane.tokens >= this.burst) this.lanes.delete(key);
    }
  }
}
