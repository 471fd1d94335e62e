import type { PreparedRequest } from "./preparePlanned.ts";

/** Headers a cross-origin redirect must not carry on (fetch's rule, plus what holds a secret). */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);
/** Headers that describe a body, dropped with it when a 303 turns the request into a GET. */
const BODY_HEADERS = new Set(["content-type", "content-encoding", "content-language"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** True for the statuses whose `Location` is followed. */
export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/**
 * The request a redirect asks for, or why it is not followed (a permanent failure).
 * 303 (RFC 9110 §15.4.4, "see other") becomes a GET without a body; 301/302/307/308 keep
 * the method and body: a moved webhook should still get its POST (§15.4.2 allows either).
 * To another origin (scheme, host or port), `Authorization`, `Proxy-Authorization`, `Cookie`
 * and every header a secret went into are dropped, and a body that holds a secret is not
 * sent at all. The caller checks the new URL's host and addresses as it did the first.
 */
export function nextHop(
  current: PreparedRequest,
  status: number,
  location: string,
): PreparedRequest | { error: string } {
  let url: URL;
  try {
    url = new URL(location, current.url);
  } catch {
    return { error: `HTTP ${status} from ${current.url.host} redirects to an unusable Location` };
  }
  let { method, headers, body } = current;
  if (status === 303 && method !== "GET") {
    method = "GET";
    body = null;
    headers = headers.filter((header) => !BODY_HEADERS.has(header.name.toLowerCase()));
  }
  if (url.origin !== current.url.origin) {
    if (body !== null && current.bodyHasSecret) {
      return {
        error: `redirect from ${current.url.origin} to ${url.origin} not followed: it would send a body that holds a secret to another origin`,
      };
    }
    headers = headers.filter(
      (header) => !header.secret && !CREDENTIAL_HEADERS.has(header.name.toLowerCase()),
    );
  }
  return { ...current, url, method, headers, body };
}
