import type { FastifyInstance } from "fastify";

/**
 * How long a closing node keeps its idle connections open. It must be longer than the idle
 * timeout of a proxy's upstream keep-alive connections (nginx `keepalive_timeout` in the
 * upstream block: 2 s in deploy/nginx/liftoff.conf): then every idle connection is either
 * used once more (and answered with `Connection: close`) or closed by the proxy itself, and
 * the node never closes one under a request the proxy is sending (docs/deployment.md).
 */
export const DEFAULT_DRAIN_MS = 3_000;

/**
 * How shutdown treats connections with no request in progress. Node closes them the moment
 * the server closes, and one a proxy has just opened, or is about to reuse, whose request has
 * not arrived yet, counts as idle (Node's connection list marks a connection active once a
 * request starts): the proxy would see its request fail after sending it. So closing waits
 * `graceMs` before it closes idle connections, answers every request meanwhile with
 * `Connection: close` (no connection is reused), and then closes what is still idle. The
 * listener stops at once as before.
 */
export default function drainOnClose(app: FastifyInstance, graceMs = DEFAULT_DRAIN_MS): void {
  let draining = false;
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    if (draining) return;
    draining = true;
    setTimeout(closeIdle, graceMs).unref();
  };
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
}
