import type { FastifyInstance } from "fastify";
import type { RefusalLog } from "./RefusalLog.ts";

/**
 * `GET /metrics`: the server's counters in Prometheus text format (0.0.4). Admin only:
 * route names and refusal counts say how the server is probed, and nothing is open unless
 * its route says so. docs/server.md, Logs and metrics.
 */
export default function metricsRoutes(
  app: FastifyInstance,
  refusals: RefusalLog,
  /** More metric families, each as Prometheus text (a feature's own, such as forwarding's). */
  more: Array<() => Promise<string>> = [],
): void {
  app.get("/metrics", { config: { access: "admin" } }, async (_request, reply) => {
    const texts = await Promise.all(more.map((family) => family()));
    return reply
      .type("text/plain; version=0.0.4; charset=utf-8")
      .header("cache-control", "no-store")
      .send([refusals.metrics(), ...texts].join(""));
  });
}
