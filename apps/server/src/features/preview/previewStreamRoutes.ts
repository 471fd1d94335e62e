import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { eventStreams } from "../../http/eventStreams.ts";
import { LiveConnection } from "../../http/LiveConnection.ts";
import { sessionOf } from "./previewRoutes.ts";
import { previewProblems } from "./previewProblems.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";
import { PreviewWatchers, type WatcherCaps } from "./PreviewWatchers.ts";
import { SessionFeed } from "./SessionFeed.ts";

export interface PreviewStreamOptions {
  heartbeatMs: number;
  /** Characters that may wait for one slow watcher before it is disconnected (LiveConnection). */
  maxBuffered: number;
  /** Open streams per person and per session, on each node (PreviewWatchers). */
  watchers: WatcherCaps;
  /**
   * How often a stream also looks in the store unasked: a notice lost while a node's bus
   * connection was down (or before it listened) delays a record by at most this long.
   */
  catchUpMs?: number;
}

const sessionMessage = (session: PreviewSession) =>
  `event: session\ndata: ${JSON.stringify(session)}\n\n`;
const tracesMessage = (traces: PreviewTrace[]) =>
  `event: traces\ndata: ${JSON.stringify(traces)}\n\n`;

/**
 * `GET /api/previews/:id/stream`: Server-Sent Events of one session (docs/preview.md). On
 * connect the session and the traces kept so far, then each change of the session and each
 * report as it arrives, on whichever node it arrived (the cluster bus says so; the records
 * are read from the store); a comment line keeps idle proxies from closing it. A
 * reconnecting EventSource gets the whole picture again, so a watcher dropped for falling
 * behind loses nothing the session still keeps. Streams are capped per person and per
 * session; the session's owner always gets one (PreviewWatchers).
 */
export default function previewStreamRoutes(
  app: FastifyInstance,
  sessions: PreviewSessions,
  options: PreviewStreamOptions,
): void {
  const startStream = eventStreams(app, options.heartbeatMs);
  const watchers = new PreviewWatchers(options.watchers);

  app.get("/api/previews/:id/stream", { config: { access: "viewer" } }, async (request, reply) => {
    const session = await sessionOf(sessions, request);
    // A client that left while the session was read gets no stream: its close event has
    // passed, so nothing would ever give back the place it took.
    if (request.raw.socket.destroyed) return reply.hijack();
    // Signed in (the route is for viewers); the client address only for tests without auth.
    const user = request.signed?.user.username;
    const release = watchers.admit(
      session.id,
      user ?? `ip:${request.ip}`,
      user === session.createdBy,
    );
    if (typeof release !== "function")
      throw previewProblems.tooManyWatchers(release.refused, release.limit);
    const res = reply.raw;
    const connection = new LiveConnection(res, options.maxBuffered, (backlog) =>
      request.log.info({ backlog }, "preview: watcher fell behind; disconnected"),
    );
    const feed = new SessionFeed(sessions, session.id, {
      session: (s) => connection.send(sessionMessage(s)),
      traces: (t) => connection.send(tracesMessage(t)),
      failed: (error) => request.log.warn({ err: error }, "preview: reading the session failed"),
    });
    // Watching starts before the first read, so nothing stored meanwhile is missed: the feed
    // reads after the last sequence it sent.
    const unwatch = sessions.watch(session.id, (kind) => feed.heard(kind));
    const catchUp = setInterval(() => {
      feed.heard("traces");
      feed.heard("session");
    }, options.catchUpMs ?? 5_000);
    startStream(
      request,
      reply,
      (text) => connection.send(text),
      () => {
        clearInterval(catchUp);
        unwatch();
        release();
      },
    );
    feed.start(session);
  });
}
