import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DestinationLimiter, LimiterQueueFullError } from "./DestinationLimiter.ts";

/** A task the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    fn: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

/** A rate that never holds these tests up: they are about concurrency alone. */
const unpaced = { ratePerSecond: 1000, burst: 1000 };

/** Lets promise callbacks run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe("DestinationLimiter concurrency", () => {
  it("keeps at most `concurrency` in flight per key, starting the waiting ones in order", async () => {
    const limiter = new DestinationLimiter({ concurrency: 2, ...unpaced });
    const started: string[] = [];
    const tasks = ["t1", "t2", "t3", "t4", "t5"].map((name) => gate(started, name));
    const results = tasks.map((task) => limiter.run("hooks.example.com", task.fn));
    await settle();
    expect(started).toEqual(["t1", "t2"]);
    expect(limiter.stats("hooks.example.com")).toEqual({ inFlight: 2, queued: 3 });
    tasks[1]!.release();
    await settle();
    expect(started).toEqual(["t1", "t2", "t3"]);
    tasks[0]!.release();
    await settle();
    expect(started).toEqual(["t1", "t2", "t3", "t4"]);
    for (const task of tasks) task.release();
    await expect(Promise.all(results)).resolves.toEqual(["t1", "t2", "t3", "t4", "t5"]);
    expect(limiter.stats("hooks.example.com")).toEqual({ inFlight: 0, queued: 0 });
  });

  it("takes a key's own limits (a host's allowance) over the defaults", async () => {
    const limiter = new DestinationLimiter({ concurrency: 1, ...unpaced });
    const started: string[] = [];
    const wide = ["w1", "w2", "w3", "w4"].map((name) => gate(started, name));
    const narrow = ["n1", "n2"].map((name) => gate(started, name));
    const all = [
      ...wide.map((t) => limiter.run("receiver.example", t.fn, { concurrency: 3 })),
      ...narrow.map((t) => limiter.run("other.example", t.fn)),
    ];
    await settle();
    expect(started).toEqual(["w1", "w2", "w3", "n1"]);
    expect(limiter.stats("receiver.example")).toEqual({ inFlight: 3, queued: 1 });
    for (const task of [...wide, ...narrow]) task.release();
    await Promise.all(all);
  });

  it("never blocks another key", async () => {
    const limiter = new DestinationLimiter({ concurrency: 1, ...unpaced });
    const started: string[] = [];
    const slow = gate(started, "a1");
    const queued = gate(started, "a2");
    const a1 = limiter.run("a.example", slow.fn);
    const a2 = limiter.run("a.example", queued.fn);
    const b1 = limiter.run("b.example", () => Promise.resolve("b1"));
    await expect(b1).resolves.toBe("b1");
    expect(started).toEqual(["a1"]);
    slow.release();
    queued.release();
    await expect(Promise.all([a1, a2])).resolves.toEqual(["a1", "a2"]);
  });

  it("frees the slot when a task fails, and passes the failure on", async () => {
    const limiter = new DestinationLimiter({ concurrency: 1, ...unpaced });
    const failing = limiter.run("k", () => Promise.reject(new Error("boom")));
    const next = limiter.run("k", () => Promise.resolve("next"));
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
  });

  it("rejects at once when a key's queue is full", async () => {
    const limiter = new DestinationLimiter({ concurrency: 1, ...unpaced, maxQueue: 2 });
    const started: string[] = [];
    const tasks = ["t1", "t2", "t3"].map((name) => gate(started, name));
    const accepted = tasks.map((task) => limiter.run("k", task.fn));
    const refused = limiter.run("k", () => Promise.resolve("t4"));
    await expect(refused).rejects.toBeInstanceOf(LimiterQueueFullError);
    await expect(refused).rejects.toThrow(
      "k already has 1 request in flight and 2 waiting; try this delivery later",
    );
    // Another key still has room.
    await expect(limiter.run("other", () => Promise.resolve("ok"))).resolves.toBe("ok");
    for (const task of tasks) task.release();
    await expect(Promise.all(accepted)).resolves.toEqual(["t1", "t2", "t3"]);
  });
});

describe("DestinationLimiter rate", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at most ratePerSecond a second per key, evenly", async () => {
    const limiter = new DestinationLimiter({ concurrency: 100, ratePerSecond: 10, maxQueue: 100 });
    const starts: number[] = [];
    const all = Array.from({ length: 25 }, () =>
      limiter.run("k", () => Promise.resolve(void starts.push(Date.now()))),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    // The first at once, then one every 100 ms: 11 starts in the first second, inclusive.
    expect(starts).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(1400);
    await Promise.all(all);
    expect(starts).toHaveLength(25);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(100);
    }
    // In any window of one second there are at most 10 starts after the first.
    for (let i = 0; i + 10 < starts.length; i++) {
      expect(starts[i + 10]! - starts[i]!).toBeGreaterThanOrEqual(1000);
    }
  });

  it("lets a burst through at once when asked, then paces", async () => {
    const limiter = new DestinationLimiter({ concurrency: 100, ratePerSecond: 10, burst: 5 });
    const starts: number[] = [];
    for (let i = 0; i < 8; i++)
      void limiter.run("k", () => Promise.resolve(void starts.push(Date.now())));
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(300);
    expect(starts).toHaveLength(8);
  });

  it("paces each key on its own", async () => {
    const limiter = new DestinationLimiter({ concurrency: 100, ratePerSecond: 2 });
    const starts: string[] = [];
    for (const key of ["a", "a", "a", "b", "b"])
      void limiter.run(key, () => Promise.resolve(void starts.push(key)));
    await vi.advanceTimersByTimeAsync(0);
    expect(starts.sort()).toEqual(["a", "b"]);
    await vi.advanceTimersByTimeAsync(500);
    expect(starts.sort()).toEqual(["a", "a", "b", "b"]);
  });
});
