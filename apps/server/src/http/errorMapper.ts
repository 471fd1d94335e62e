import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./HttpError.ts";
import { problems } from "./problems.ts";

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
      return new HttpError(
        414,
        "urn:liftoff:errors:EXEG-0213-414",
        "URI too long",
        "A path segment is longer than the server accepts.",
        { field: "url" },
      );
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

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  const requestId = (request.query as Record<string, unknown> | undefined)?.requestId;
  return reply
    .code(error.status)
    .headers(error.headers)
    .type("application/problem+json")
    .send({
      type: error.type,
      status: error.status,
      title: error.title,
      detail: error.message,
      ...(error.field ? { field: error.field } : {}),
      report: { requestId: typeof requestId === "string" ? requestId : request.id },
    });
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
  void sendProblem(request, reply, mapped);
}

/**
 * The one error mapper (STYLE.md §6): HttpError and Fastify's 4xx become problem+json; anything
 * else is a logged 500 whose body says nothing about internals.
 */
export default function errorMapper(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = error instanceof HttpError ? error : fromFastify(error);
    if (mapped) {
      request.log.info(
        { status: mapped.status, type: mapped.type, field: mapped.field, url: request.url },
        mapped.message,
      );
      return sendProblem(request, reply, mapped);
    }
    request.log.error({ err: error, url: request.url }, "unhandled error");
    return sendProblem(
      request,
      reply,
      new HttpError(
        500,
        "urn:liftoff:errors:EXEG-0500-500",
        "Internal server error",
        "The server could not handle the request; it has been logged.",
      ),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      problems.notFound(`No resource at ${request.method} ${request.url}.`),
    ),
  );
}
