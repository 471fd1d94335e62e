import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { LiveConnection } from "../LiveConnection.ts";
import { sessionOf } from "./previewApiRoutes.ts";
import { previewProblems } from "./previewProblems.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

export interface PreviewStreamOptions {
  heartbeatMs: number;
  /** Characters that may wait for one slow watcher before it is disconnected (LiveConnection). */
  maxBuffered: number;
  /** Open streams per session. */
  maxWatchers: number;
}

const sessionMessage = (session: PreviewSession) =>
  `event: session\ndata: ${JSON.stringify(session)}\n\n`;
const tracesMessage = (traces: PreviewTrace[]) =>
  `event: traces\ndata: ${JSON.stringify(traces)}\n\n`;

/**
 * `GET /api/previews/:id/stream`: Server-Sent Events of one session (docs/preview.md). On
 * connect the session and the traces kept so far, then each change of the session and each
 * report as it arrives; a comment line keeps idle proxies from closing it. A reconnecting
 * EventSource gets the whole picture again, so a watcher dropped for falling behind loses
 * nothing the session still keeps.
 */
export default function previewStream(
  app: FastifyInstance,
  sessions: PreviewSessions,
  options: PreviewStreamOptions,
): void {
  const open = new Set<() => void>();
  // Streams never end by themselves; close them so a shutdown is not held up by a studio tab.
  app.addHook("preClose", (done) => {
    for (const close of open) close();
    done();
  });

  app.get("/api/previews/:id/stream", (request, reply) => {
    const session = sessionOf(sessions, request);
    if (sessions.watchers(session.id) >= options.maxWatchers)
      throw previewProblems.tooManyWatchers(options.maxWatchers);
    const res = reply.raw;
    const connection = new LiveConnection(res, options.maxBuffered, (backlog) =>
      request.log.info({ backlog }, "preview: watcher fell behind; disconnected"),
    );
    reply.hijack();
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    connection.send(sessionMessage(session));
    connection.send(tracesMessage(sessions.traces(session.id)));
    const unwatch = sessions.watch(session.id, {
      session: (s) => connection.send(sessionMessage(s)),
      traces: (t) => connection.send(tracesMessage(t)),
    });
    const heartbeat = setInterval(() => connection.send(": keep-alive\n\n"), options.heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      unwatch?.();
      open.delete(close);
    };
    const close = () => {
      end();
      res.end();
    };
    open.add(close);
    request.raw.once("close", end);
    res.once("close", end);
  });
}
