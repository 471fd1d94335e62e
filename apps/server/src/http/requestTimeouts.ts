/** How long a client may take to send a request (docs/server.md, Timeouts). */
export interface RequestTimeouts {
  /** From the connection's first byte of a request to the end of its headers. */
  headersMs: number;
  /** From the first byte to the last of the body. Answers (streams too) are not bounded. */
  requestMs: number;
  /** How often Node looks for requests past these bounds; a cut comes up to this late. */
  checkEveryMs: number;
}

export const defaultRequestTimeouts: RequestTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  checkEveryMs: 1_000,
};

/**
 * The server options that bound receiving a request: Node's `headersTimeout` and
 * `requestTimeout`, checked every `connectionsCheckingInterval` (Node's default, 30 s, would
 * let a request live half a minute past its bound). Node only counts while it is reading a
 * request, so a long answer (Server-Sent Events) is never cut by them. `requestTimeout` goes
 * to Fastify too, which otherwise sets it back to 0 (off) once the server exists.
 */
export function requestTimeoutOptions(timeouts: RequestTimeouts) {
  return {
    server: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    fastify: { requestTimeout: timeouts.requestMs },
  };
}
