/** One field-level problem: `path` names the place in the request (`rule.name`, `items[0].id`). */
export interface FieldError {
  path: string;
  message: string;
}

export interface HttpErrorOptions {
  /** Shorthand for one field error whose message is the detail. */
  field?: string;
  /** Field-level problems (validation); the first one is the field the log line names. */
  errors?: FieldError[];
  /** Extra problem members that carry meaning for a client (`conflict` on an edit conflict). */
  members?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * The one HTTP error type of the server. Handlers throw it; `errorMapper` writes every one as
 * the same RFC 9457 problem+json body (docs/server.md, "Errors"). `type` is Adobe's URI
 * where Adobe documents the error (reference edge-protocol.md §3.3, §4), a Liftoff URN
 * otherwise.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly errors: FieldError[];
  readonly members: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    type: string,
    title: string,
    detail: string,
    options: HttpErrorOptions = {},
  ) {
    super(detail);
    this.name = "HttpError";
    this.status = status;
    this.type = type;
    this.title = title;
    this.errors =
      options.errors ?? (options.field ? [{ path: options.field, message: detail }] : []);
    this.members = options.members ?? {};
    this.headers = options.headers ?? {};
  }

  /** The field at fault, when there is one (the first field error's path). */
  get field(): string | undefined {
    return this.errors[0]?.path;
  }
}

/**
 * The constructor of one catalogue of problems whose types share `base`
 * (`urn:liftoff:errors:api:` + code).
 */
export const problemsUnder =
  (base: string) =>
  (status: number, code: string, title: string, detail: string, options: HttpErrorOptions = {}) =>
    new HttpError(status, `${base}${code}`, title, detail, options);
