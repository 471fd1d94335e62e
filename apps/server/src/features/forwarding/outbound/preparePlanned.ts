import type { PlannedRequest } from "@liftoff/schema";
import { hasSecret, MissingSecretError, secretEscapeFor, substituteSecrets } from "./secrets.ts";

/** A header as sent, remembering whether a secret went into it. */
export interface SendHeader {
  name: string;
  value: string;
  /** Its planned name or value held a secret placeholder (dropped on cross-origin redirects). */
  secret: boolean;
}

/** A planned request with its secrets put in: what goes on the wire. */
export interface PreparedRequest {
  url: URL;
  method: string;
  headers: SendHeader[];
  body: Buffer | null;
  /** The planned body held a secret (never resent to another origin). */
  bodyHasSecret: boolean;
}

const USER_AGENT = "Liftoff-Forwarding/1";

/**
 * Puts the secrets into a planned request, at the last moment: in the URL as they are, in
 * query pairs before they are URL-encoded and appended to the URL, in headers and in the body.
 * A `user:password@` in the URL becomes Basic credentials (Node would drop it silently; RFC
 * 7617, as curl does). Returns the reason, as a sentence, when a secret is missing or the URL
 * is not one.
 */
export function preparePlanned(
  request: PlannedRequest,
  secrets: ReadonlyMap<string, string>,
): PreparedRequest | { error: string } {
  const put = (text: string) => substituteSecrets(text, secrets);
  try {
    const text = put(request.url);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { error: `the URL "${text}" is not valid` };
    }
    const query = request.query.map(
      ([name, value]) => `${encodeURIComponent(put(name))}=${encodeURIComponent(put(value))}`,
    );
    if (query.length > 0) {
      url.search = `${url.search === "" ? "?" : `${url.search}&`}${query.join("&")}`;
    }
    const headers = request.headers.map(([name, value]) => ({
      name: put(name),
      value: put(value),
      secret: hasSecret(name) || hasSecret(value),
    }));
    const contentType = headers.find((h) => h.name.toLowerCase() === "content-type")?.value;
    const putInBody = (text: string) =>
      substituteSecrets(text, secrets, secretEscapeFor(contentType));
    const has = (name: string) => headers.some((header) => header.name.toLowerCase() === name);
    if (url.username !== "" || url.password !== "") {
      const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      if (!has("authorization")) {
        headers.push({
          name: "Authorization",
          value: `Basic ${Buffer.from(credentials).toString("base64")}`,
          secret: hasSecret(request.url),
        });
      }
      url.username = "";
      url.password = "";
    }
    if (!has("user-agent")) headers.push({ name: "User-Agent", value: USER_AGENT, secret: false });
    return {
      url,
      method: request.method,
      headers,
      body: request.body === null ? null : Buffer.from(putInBody(request.body)),
      bodyHasSecret: request.body !== null && hasSecret(request.body),
    };
  } catch (error) {
    if (error instanceof MissingSecretError) return { error: error.message };
    throw error;
  }
}
