import type { SendOutcome } from "./sendPlanned.ts";

export interface RetryOptions {
  /** Attempts in all, the first included. Default 8. */
  maxAttempts?: number;
  /** The first retry's delay before jitter. Default 1 s. */
  baseMs?: number;
  /** No delay is longer, Retry-After included. Default 15 minutes. */
  capMs?: number;
  /** A number in [0, 1); tests pin it. */
  random?: () => number;
}

export type RetryStep =
  | { kind: "delivered" }
  | { kind: "retry"; delayMs: number; reason: string }
  | { kind: "dead"; reason: string };

const DEFAULTS = { maxAttempts: 8, baseMs: 1000, capMs: 15 * 60_000 };

/** Statuses that say "not now" rather than "not this" (RFC 9110 §15.5.9, RFC 8470 §5.2, RFC 6585 §4). */
const RETRYABLE_4XX = new Set([408, 425, 429]);

/**
 * What follows a send attempt: delivered (2xx), a retry after a delay, or dead.
 *
 * Retried: a network error or timeout, 408, 425, 429 and every 5xx, after an exponential
 * backoff with jitter — a delay drawn from [0.5, 1] × `baseMs`·2^(attempt−1), so destinations
 * that failed together are not all retried in the same instant — never shorter than the
 * answer's Retry-After, and never longer than `capMs`. Dead at once: any other status (other
 * 4xx, and 3xx that were not followed), or a permanent failure (refused host or address,
 * missing secret). When `attempt` was the last allowed, a retryable failure is dead too, with
 * its reason.
 *
 * @example nextStep(1, { status: 503, host: "hooks.example.com", latencyMs: 40 })
 *   // { kind: "retry", delayMs: 742, reason: "HTTP 503 from hooks.example.com" }
 */
export function nextStep(
  attempt: number,
  outcome: SendOutcome,
  options: RetryOptions = {},
): RetryStep {
  const { status } = outcome;
  if (!outcome.permanent && status !== undefined && status >= 200 && status < 300) {
    return { kind: "delivered" };
  }
  const reason = reasonOf(outcome);
  const retryable =
    !outcome.permanent &&
    (status === undefined || RETRYABLE_4XX.has(status) || (status >= 500 && status < 600));
  if (!retryable) return { kind: "dead", reason };
  const maxAttempts = options.maxAttempts ?? DEFAULTS.maxAttempts;
  if (attempt >= maxAttempts) {
    return { kind: "dead", reason: `${reason} (gave up after ${attempt} attempts)` };
  }
  const baseMs = options.baseMs ?? DEFAULTS.baseMs;
  const capMs = options.capMs ?? DEFAULTS.capMs;
  const random = options.random ?? Math.random;
  const backoff = baseMs * 2 ** (attempt - 1) * (0.5 + 0.5 * random());
  const delayMs = Math.round(Math.min(capMs, Math.max(backoff, outcome.retryAfterMs ?? 0)));
  return { kind: "retry", delayMs, reason };
}

/** A plain sentence: the outcome's own error, else the status and who answered it. */
function reasonOf(outcome: SendOutcome): string {
  if (outcome.error !== undefined) return outcome.error;
  if (outcome.status !== undefined) {
    return `HTTP ${outcome.status}${outcome.host ? ` from ${outcome.host}` : ""}`;
  }
  return "no answer";
}
