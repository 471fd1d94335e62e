import { describe, expect, it } from "vitest";
import { LoginLimiter } from "./LoginLimiter.ts";

const MIN = 60_000;

describe("LoginLimiter", () => {
  it("stops a pair after perPair failures and says how long to wait", () => {
    const limiter = new LoginLimiter({ perPair: 3, windowMs: MIN });
    const attempt = { account: "erin", address: "10.0.0.1" };
    for (let t = 0; t < 3; t++) {
      expect(limiter.retryAfter(attempt, t * 1000)).toBe(0);
      limiter.fail(attempt, t * 1000);
    }
    expect(limiter.retryAfter(attempt, 3000)).toBe(57);
    expect(limiter.retryAfter(attempt, MIN + 1)).toBe(0);
  });

  it("counts an address's failures across accounts, and a success never clears them", () => {
    const limiter = new LoginLimiter({ perAddress: 8, windowMs: MIN });
    const address = "10.0.0.2";
    let t = 0;
    let rounds = 0;
    while (limiter.retryAfter({ account: "owner", address }, t) === 0 && rounds < 10) {
      for (let i = 0; i < 4; i++) limiter.fail({ account: `victim${rounds}-${i}`, address }, t++);
      limiter.succeed({ account: "owner", address });
      rounds++;
    }
    expect(rounds).toBe(2);
    expect(limiter.retryAfter({ account: "anyone", address }, t)).toBeGreaterThan(0);
    expect(limiter.retryAfter({ account: "anyone", address: "10.0.0.3" }, t)).toBe(0);
  });

  it("a success clears only that account's failures from that address", () => {
    const limiter = new LoginLimiter({ perPair: 2, windowMs: MIN });
    const erinHere = { account: "erin", address: "10.0.0.1" };
    const erinThere = { account: "erin", address: "10.0.0.9" };
    for (const a of [erinHere, erinHere, erinThere, erinThere]) limiter.fail(a, 0);
    limiter.succeed(erinHere);
    expect(limiter.retryAfter(erinHere, 1)).toBe(0);
    expect(limiter.retryAfter(erinThere, 1)).toBeGreaterThan(0);
  });

  it("slows an account attacked from many addresses progressively, but not for an address with no failures", () => {
    const limiter = new LoginLimiter({ perAccount: 4, windowMs: 15 * MIN, maxDelayMs: 8000 });
    for (let i = 0; i < 4; i++) limiter.fail({ account: "erin", address: `10.1.0.${i}` }, 1000);
    // The 4th failure started the delay: 1 s after the last failure, for an address that failed.
    expect(limiter.retryAfter({ account: "erin", address: "10.1.0.0" }, 1000)).toBe(1);
    expect(limiter.retryAfter({ account: "erin", address: "10.1.0.0" }, 2000)).toBe(0);
    const waits = [];
    for (let n = 0; n < 5; n++) {
      limiter.fail({ account: "erin", address: "10.1.0.1" }, 10_000 * (n + 1));
      waits.push(limiter.retryAfter({ account: "erin", address: "10.1.0.2" }, 10_000 * (n + 1)));
    }
    expect(waits).toEqual([2, 4, 8, 8, 8]);
    expect(limiter.retryAfter({ account: "erin", address: "192.0.2.1" }, 50_000)).toBe(0);
  });

  it("never drops a live key for junk: a target stays locked past 10,000 junk keys", () => {
    const limiter = new LoginLimiter({ perPair: 3, windowMs: MIN, maxKeys: 10_000 });
    const target = { account: "admin", address: "203.0.113.9" };
    for (let i = 0; i < 3; i++) limiter.fail(target, i);
    for (let i = 0; i < 12_000; i++)
      limiter.fail(
        { account: `junk${i}`, address: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
        100,
      );
    expect(limiter.size).toBeLessThanOrEqual(10_000);
    expect(limiter.droppedKeys).toBeGreaterThan(0);
    expect(limiter.retryAfter(target, 200)).toBeGreaterThan(0);
    // Once the junk has left the window, new keys are recorded again.
    limiter.fail({ account: "late", address: "10.9.9.9" }, MIN + 200);
    expect(limiter.size).toBeLessThan(10);
    expect(limiter.retryAfter({ account: "late", address: "10.9.9.9" }, MIN + 201)).toBe(0);
  });
});
