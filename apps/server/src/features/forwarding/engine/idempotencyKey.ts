/**
 * The key one action of one rule for one event is sent under, the same on every attempt and
 * every node (docs/event-forwarding.md): base64url(SHA-256(`requestId:eventIndex:ruleId:
 * actionIndex`)), its first 32 characters (192 bits). Destinations that take one (Meta's
 * `event_id`, LinkedIn's `eventId`, an `Idempotency-Key` header) drop a repeat; the delivery
 * table's unique key makes planning the same event twice insert nothing new.
 */
import { createHash } from "node:crypto";

export function idempotencyKey(
  requestId: string,
  eventIndex: number,
  ruleId: string,
  actionIndex: number,
): string {
  return createHash("sha256")
    .update(`${requestId}:${eventIndex}:${ruleId}:${actionIndex}`, "utf8")
    .digest("base64url")
    .slice(0, 32);
}
