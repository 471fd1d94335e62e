import { describe, expect, it } from "vitest";
import { RateLimiter } from "./RateLimiter.ts";

describe("RateLimiter", () => {
  it("allows a burst, then asks to wait, then refills over time per client", () => {
    let now = 0;
    const limiter = new RateLimiter(1, 2, () => now);
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(1);
    expect(limiter.take("b")).toBe(0);
    now += 1000;
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBeGreaterThan(0);
  });
});
