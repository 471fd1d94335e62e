import type { StoredEventInfo } from "@liftoff/schema";
import type { NewEvent } from "../../store/Store.ts";

/** An event as JSON for the studio; the request body it came in stays on the server. */
export default function eventWire({ source: _source, ...e }: NewEvent): StoredEventInfo {
  return { ...e, receivedAt: e.receivedAt.toISOString() };
}
