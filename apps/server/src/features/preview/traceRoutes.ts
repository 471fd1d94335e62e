import type { FastifyInstance } from "fastify";
import type { RateLimiter } from "../../http/RateLimiter.ts";
import { sessionOf } from "./previewRoutes.ts";
import parseTraces from "./parseTraces.ts";
import { previewProblems } from "./previewProblems.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

/**
 * `POST /preview/:id/trace`: a previewed page's reports (docs/preview.md). Public and open to
 * every origin (the page is on the site's origin; navigator.sendBeacon sends text/plain with
 * no credentials, so no preflight); `OPTIONS` answers the preflight of a JSON fetch. A
 * report is checked whole before any record of it is kept.
 */
export default function traceRoutes(
  app: FastifyInstance,
  sessions: PreviewSessions,
  limiter: RateLimiter | undefined,
): void {
  app.options("/preview/:id/trace", { config: { access: "public" } }, (_request, reply) =>
    reply
      .code(204)
      .header("access-control-allow-origin", "*")
      .header("access-control-allow-methods", "POST")
      .header("access-control-allow-headers", "content-type")
      .header("access-control-max-age", "86400")
      .send(),
  );

  app.post("/preview/:id/trace", { config: { access: "public" } }, async (request, reply) => {
    reply.header("access-control-allow-origin", "*");
    const wait = limiter?.take(request.ip) ?? 0;
    if (wait > 0) throw previewProblems.rateLimited(wait);
    const session = await sessionOf(sessions, request);
    if (session.endedAt) throw previewProblems.sessionEnded(session.endedAt);
    const traces = parseTraces(request.body);
    if (!(await sessions.addTraces(session.id, traces))) {
      // It ended between the read and the write (on another node, or by expiry).
      const ended = await sessions.get(session.id);
      throw ended?.endedAt
        ? previewProblems.sessionEnded(ended.endedAt)
        : previewProblems.unknownSession();
    }
    return reply.code(204).send();
  });
}
