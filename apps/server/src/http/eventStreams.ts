import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * What every Server-Sent Events route of the app shares: the response head, a comment line
 * every `heartbeatMs` that keeps idle proxies from closing the stream, and closing every open
 * stream on shutdown (streams never end by themselves; a studio tab must not hold up a stop).
 * Returns `start`, which turns a request into a stream; `onEnd` runs once the stream is gone.
 */
export function eventStreams(app: FastifyInstance, heartbeatMs: number) {
  const open = new Set<() => void>();
  app.addHook("preClose", (done) => {
    for (const close of open) close();
    done();
  });
  return function start(
    request: FastifyRequest,
    reply: FastifyReply,
    send: (text: string) => unknown,
    onEnd: () => void,
  ): void {
    const res = reply.raw;
    // A hijacked reply's head is written here, not by Fastify: the headers hooks set on the
    // reply (X-Request-Id, the /api headers of http/securityHeaders.ts) are copied into it.
    const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
    reply.hijack();
    res.writeHead(200, {
      ...Object.fromEntries(set),
      "content-type": "text/event-stream; charset=utf-8",
      // A stream is never stored by a cache, as no other /api answer is.
      "cache-control": "no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    const heartbeat = setInterval(() => send(": keep-alive\n\n"), heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      onEnd();
      open.delete(close);
    };
    // Shutdown: a last comment tells a reader the server ended the stream (EventSource
    // reconnects, to another node behind a load balancer).
    const close = () => {
      end();
      res.end(": server shutting down\n\n");
    };
    open.add(close);
    request.raw.once("close", end);
    res.once("close", end);
  };
}
