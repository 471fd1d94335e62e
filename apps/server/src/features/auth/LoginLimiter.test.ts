import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/SqliteStore.ts";
import { LoginLimiter, type LoginLimits } from "./LoginLimiter.ts";

const MIN = 60_000;

let store: SqliteStore;
beforeEach(async () => {
  store = new SqliteStore(":memory:");
  await store.migrate();
});
afterEach(() => store.close());

const limiterWith = (limits: Partial<LoginLimits>) => new LoginLimiter(store.loginFailures, limits);

describe("LoginLimiter", () => {
  it("stops a pair after perPair failures and says how long to wait", async () => {
    const limiter = limiterWith({ perPair: 3, windowMs: MIN });
    const attempt = { account: "erin", address: "10.0.0.1" };
    for (let t = 0; t < 3; t++) {
      expect(await limiter.retryAfter(attempt, t * 1000)).toBe(0);
      await limiter.fail(attempt, t * 1000);
    }
    expect(await limiter.retryAfter(attempt, 3000)).toBe(57);
    expect(await limiter.retryAfter(attempt, MIN + 1)).toBe(0);
  });

  it("counts an address's failures across accounts, and a success never clears them", async () => {
    const limiter = limiterWith({ perAddress: 8, windowMs: MIN });
    const address = "10.0.0.2";
    let t = 0;
    let rounds = 0;
    while ((await limiter.retryAfter({ account: "owner", address }, t)) === 0 && rounds < 10) {
      for (let i = 0; i < 4; i++)
        await limiter.fail({ account: `victim${rounds}-${i}`, address }, t++);
      await limiter.succeed({ account: "owner", address });
      rounds++;
    }
    expect(rounds).toBe(2);
    expect(await limiter.retryAfter({ account: "anyone", address }, t)).toBeGreaterThan(0);
    expect(await limiter.retryAfter({ account: "anyone", address: "10.0.0.3" }, t)).toBe(0);
  });

  it("a success clears only that account's failures from that address", async () => {
    const limiter = limiterWith({ perPair: 2, windowMs: MIN });
    const erinHere = { account: "erin", address: "10.0.0.1" };
    const erinThere = { account: "erin", address: "10.0.0.9" };
    for (const a of [erinHere, erinHere, erinThere, erinThere]) await limiter.fail(a, 0);
    await limiter.succeed(erinHere);
    expect(await limiter.retryAfter(erinHere, 1)).toBe(0);
    expect(await limiter.retryAfter(erinThere, 1)).toBeGreaterThan(0);
  });

  it("slows an account attacked from many addresses progressively, but not for an address with no failures", async () => {
    const limiter = limiterWith({ perAccount: 4, windowMs: 15 * MIN, maxDelayMs: 8000 });
    for (let i = 0; i < 4; i++)
      await limiter.fail({ account: "erin", address: `10.1.0.${i}` }, 1000);
    // The 4th failure started the delay: 1 s after the last failure, for an address that failed.
    expect(await limiter.retryAfter({ account: "erin", address: "10.1.0.0" }, 1000)).toBe(1);
    expect(await limiter.retryAfter({ account: "erin", address: "10.1.0.0" }, 2000)).toBe(0);
    const waits = [];
    for (let n = 0; n < 5; n++) {
      await limiter.fail({ account: "erin", address: "10.1.0.1" }, 10_000 * (n + 1));
      waits.push(
        await limiter.retryAfter({ account: "erin", address: "10.1.0.2" }, 10_000 * (n + 1)),
      );
    }
    expect(waits).toEqual([2, 4, 8, 8, 8]);
    expect(await limiter.retryAfter({ account: "erin", address: "192.0.2.1" }, 50_000)).toBe(0);
  });

  it("prunes failures that left the window as new ones are recorded, and keeps live ones", async () => {
    const limiter = limiterWith({ perPair: 3, windowMs: MIN });
    const target = { account: "admin", address: "203.0.113.9" };
    for (let i = 0; i < 3; i++) await limiter.fail(target, i);
    for (let i = 0; i < 200; i++)
      await limiter.fail({ account: `junk${i}`, address: `10.0.0.${i}` }, 100);
    expect(await store.loginFailures.size()).toBe(3 * 203);
    expect(await limiter.retryAfter(target, 200)).toBeGreaterThan(0);
    // Past the window, each failure removes up to 100 old rows while adding 3.
    for (let i = 0; i < 7; i++)
      await limiter.fail({ account: "late", address: "10.9.9.9" }, MIN + 200 + i);
    expect(await store.loginFailures.size()).toBe(3 * 7);
    expect(await limiter.retryAfter(target, MIN + 300)).toBe(0);
  });
});
