import type { EditConflict } from "@liftoff/schema";
import { HttpError } from "../http/HttpError.ts";

const TYPE = "urn:liftoff:errors:api:";

/**
 * An HttpError carrying the studio API's extra problem members (`errors`, `conflict`,
 * api.ts `ApiProblem`). The API's error handler writes them; elsewhere it is a plain HttpError.
 */
export class ApiError extends HttpError {
  readonly extra: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    title: string,
    detail: string,
    options: {
      field?: string;
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(status, `${TYPE}${code}`, title, detail, options);
    this.extra = options.extra ?? {};
  }
}

type FieldError = { path: string; message: string };

const kindLabel: Record<EditConflict["resource"]["kind"], string> = {
  rule: "rule",
  dataElement: "data element",
  extension: "extension",
  environment: "environment",
  settings: "the property settings",
};

/** The studio API's problem catalogue (docs/api.md lists it). */
export const apiProblems = {
  invalidBody: (errors: FieldError[]) =>
    new ApiError(
      400,
      "invalid-body",
      "Invalid request",
      errors.map((e) => `${e.path}: ${e.message}`).join("; "),
      {
        ...(errors[0] ? { field: errors[0].path } : {}),
        extra: { errors },
      },
    ),
  invalidField: (path: string, message: string) => apiProblems.invalidBody([{ path, message }]),
  unauthenticated: (detail = "Sign in first (POST /api/session).") =>
    new ApiError(401, "unauthenticated", "Not signed in", detail),
  badCredentials: () =>
    new ApiError(
      401,
      "bad-credentials",
      "Wrong username or password",
      "The username or the password is wrong.",
      {
        field: "password",
      },
    ),
  csrf: () =>
    new ApiError(
      403,
      "csrf",
      "Missing or wrong CSRF token",
      "Send the session's csrfToken (from GET /api/session) in the x-csrf-token header.",
      { field: "x-csrf-token" },
    ),
  forbidden: (needed: string, actual: string) =>
    new ApiError(
      403,
      "forbidden",
      "Not allowed",
      `This needs the ${needed} role; you are ${actual}.`,
    ),
  notFound: (what: string) =>
    new ApiError(404, "not-found", "Not found", `${what} does not exist.`),
  conflict: (detail: string) => new ApiError(409, "conflict", "Conflict", detail),
  editConflict: (conflict: EditConflict) =>
    new ApiError(
      409,
      "edit-conflict",
      "Someone else changed this",
      `${conflict.changedBy} saved ${kindLabel[conflict.resource.kind]} "${conflict.resource.name}" at ${conflict.changedAt} (revision ${conflict.currentRevision}); you started from revision ${conflict.yourRevision}. Nothing was saved: compare, merge, and save again with revision ${conflict.currentRevision}.`,
      { field: "revision", extra: { conflict } },
    ),
  wrongState: (detail: string) =>
    new ApiError(409, "library-state", "Library is in another state", detail),
  notBuildable: (errors: FieldError[]) =>
    new ApiError(
      422,
      "property-invalid",
      "The property has validation problems",
      `Fix ${errors.length} problem(s) before building: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`,
      { extra: { errors } },
    ),
  buildFailed: (detail: string) => new ApiError(422, "build-failed", "Build failed", detail),
  tooManyAttempts: (seconds: number) =>
    new ApiError(
      429,
      "too-many-attempts",
      "Too many failed sign-ins",
      `Try again in ${seconds} s.`,
      {
        headers: { "retry-after": String(seconds) },
      },
    ),
  builderMissing: () =>
    new ApiError(
      503,
      "builder-unavailable",
      "Builder unavailable",
      "@liftoff/builder does not provide this function in this installation.",
    ),
};
