import type { LiveStream } from "../live/LiveStream.ts";
import type { Store } from "../../store/Store.ts";
import { EVENTS_CHANNEL, parseEventNotice } from "./EventNotice.ts";

/** `listRange` reads at most this many ids at once. */
const IDS_PER_READ = 5000;

/**
 * Live events from the other nodes: a node that commits events publishes them to its own
 * live stream and sends an event notice (PostgresStore does, inside the commit); every other
 * node reads those events from the store and publishes them to its subscribers. Nothing is
 * read while this node has no live subscriber. Notices are handled one after another, so
 * each node's events reach a subscriber in the order they committed.
 */
export default function shareLiveEvents(
  store: Store,
  live: LiveStream,
  log: (message: string, error: unknown) => void,
): () => void {
  let chain = Promise.resolve();
  return store.bus.subscribe(EVENTS_CHANNEL, (payload) => {
    const notice = parseEventNotice(payload);
    if (!notice || notice.node === store.nodeId || live.subscribers === 0) return;
    chain = chain
      .then(async () => {
        for (const [first, last] of notice.ranges)
          for (let from = first; from <= last; from += IDS_PER_READ) {
            // Events removed since (retention) are simply not found: nothing to show.
            const events = await store.events.listRange(
              from,
              Math.min(last, from + IDS_PER_READ - 1),
            );
            live.publish(events);
          }
      })
      .catch((error: unknown) =>
        log("live stream: events another node stored could not be read", error),
      );
  });
}
