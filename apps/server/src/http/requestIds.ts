import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** What an incoming X-Request-Id may be: short, and nothing a log line or header could misread. */
const VALID_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's `genReqId`: the id every log line of a request carries (`reqId`), its
 * `X-Request-Id` response header and its problem bodies' `requestId`. Behind a trusted proxy
 * the proxy's X-Request-Id is kept, so its access log and ours name a request alike;
 * otherwise (or when the header is not a valid id) a random UUID.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  if (!trustProxy) return () => randomUUID();
  return (request) => {
    const sent = request.headers["x-request-id"];
    return typeof sent === "string" && VALID_ID.test(sent) ? sent : randomUUID();
  };
}

/**
 * Echoes the id in `X-Request-Id` and logs one line per request at `debug`. At `info` no
 * per-request line is written: at ingest rates the lines would cost more than the work.
 */
export default function requestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    request.log.debug(
      {
        method: request.method,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      "request",
    );
    done();
  });
}
