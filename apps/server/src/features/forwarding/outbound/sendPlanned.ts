import type { OutboundHost, PlannedRequest } from "@liftoff/schema";
import { checkDestination, systemResolveHost, type ResolveHost } from "./checkDestination.ts";
import { CallerAbortError, describeFailure, TimeoutError } from "./describeFailure.ts";
import { exchangeWithFallback } from "./exchangeWithFallback.ts";
import { EXCERPT_CHARS, excerptOf } from "./excerptOf.ts";
import { isRedirect, nextHop } from "./nextHop.ts";
import { parseRetryAfter } from "./parseRetryAfter.ts";
import { preparePlanned } from "./preparePlanned.ts";
import { longestSecretBytes, maskSecrets } from "./secrets.ts";

export interface SendOptions {
  /** The environment's secrets, name → value: placeholders are replaced at send time only. */
  secrets: ReadonlyMap<string, string>;
  /** The property's outbound host allowance. */
  hosts: readonly OutboundHost[];
  /** The whole exchange: resolving, redirects and the answer's body. Default 10 000. */
  timeoutMs?: number;
  /** How much of an answer's body is read before the connection is closed. Default 64 KiB. */
  maxResponseBytes?: number;
  /** Redirects followed, each checked as the first request was. Default 3. */
  maxRedirects?: number;
  /** Aborts the exchange (a shutting-down worker). */
  signal?: AbortSignal;
  /** Resolves host names (default: the system resolver); tests inject their own answers. */
  lookup?: ResolveHost;
  /** Certificates to trust besides Node's bundled ones (a destination with a private CA). */
  ca?: string | Buffer | Array<string | Buffer>;
}

/** What one send attempt came to; `retryPolicy.nextStep` turns it into the next step. */
export interface SendOutcome {
  /** The final answer's HTTP status (after redirects); absent when none came. */
  status?: number;
  /** Why there is no usable answer, as a sentence; secret values masked. */
  error?: string;
  /** The final answer's `Retry-After`, in milliseconds from when it came. */
  retryAfterMs?: number;
  latencyMs: number;
  /** The first 1 KB of the answer's body as text, every secret value masked as "••••". */
  excerpt?: string;
  /** `host[:port]` of the last URL tried (after redirects), for reasons and statistics. */
  host?: string;
  /** True when sending again cannot help: a refused host or address, a missing secret… */
  permanent?: boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;

/**
 * Sends a planned request to its destination, safely: secrets put in at the last moment, the
 * host checked against the property's allowance and every address against the SSRF rules
 * (connecting only to the addresses checked), each redirect followed only after the same
 * checks, the answer read up to a cap, the whole exchange under one timeout. Never throws:
 * every failure is an outcome with an `error` sentence, `permanent` when retrying is futile.
 *
 * @example
 * const outcome = await sendPlanned(action.request, { secrets, hosts: [{ host: "graph.facebook.com" }] });
 * const step = nextStep(attempt, outcome);
 */
export async function sendPlanned(
  request: PlannedRequest,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const { secrets } = options;
  const mask = (text: string) => maskSecrets(text, secrets);
  const end = (fields: Omit<SendOutcome, "latencyMs">): SendOutcome => {
    const outcome: SendOutcome = { ...fields, latencyMs: Math.round(performance.now() - started) };
    if (outcome.error !== undefined) outcome.error = mask(outcome.error);
    if (outcome.host !== undefined) outcome.host = mask(outcome.host);
    return outcome;
  };

  const prepared = preparePlanned(request, secrets);
  if ("error" in prepared) return end({ error: prepared.error, permanent: true });
  let hop = prepared;

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), timeoutMs);
  const onOuterAbort = () => controller.abort(new CallerAbortError("aborted"));
  if (options.signal?.aborted) onOuterAbort();
  else options.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = controller.signal;

  try {
    for (let redirects = 0; ; redirects++) {
      const host = hop.url.host;
      const check = await untilAborted(
        checkDestination(hop.url, options.hosts, options.lookup ?? systemResolveHost),
        signal,
      );
      if (!check.ok) {
        const prefix = redirects > 0 ? `redirect to ${hop.url.origin}: ` : "";
        return end({ error: `${prefix}${check.error}`, permanent: check.permanent, host });
      }
      const result = await exchangeWithFallback(check.addresses, {
        url: hop.url,
        method: hop.method,
        headers: hop.headers.map((header): [string, string] => [header.name, header.value]),
        body: hop.body,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        // Multi-byte text takes up to 4 bytes a character, and a secret straddling the cut
        // must be read whole to be masked whole.
        keepBytes: EXCERPT_CHARS * 4 + longestSecretBytes(secrets),
        signal,
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      });
      const { status } = result;
      const location = result.headers.location;
      if (location !== undefined && isRedirect(status)) {
        const next = nextHop(hop, status, location);
        if ("error" in next) return end({ status, error: next.error, permanent: true, host });
        if (redirects >= maxRedirects) {
          const error = `stopped after ${maxRedirects} redirects (the next was to ${next.url.origin})`;
          return end({ status, error, permanent: true, host });
        }
        hop = next;
        continue;
      }
      const outcome: Omit<SendOutcome, "latencyMs"> = { status, host };
      const retryAfterMs = parseRetryAfter(result.headers["retry-after"]);
      if (retryAfterMs !== undefined) outcome.retryAfterMs = retryAfterMs;
      const excerpt = excerptOf(result.head, mask);
      if (excerpt !== "") outcome.excerpt = excerpt;
      return end(outcome);
    }
  } catch (error) {
    return end({ ...describeFailure(error, hop.url.host, timeoutMs), host: hop.url.host });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/** `promise`, or the signal's reason as soon as it aborts (the resolver cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const reason = () =>
    signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
  if (signal.aborted) return Promise.reject(reason());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
