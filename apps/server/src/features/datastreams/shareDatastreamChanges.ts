import type { DatastreamCache } from "./DatastreamCache.ts";
import type { ClusterBus } from "../../db/ClusterBus.ts";

/** The channel on which a node says that a datastream changed (the payload is its id). */
export const DATASTREAMS_CHANNEL = "liftoff_datastreams";

/**
 * Every node caches datastreams for a few seconds (DatastreamCache.ts); a change made
 * through one node's API empties every node's cache at once, so that, for example, an
 * origin removed from a datastream is refused by every node on its next request.
 */
export default function shareDatastreamChanges(
  bus: ClusterBus,
  cache: DatastreamCache,
): () => void {
  return bus.subscribe(DATASTREAMS_CHANNEL, () => cache.invalidate());
}
