import type { ApiProblem } from "@liftoff/schema";

/** One field-level problem from a problem+json body, `path` naming its place in the request. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error answer from the server, which answers every error in one problem+json shape
 * (docs/api.md, "Errors"). Carries the body so forms can put each `errors[].path` next to its
 * field, 409s can say which revision the property is at, and a report can quote `requestId`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: ApiProblem;

  constructor(problem: ApiProblem) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.name = "ApiError";
    this.status = problem.status;
    this.problem = problem;
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }

  /** The id the server logged the request under, to quote when reporting a problem. */
  get requestId(): string | undefined {
    return this.problem.requestId;
  }

  get isConflict(): boolean {
    return this.status === 409;
  }
}

/** Builds an ApiError from any failed response: problem+json when it is one, else the status. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (isProblem(body)) return new ApiError({ ...body, status: body.status || response.status });
  return new ApiError({
    type: "about:blank",
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: text && text.length < 300 ? text : undefined,
  });
}

function isProblem(body: unknown): body is ApiProblem {
  if (typeof body !== "object" || body === null) return false;
  const { title, errors } = body as { title?: unknown; errors?: unknown };
  return (
    typeof title === "string" &&
    (errors === undefined ||
      (Array.isArray(errors) &&
        errors.every((e) => typeof (e as { path?: unknown } | null)?.path === "string")))
  );
}
