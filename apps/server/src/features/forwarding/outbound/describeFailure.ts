import { InvalidRequestError } from "./exchange.ts";

/** The exchange ran out of its time (`sendPlanned`'s `timeoutMs`). */
export class TimeoutError extends Error {
  override name = "TimeoutError";
}

/** The caller's signal aborted the exchange (a worker shutting down). */
export class CallerAbortError extends Error {
  override name = "CallerAbortError";
}

/**
 * A failed exchange as a plain sentence for the attempt log and the dead-letter reason, and
 * whether sending again could help (only a request Node refuses to send cannot).
 */
export function describeFailure(
  error: unknown,
  host: string,
  timeoutMs: number,
): { error: string; permanent?: true } {
  if (error instanceof TimeoutError) return { error: `timed out after ${timeoutMs} ms` };
  if (error instanceof CallerAbortError) return { error: "aborted before an answer" };
  if (error instanceof InvalidRequestError) {
    return { error: `the request is not valid: ${error.message}`, permanent: true };
  }
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ECONNREFUSED") return { error: `connection refused by ${host}` };
  if (code === "ECONNRESET") return { error: `connection reset by ${host}` };
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO/.test(code)) {
    return { error: `TLS error with ${host}: ${message}` };
  }
  return { error: `network error with ${host}: ${code ?? message}` };
}
