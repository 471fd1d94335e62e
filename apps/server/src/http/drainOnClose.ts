import type { FastifyInstance } from "fastify";

/**
 * How shutdown treats connections with no request in progress. Node closes them the moment
 * the server closes, and one a proxy has just opened, whose request has not arrived yet,
 * counts as idle (Node's connection list marks a connection active once a request starts): the
 * proxy would see its request fail after sending it (a 502, and a POST is not retried). So
 * closing waits `graceMs` before it closes idle
 * connections, answers every request meanwhile with `Connection: close` (no connection is
 * reused), and then closes what is still idle. The listener stops at once as before.
 */
export default function drainOnClose(app: FastifyInstance, graceMs = 1_000): void {
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
