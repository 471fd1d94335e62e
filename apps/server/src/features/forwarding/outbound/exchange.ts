import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isRedirect } from "./nextHop.ts";

/** One HTTP request to one checked address, and what came back (no redirect following). */
export interface ExchangeRequest {
  url: URL;
  /** The address to connect to: one `checkDestination` approved. Never resolved again. */
  address: string;
  method: string;
  headers: Array<[string, string]>;
  body: Buffer | null;
  /** Read the answer's body up to this many bytes, then close the connection. */
  maxResponseBytes: number;
  /** Keep this many of the body's first bytes (for the excerpt). */
  keepBytes: number;
  signal: AbortSignal;
  /** Certificates to trust besides Node's bundled ones. */
  ca?: string | Buffer | Array<string | Buffer>;
}

export interface ExchangeResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's first `keepBytes` bytes; empty for a redirect (its body is not read). */
  head: Buffer;
}

/**
 * Keep-alive agents shared by every delivery: a destination that takes a request per event
 * would otherwise pay a TCP (and TLS) handshake each time. Connections are made to checked
 * addresses by IP, so the pool is keyed by the address (and, for TLS, the server name): a
 * pooled connection is only ever reused for the address it was opened to.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxFreeSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxFreeSockets: 64 }),
};

/**
 * Sends one request to `address` with the URL's host name in `Host` (and as the TLS server
 * name, so certificates are checked against the name, not the address). The body of a
 * redirect is not read; any other body is read up to `maxResponseBytes` and the connection
 * then destroyed, so a destination cannot make us download more than that.
 */
export function exchange(request: ExchangeRequest): Promise<ExchangeResult> {
  return new Promise((resolve, reject) => {
    const { url, signal } = request;
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    const headers = mergeHeaders(request.headers);
    headers["host"] = url.host;
    if (request.body) headers["content-length"] = String(request.body.length);
    const options: https.RequestOptions = {
      agent: agents[url.protocol as "http:" | "https:"],
      host: request.address,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
    };
    // SNI carries names only (RFC 6066 §3); for an IP-literal URL the address is the identity.
    if (url.protocol === "https:" && !isIP(hostname)) options.servername = hostname;
    if (request.ca !== undefined) options.ca = request.ca;

    let settled = false;
    let req: http.ClientRequest | undefined;
    const onAbort = () => {
      req?.destroy();
      finish(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    };
    const finish = (error: Error | null, result?: ExchangeResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(result!);
    };
    const send = url.protocol === "https:" ? https.request : http.request;
    try {
      req = send(options);
    } catch (error) {
      // Node refuses a header name or value with forbidden characters before sending.
      finish(new InvalidRequestError((error as Error).message));
      return;
    }
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });

    let answered = false;
    req.on("error", (error) => {
      // A kept-alive connection the server closed while it sat in the pool is reset on reuse
      // before any answer; a fresh connection will do (delivery is at-least-once anyway).
      const stale =
        !answered && req?.reusedSocket && (error as NodeJS.ErrnoException).code === "ECONNRESET";
      finish(stale ? new StaleConnectionError(error) : error);
    });
    req.on("response", (res) => {
      answered = true;
      const status = res.statusCode ?? 0;
      if (isRedirect(status) && res.headers.location !== undefined) {
        res.destroy();
        finish(null, { status, headers: res.headers, head: Buffer.alloc(0) });
        return;
      }
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;
      const done = () => finish(null, { status, headers: res.headers, head: Buffer.concat(kept) });
      res.on("data", (chunk: Buffer) => {
        const room = Math.min(request.keepBytes, request.maxResponseBytes) - keptBytes;
        if (room > 0) {
          const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
          kept.push(part);
          keptBytes += part.length;
        }
        readBytes += chunk.length;
        if (readBytes >= request.maxResponseBytes) {
          // Enough: closing the connection stops the server from sending the rest.
          res.destroy();
          done();
        }
      });
      res.on("end", done);
      res.on("error", (error) => finish(error));
      res.on("close", () => {
        if (!res.complete) finish(new Error("the connection closed before the answer ended"));
      });
    });
    req.end(request.body ?? undefined);
  });
}

/** A request Node would not send (a header with a line break, say): sending again cannot help. */
export class InvalidRequestError extends Error {
  override name = "InvalidRequestError";
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "upgrade",
  "host",
  "content-length",
]);

/** A pooled connection that failed on reuse before an answer came. */
export class StaleConnectionError extends Error {
  override name = "StaleConnectionError";
  constructor(readonly original: Error) {
    super(original.message);
  }
}

/** Header pairs as Node takes them: names case-insensitive, repeated names kept as a list. */
function mergeHeaders(pairs: Array<[string, string]>): Record<string, string | string[]> {
  // No prototype: a header named `__proto__` is a header, not an assignment to the prototype.
  const merged = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    // Framing and connection handling are ours (RFC 9110 §7.6.1): a planned header must not
    // make the body's length or the connection's reuse disagree with what is actually sent.
    if (HOP_BY_HOP.has(key)) continue;
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else merged[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return merged;
}
