import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/HttpError.ts";
import { sampleEvent } from "../../store/storeContract.ts";
import type { NewEvent, NewRequest, RequestOutcome } from "../../store/Store.ts";
import { WriteQueue } from "./WriteQueue.ts";

/** Every request stored: what a store answers for requests without keys. */
const stored = (requests: NewRequest[]): RequestOutcome[] => requests.map(() => ({ stored: true }));
const eventsOf = (requests: NewRequest[]) => requests.flatMap((r) => r.events);

describe("WriteQueue", () => {
  it("groups concurrent requests into one transaction and resolves after it", async () => {
    const batches: number[] = [];
    const q = new WriteQueue(
      (requests) => {
        batches.push(eventsOf(requests).length);
        return Promise.resolve(stored(requests));
      },
      { maxQueuedEvents: 100, maxBatchEvents: 100, retryAfterSeconds: 1 },
    );
    await Promise.all([1, 2, 3].map(() => q.enqueue({ events: [sampleEvent(), sampleEvent()] })));
    expect(batches).toEqual([6]);
    expect(q.size).toBe(0);
  });

  it("answers 503 with Retry-After when full, and recovers after writing", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const q = new WriteQueue((requests) => gate.then(() => stored(requests)), {
      maxQueuedEvents: 3,
      maxBatchEvents: 10,
      retryAfterSeconds: 2,
    });
    const first = q.enqueue({ events: [sampleEvent(), sampleEvent()] });
    const full = await q
      .enqueue({ events: [sampleEvent(), sampleEvent()] })
      .catch((e: unknown) => e);
    expect(full).toBeInstanceOf(HttpError);
    expect((full as HttpError).status).toBe(503);
    expect((full as HttpError).headers["retry-after"]).toBe("2");
    release();
    await first;
    await expect(q.enqueue({ events: [sampleEvent()] })).resolves.toEqual({ stored: true });
  });

  it("splits batches at maxBatchEvents and rejects only the failed batch", async () => {
    const seen: NewEvent[][] = [];
    const q = new WriteQueue(
      (requests) => {
        const events = eventsOf(requests);
        seen.push(events);
        return events.some((e) => e.requestId === "bad")
          ? Promise.reject(new Error("disk full"))
          : Promise.resolve(stored(requests));
      },
      { maxQueuedEvents: 100, maxBatchEvents: 2, retryAfterSeconds: 1 },
    );
    const results = await Promise.allSettled([
      q.enqueue({ events: [sampleEvent(), sampleEvent()] }),
      q.enqueue({ events: [sampleEvent({ requestId: "bad" })] }),
    ]);
    expect(seen.map((b) => b.length)).toEqual([2, 1]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
  });

  it("hands a second batch over during a commit, and answers each after its own commit", async () => {
    const gates: Array<() => void> = [];
    const q = new WriteQueue(
      (requests) =>
        new Promise<RequestOutcome[]>((resolve) => gates.push(() => resolve(stored(requests)))),
      {
        maxBatchesInFlight: 2,
      },
    );
    const done: string[] = [];
    const turn = () => new Promise((r) => setImmediate(r));
    const first = q.enqueue({ events: [sampleEvent()] }).then(() => done.push("first"));
    await turn();
    const second = q.enqueue({ events: [sampleEvent()] }).then(() => done.push("second"));
    await turn();
    const third = q.enqueue({ events: [sampleEvent()] }).then(() => done.push("third"));
    await turn();
    // Two batches are with the store; the third request waits for a free place.
    expect(gates).toHaveLength(2);
    gates[1]!();
    await second;
    expect(done).toEqual(["second"]);
    // The second's commit freed a place: the third goes at once while the first still waits.
    expect(gates).toHaveLength(3);
    gates[0]!();
    gates[2]!();
    await Promise.all([first, third]);
    expect(done).toEqual(["second", "first", "third"]);
  });

  it("drains on shutdown and then refuses new work", async () => {
    let written = 0;
    const q = new WriteQueue(async (requests) => {
      await new Promise((r) => setTimeout(r, 5));
      written += eventsOf(requests).length;
      return stored(requests);
    });
    const pending = q.enqueue({ events: [sampleEvent(), sampleEvent(), sampleEvent()] });
    await q.drain();
    expect(written).toBe(3);
    await pending;
    await expect(q.enqueue({ events: [sampleEvent()] })).rejects.toMatchObject({ status: 503 });
  });
});
