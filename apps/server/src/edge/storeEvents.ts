import type { Datastream, NewEvent } from "../storage/Store.ts";
import type { EdgeEvent } from "./parseEnvelope.ts";
import reportColumns from "./reportColumns.ts";
import type { WriteQueue } from "./WriteQueue.ts";

export interface Arrival {
  datastream: Datastream;
  requestId: string;
  ecid: string;
  /** The request body as received; stored once per request, each event points into it. */
  body: string;
}

/**
 * Writes a request's events and resolves once the transaction holding them has committed:
 * the edge answers 2xx only after this, so an acknowledged event is never lost (a crash
 * before the commit leaves the request unanswered, never falsely acknowledged).
 */
export default async function storeEvents(
  queue: WriteQueue,
  events: EdgeEvent[],
  arrival: Arrival,
): Promise<void> {
  const { datastream, requestId, ecid, body } = arrival;
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
  await queue.enqueue(rows);
}
