import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./HttpError.ts";
import { problems } from "./problems.ts";
import { bounded, type RefusalLog } from "./RefusalLog.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Refused requests, counted and logged sampled (http/RefusalLog.ts); set by errorMapper. */
    refusals: RefusalLog;
  }
}

/** Fastify's own 4xx errors (body parsing, limits) mapped onto our catalogue. */
function fromFastify(error: FastifyError): HttpError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return problems.bodyTooLarge("The request body is larger than the server accepts.");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return problems.unsupportedMediaType(
        "Send the body as text/plain or application/json (UTF-8).",
        { field: "content-type" },
      );
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return problems.invalidField("Content-Length does not match the body.", {
        field: "content-length",
      });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return problems.malformedJson("The body is empty.", { field: "body" });
    case "FST_ERR_MAX_PARAM_LENGTH":
      return problems.uriTooLong("A path segment is longer than the server accepts.", {
        field: "url",
      });
    case "FST_ERR_BAD_URL":
    case "FST_ERR_INVALID_URL":
      return problems.invalidQuery("The URL could not be decoded.", { field: "url" });
    default:
      if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500)
        return new HttpError(
          error.statusCode,
          `urn:liftoff:errors:HTTP-${error.statusCode}`,
          "Bad request",
          error.message,
        );
      return undefined;
  }
}

/** The id a problem reports: alloy's `?requestId=` on the edge, else the server's own. */
function requestIdOf(request: FastifyRequest): string {
  const sent = (request.query as Record<string, unknown> | undefined)?.requestId;
  return typeof sent === "string" && sent.length <= 64 ? sent : request.id;
}

/**
 * The one problem+json body (RFC 9457) of the whole server: `type`, `title`, `status`,
 * `detail`, `requestId`; `errors[]` naming fields when there are any; members that carry
 * meaning (`conflict`); and `report.requestId`, where Adobe's Edge puts the id
 * (edge-protocol.md §3.3), so tools written for Adobe's errors find it too.
 */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  const requestId = requestIdOf(request);
  return reply
    .code(error.status)
    .headers(error.headers)
    .type("application/problem+json")
    .send({
      ...error.members,
      type: error.type,
      title: error.title,
      status: error.status,
      detail: error.message,
      requestId,
      ...(error.errors.length > 0 ? { errors: error.errors } : {}),
      report: { requestId },
    });
}

/**
 * Counted per route and reason, and logged as one bounded line (the route pattern, not the
 * raw, hostile URL) only for the first few of each per minute: a flood never writes a line
 * per request. `request.server` is the app (or a plugin context inheriting its decorators),
 * also for the router's own errors, which run before any route.
 */
function logRefusal(request: FastifyRequest, error: HttpError): void {
  request.server.refusals.refused(request, error, requestIdOf(request));
}

/** Everything a handler, hook or Fastify throws, as the problem the client gets. */
function problemOf(error: FastifyError, request: FastifyRequest): HttpError {
  const mapped = error instanceof HttpError ? error : fromFastify(error);
  if (mapped) {
    logRefusal(request, mapped);
    return mapped;
  }
  request.server.refusals.failed();
  request.log.error(
    { err: error, method: request.method, route: request.routeOptions.url ?? bounded(request.url) },
    "unhandled error",
  );
  return problems.internal("The server could not handle the request; it has been logged.");
}

/**
 * Router-level errors (a bad URL, an over-long path segment) happen before any route runs;
 * Fastify hands them to `frameworkErrors`, which goes through the same catalogue.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const mapped =
    fromFastify(error) ??
    problems.invalidQuery("The request could not be routed.", { field: "url" });
  logRefusal(request, mapped);
  void sendProblem(request, reply, mapped);
}

/**
 * The one error mapper for every route of the server, the studio API's too:
 * HttpError and Fastify's 4xx become problem+json, counted and logged sampled by `refusals`;
 * anything else is a 500, logged every time, whose body says nothing about internals.
 */
export default function errorMapper(app: FastifyInstance, refusals: RefusalLog): void {
  app.decorate("refusals", refusals);
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendProblem(request, reply, problemOf(error, request)),
  );
  app.setNotFoundHandler((request, reply) => {
    const missing = problems.notFound(
      `No resource at ${request.method} ${bounded(request.url.split("?")[0]!)}.`,
    );
    logRefusal(request, missing);
    return sendProblem(request, reply, missing);
  });
}
