import { describe, expect, it } from "vitest";
import retryDelay from "./retryDelay.ts";

describe("retryDelay", () => {
  it("honours Retry-After seconds and HTTP-dates", () => {
    expect(retryDelay("2", 0)).toBe(2000);
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(retryDelay("Sat, 21 Nov 2026 10:00:03 GMT", 0, now)).toBe(3000);
    expect(retryDelay("Sat, 21 Nov 2026 09:00:00 GMT", 0, now)).toBe(0);
  });

  it("backs off 1000 + 1000·n ms with ±30 % jitter otherwise", () => {
    expect(retryDelay(null, 0, 0, () => 0)).toBe(700);
    expect(retryDelay(null, 0, 0, () => 1)).toBe(1300);
    expect(retryDelay("soon", 2, 0, () => 0.5)).toBe(3000);
  });
});
