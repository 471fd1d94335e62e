import { describe, expect, it } from "vitest";
import { nextStep } from "./retryPolicy.ts";
import type { SendOutcome } from "./sendPlanned.ts";

const answer = (status: number, extra: Partial<SendOutcome> = {}): SendOutcome => ({
  status,
  latencyMs: 12,
  host: "hooks.example.com",
  ...extra,
});
const low = () => 0;
const high = () => 0.999999;

describe("nextStep", () => {
  it("takes every 2xx as delivered", () => {
    for (const status of [200, 201, 202, 204, 299]) {
      expect(nextStep(1, answer(status))).toEqual({ kind: "delivered" });
    }
  });

  it("retries 408, 425, 429 and 5xx with a plain reason", () => {
    for (const status of [408, 425, 429, 500, 502, 503, 504, 599]) {
      const step = nextStep(1, answer(status), { random: low });
      expect(step).toEqual({
        kind: "retry",
        delayMs: 500,
        reason: `HTTP ${status} from hooks.example.com`,
      });
    }
  });

  it("backs off exponentially with full jitter in [0.5, 1] of base·2^(attempt-1)", () => {
    const options = { baseMs: 1000 };
    expect(nextStep(1, answer(503), { ...options, random: low })).toMatchObject({ delayMs: 500 });
    expect(nextStep(1, answer(503), { ...options, random: high })).toMatchObject({ delayMs: 1000 });
    expect(nextStep(3, answer(503), { ...options, random: low })).toMatchObject({ delayMs: 2000 });
    expect(nextStep(3, answer(503), { ...options, random: high })).toMatchObject({ delayMs: 4000 });
    const spread = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const step = nextStep(4, answer(503));
      if (step.kind !== "retry") throw new Error(step.kind);
      expect(step.delayMs).toBeGreaterThanOrEqual(4000);
      expect(step.delayMs).toBeLessThanOrEqual(8000);
      spread.add(step.delayMs);
    }
    expect(spread.size).toBeGreaterThan(1);
  });

  it("caps the delay at capMs (15 minutes by default), however many attempts", () => {
    const step = nextStep(7, answer(503), { maxAttempts: 100, random: high });
    expect(step).toMatchObject({ kind: "retry", delayMs: 64_000 });
    expect(nextStep(60, answer(503), { maxAttempts: 100, random: high })).toMatchObject({
      delayMs: 15 * 60_000,
    });
    expect(nextStep(5, answer(503), { capMs: 3000, random: high })).toMatchObject({
      delayMs: 3000,
    });
  });

  it("never retries sooner than Retry-After, still capped", () => {
    expect(nextStep(1, answer(429, { retryAfterMs: 120_000 }), { random: high })).toMatchObject({
      kind: "retry",
      delayMs: 120_000,
    });
    // A shorter Retry-After does not shorten the backoff.
    expect(nextStep(3, answer(503, { retryAfterMs: 10 }), { random: low })).toMatchObject({
      delayMs: 2000,
    });
    expect(nextStep(1, answer(503, { retryAfterMs: 7_200_000 }))).toMatchObject({
      delayMs: 15 * 60_000,
    });
  });

  it("retries network errors and timeouts with the error as the reason", () => {
    const timeout: SendOutcome = { error: "timed out after 10000 ms", latencyMs: 10_000 };
    expect(nextStep(2, timeout, { random: low })).toEqual({
      kind: "retry",
      delayMs: 1000,
      reason: "timed out after 10000 ms",
    });
    const refused: SendOutcome = { error: "connection refused by 127.0.0.1:9", latencyMs: 1 };
    expect(nextStep(1, refused)).toMatchObject({ kind: "retry", reason: refused.error });
  });

  it("gives up at once on other 4xx, unfollowed 3xx and permanent failures", () => {
    for (const status of [400, 401, 403, 404, 410, 413, 422]) {
      expect(nextStep(1, answer(status))).toEqual({
        kind: "dead",
        reason: `HTTP ${status} from hooks.example.com`,
      });
    }
    expect(nextStep(1, answer(304))).toEqual({
      kind: "dead",
      reason: "HTTP 304 from hooks.example.com",
    });
    const refusedHost: SendOutcome = {
      error: "host evil.example is not allowed for this property; …",
      permanent: true,
      latencyMs: 0,
    };
    expect(nextStep(1, refusedHost)).toEqual({ kind: "dead", reason: refusedHost.error });
    // A permanent failure that carries a status (an unusable redirect) is still dead.
    const badRedirect = answer(302, { error: "stopped after 3 redirects", permanent: true });
    expect(nextStep(1, badRedirect)).toEqual({ kind: "dead", reason: "stopped after 3 redirects" });
  });

  it("dies with the last reason when the attempts are used up", () => {
    expect(nextStep(7, answer(503), { random: low })).toMatchObject({ kind: "retry" });
    expect(nextStep(8, answer(503))).toEqual({
      kind: "dead",
      reason: "HTTP 503 from hooks.example.com (gave up after 8 attempts)",
    });
    expect(
      nextStep(3, { error: "timed out after 50 ms", latencyMs: 50 }, { maxAttempts: 3 }),
    ).toEqual({
      kind: "dead",
      reason: "timed out after 50 ms (gave up after 3 attempts)",
    });
  });
});
