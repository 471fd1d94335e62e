import { createHash } from "node:crypto";
import type {
  Datastream,
  ForwardTarget,
  NewEvent,
  RequestKey,
  RequestOutcome,
} from "../../store/Store.ts";
import type { EdgeEvent } from "./parseEnvelope.ts";
import reportColumns from "./reportColumns.ts";
import type { WriteQueue } from "./WriteQueue.ts";

export interface Arrival {
  datastream: Datastream;
  requestId: string;
  ecid: string;
  /** The request body as received; stored once per request, each event points into it. */
  body: string;
  /**
   * When the client named the request (`?requestId=`): its fingerprint (`requestFingerprint`)
   * and the time its key is stamped with, so a retry within the window is stored once
   * (docs/server.md, Retries). Without it the request is stored every time it arrives.
   */
  keyed?: { fingerprint: string; at: number };
  /** Set when the datastream forwards: its inbox row is written with the events. */
  forward?: ForwardTarget;
}

/**
 * What tells a retry from another request that reuses its id: the endpoint and a SHA-256 of
 * the body as it arrived (a retry repeats both byte for byte; nginx and alloy resend the same
 * body).
 */
export const requestFingerprint = (action: string, body: string): string =>
  `${action}:${createHash("sha256").update(body).digest("base64url")}`;

/**
 * Writes a request's events and resolves once the transaction holding them has committed:
 * the edge answers 2xx only after this, so an acknowledged event is never lost (a crash
 * before the commit leaves the request unanswered, never falsely acknowledged). A keyed
 * request whose key was already stored writes nothing and resolves to that first request's
 * key, whose ECID the answer repeats.
 */
export default async function storeEvents(
  queue: WriteQueue,
  events: EdgeEvent[],
  arrival: Arrival,
): Promise<RequestOutcome> {
  const { datastream, requestId, ecid, body, keyed, forward } = arrival;
  const receivedAt = new Date();
  const rows: NewEvent[] = events.map((event, index) => ({
    receivedAt,
    requestId,
    datastreamId: datastream.id,
    propertyId: datastream.propertyId,
    environmentId: datastream.environmentId,
    ecid,
    xdm: event.xdm,
    data: event.data ?? null,
    ...reportColumns(event),
    source: { body, index },
  }));
  const key: RequestKey | undefined = keyed && {
    datastreamId: datastream.id,
    requestId,
    fingerprint: keyed.fingerprint,
    ecid,
    receivedAt: new Date(keyed.at),
  };
  return queue.enqueue({ events: rows, ...(key ? { key } : {}), ...(forward ? { forward } : {}) });
}
