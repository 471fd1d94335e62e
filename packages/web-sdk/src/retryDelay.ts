/** Statuses the edge uses for back-pressure and transient failure (edge-protocol.md §3.6). */
export const RETRY_STATUSES = [429, 502, 503, 504];
export const MAX_RETRIES = 3;

/**
 * Milliseconds to wait before retry number `retriesAttempted + 1`: the `Retry-After` header
 * (delta seconds or an HTTP-date) when present, else `1000 + 1000·n` ms jittered ±30 %,
 * as alloy does. `random` is injectable for tests.
 */
export default function retryDelay(
  retryAfter: string | null | undefined,
  retriesAttempted: number,
  now = Date.now(),
  random = Math.random,
): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (retryAfter.trim() !== "" && !isNaN(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!isNaN(date)) return Math.max(0, date - now);
  }
  return Math.round((0.7 + 0.6 * random()) * (1000 + 1000 * retriesAttempted));
}
