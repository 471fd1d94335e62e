import type { ForwardingRepository } from "./ForwardingRepository.ts";
import type { ForwardingWorker } from "./ForwardingWorker.ts";

/**
 * Event forwarding's `/metrics` families (docs/server.md, Logs and metrics): what this node's
 * worker did since it started, and the queue as the database holds it (shared by every node).
 */
export function forwardingMetrics(
  worker: ForwardingWorker,
  repo: ForwardingRepository,
): () => Promise<string> {
  return async () => {
    const depth = await repo.depth();
    const c = worker.counts;
    return [
      "# HELP liftoff_forwarding_attempts_total Delivery attempts this node made, by outcome.",
      "# TYPE liftoff_forwarding_attempts_total counter",
      `liftoff_forwarding_attempts_total{outcome="delivered"} ${c.delivered}`,
      `liftoff_forwarding_attempts_total{outcome="retry"} ${c.retried}`,
      `liftoff_forwarding_attempts_total{outcome="dead"} ${c.dead}`,
      "# HELP liftoff_forwarding_planned_total Deliveries this node planned from forwarded events.",
      "# TYPE liftoff_forwarding_planned_total counter",
      `liftoff_forwarding_planned_total ${c.planned}`,
      "# HELP liftoff_forwarding_dropped_total Forwarded requests this node dropped unplanned (no library, body gone, failed to plan 5 times).",
      "# TYPE liftoff_forwarding_dropped_total counter",
      `liftoff_forwarding_dropped_total ${c.dropped}`,
      "# HELP liftoff_forwarding_queue The forwarding queue in the database: requests not planned yet, deliveries pending, dead deliveries.",
      "# TYPE liftoff_forwarding_queue gauge",
      `liftoff_forwarding_queue{part="inbox"} ${depth.inbox}`,
      `liftoff_forwarding_queue{part="pending"} ${depth.pending}`,
      `liftoff_forwarding_queue{part="dead"} ${depth.dead}`,
      "",
    ].join("\n");
  };
}
