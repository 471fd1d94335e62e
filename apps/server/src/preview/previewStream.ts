import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { eventStreams } from "../eventStreams.ts";
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
  const startStream = eventStreams(app, options.heartbeatMs);

  app.get("/api/previews/:id/stream", (request, reply) => {
    const session = sessionOf(sessions, request);
    if (sessions.watchers(session.id) >= options.maxWatchers)
      throw previewProblems.tooManyWatchers(options.maxWatchers);
    const res = reply.raw;
    const connection = new LiveConnection(res, options.maxBuffered, (backlog) =>
      request.log.info({ backlog }, "preview: watcher fell behind; disconnected"),
    );
    // Registered first, but nothing can arrive before this handler has sent the head and the
    // state so far: reports come in on later turns of the event loop.
    const unwatch = sessions.watch(session.id, {
      session: (s) => connection.send(sessionMessage(s)),
      traces: (t) => connection.send(tracesMessage(t)),
    });
    startStream(
      request,
      reply,
      (text) => connection.send(text),
      () => unwatch?.(),
    );
    connection.send(sessionMessage(session));
    connection.send(tracesMessage(sessions.traces(session.id)));
  });
}
