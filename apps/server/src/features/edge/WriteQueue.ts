import { problems } from "../../http/problems.ts";
import type { NewEvent, NewRequest, RequestOutcome } from "../../store/Store.ts";

interface Pending {
  request: NewRequest;
  resolve: (outcome: RequestOutcome) => void;
  reject: (error: Error) => void;
}

export interface WriteQueueOptions {
  /** Events waiting or being written; beyond this, requests get 503 + Retry-After. */
  maxQueuedEvents: number;
  /** Events per transaction. */
  maxBatchEvents: number;
  /**
   * Transactions handed to the store before the first of them has committed. With two, the
   * writer thread finds the next batch waiting when a commit ends instead of idling while
   * the event loop hears of the commit and sends more (bench/RESULTS.md, edge ingest).
   */
  maxBatchesInFlight: number;
  retryAfterSeconds: number;
}

export const defaultWriteQueueOptions: WriteQueueOptions = {
  maxQueuedEvents: 50_000,
  maxBatchEvents: 5_000,
  maxBatchesInFlight: 2,
  retryAfterSeconds: 1,
};

/**
 * Group commit for the edge: requests that arrive while a transaction is being written wait
 * together and go into the next one, so throughput grows with load while every request is
 * answered only after its own events are committed (a 2xx means durable). A full queue
 * refuses new work with 503 + Retry-After (alloy retries those, reference §3.6).
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private queued = 0;
  /** Requests waiting or in flight (a request may hold no events but still has a key to write). */
  private waiting = 0;
  private inFlight = 0;
  private scheduled = false;
  private idle: (() => void) | undefined;
  private closed = false;

  private readonly options: WriteQueueOptions;

  /**
   * `append` writes a batch of requests in one transaction and answers each one's outcome
   * (`EventRepository.appendRequests`: a request whose key was already stored writes
   * nothing); `onCommitted` hears the events that were stored.
   */
  constructor(
    private readonly append: (requests: NewRequest[]) => Promise<RequestOutcome[]>,
    options: Partial<WriteQueueOptions> = {},
    private readonly onCommitted: (events: NewEvent[]) => void = () => undefined,
  ) {
    this.options = { ...defaultWriteQueueOptions, ...options };
  }

  /** Events waiting or in flight. */
  get size(): number {
    return this.queued;
  }

  /**
   * Resolves once the request's transaction is committed, with its outcome (stored, or its
   * key was already stored); rejects with 503 when full or shutting down.
   */
  enqueue(request: NewRequest): Promise<RequestOutcome> {
    const { events } = request;
    const retry = { headers: { "retry-after": String(this.options.retryAfterSeconds) } };
    if (this.closed)
      return Promise.reject(problems.overloaded("The server is shutting down.", retry));
    if (this.queued + events.length > this.options.maxQueuedEvents)
      return Promise.reject(problems.overloaded("The write queue is full; retry later.", retry));
    this.queued += events.length;
    this.waiting++;
    return new Promise((resolve, reject) => {
      this.pending.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Stops taking work and waits until everything queued is written. */
  async drain(): Promise<void> {
    this.closed = true;
    if (this.waiting === 0) return;
    await new Promise<void>((done) => (this.idle = done));
  }

  // Yield once before sending so requests parsed in the same turn of the event loop share
  // the batch.
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxBatchesInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    while (this.pending.length > 0 && this.inFlight < this.options.maxBatchesInFlight) {
      const batch: Pending[] = [];
      let count = 0;
      while (this.pending.length > 0) {
        const next = this.pending[0]!;
        const size = next.request.events.length;
        if (batch.length > 0 && count + size > this.options.maxBatchEvents) break;
        batch.push(this.pending.shift()!);
        count += size;
      }
      this.inFlight++;
      void this.write(batch, count);
    }
  }

  private async write(batch: Pending[], count: number): Promise<void> {
    try {
      const outcomes = await this.append(batch.map((p) => p.request));
      if (outcomes.length !== batch.length)
        throw new Error(`append answered ${outcomes.length} outcomes for ${batch.length} requests`);
      this.queued -= count;
      this.waiting -= batch.length;
      batch.forEach((p, i) => p.resolve(outcomes[i]!));
      // Only what this commit stored: a retry's events were published when first stored.
      const stored = batch.filter((_, i) => outcomes[i]!.stored);
      const events =
        stored.length === 1 ? stored[0]!.request.events : stored.flatMap((p) => p.request.events);
      if (events.length > 0) this.onCommitted(events);
    } catch (error) {
      this.queued -= count;
      this.waiting -= batch.length;
      const err = error instanceof Error ? error : new Error(String(error));
      for (const p of batch) p.reject(err);
    }
    this.inFlight--;
    // What arrived during the commit goes at once: it has already waited a whole commit.
    if (this.pending.length > 0) this.send();
    else if (this.waiting === 0) this.idle?.();
  }
}
