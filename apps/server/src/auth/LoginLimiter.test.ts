import { describe, expect, it } from "vitest";
import { LoginLimiter } from "./LoginLimiter.ts";

describe("LoginLimiter", () => {
  it("allows max failures per key in the window, then says how long to wait", () => {
    const limiter = new LoginLimiter(3, 60_000);
    const keys = ["user:erin", "ip:10.0.0.1"];
    for (let t = 0; t < 3; t++) {
      expect(limiter.retryAfter(keys, t * 1000)).toBe(0);
      limiter.fail(keys, t * 1000);
    }
    expect(limiter.retryAfter(keys, 3000)).toBe(57);
    // Another address guessing the same user is stopped too; another user from a fresh address is not.
    expect(limiter.retryAfter(["user:erin", "ip:10.0.0.2"], 3000)).toBe(57);
    expect(limiter.retryAfter(["user:sam", "ip:10.0.0.2"], 3000)).toBe(0);
    expect(limiter.retryAfter(keys, 60_001)).toBe(0);
  });

  it("forgets failures after a success", () => {
    const limiter = new LoginLimiter(2, 60_000);
    limiter.fail(["user:erin"], 0);
    limiter.fail(["user:erin"], 1);
    limiter.succeed(["user:erin"]);
    expect(limiter.retryAfter(["user:erin"], 2)).toBe(0);
  });

  it("keeps at most maxKeys keys however many names are guessed", () => {
    const limiter = new LoginLimiter(1, 60_000, 100);
    for (let i = 0; i < 1000; i++) limiter.fail([`user:guess${i}`], i);
    expect(limiter.retryAfter(["user:guess999"], 1000)).toBeGreaterThan(0);
    expect(limiter.retryAfter(["user:guess0"], 1000)).toBe(0);
    expect(
      (limiter as unknown as { failures: Map<string, number[]> }).failures.size,
    ).toBeLessThanOrEqual(100);
  });
});
