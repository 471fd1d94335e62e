/**
 * The one HTTP error type. Handlers throw it; `errorMapper` turns it into an RFC 9457
 * problem+json body. `type` is an EXEG-style code: Adobe's own codes where Adobe documents
 * one (reference edge-protocol.md §3.3, §4), Liftoff's own range otherwise (see edgeErrors.ts).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    type: string,
    title: string,
    detail: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = "HttpError";
    this.status = status;
    this.type = type;
    this.title = title;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}
