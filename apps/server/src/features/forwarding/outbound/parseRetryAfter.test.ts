import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./parseRetryAfter.ts";

const now = Date.parse("2026-10-21T07:28:00Z");

describe("parseRetryAfter", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter(["5", "9"], now)).toBe(5000);
  });

  it("reads an HTTP-date, in its three forms, as the time left", () => {
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:30:00 GMT", now)).toBe(120_000);
    expect(parseRetryAfter("Wednesday, 21-Oct-26 07:30:00 GMT", now)).toBe(120_000);
    // asctime names no zone and means GMT, whatever the server's time zone.
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      expect(parseRetryAfter("Wed Oct 21 07:30:00 2026", now)).toBe(120_000);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    for (const value of [undefined, "", "soon", "-5", "1.5", "12abc"]) {
      expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
    }
  });
});
