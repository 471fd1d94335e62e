const ASCTIME = /^[a-z]{3} [a-z]{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/i;

/**
 * A `Retry-After` header (RFC 9110 §10.2.3) as milliseconds from `now`: either delay-seconds
 * (`120`) or an HTTP-date (`Wed, 21 Oct 2026 07:28:00 GMT`). A date in the past is 0.
 * Undefined when absent or unreadable (the backoff alone then decides).
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse reads IMF-fixdate and the two obsolete forms RFC 9110 §5.6.7 asks recipients
  // to accept; a date must at least name a weekday or month to be taken as one.
  if (!/[a-z]/i.test(text)) return undefined;
  // asctime (`Wed Oct 21 07:28:00 2026`) names no zone but means GMT; Date.parse would
  // take it as local time.
  const at = Date.parse(ASCTIME.test(text) ? `${text} GMT` : text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
