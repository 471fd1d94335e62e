import type { TraceDraft } from "./createTraceHooks.ts";
import toTraceValue from "./toTraceValue.ts";

const EDGE = /\/ee\/|\/v1\/(interact|collect)\b/;

const parse = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

async function bodyText(body: unknown): Promise<string | undefined> {
  if (typeof body === "string") return body;
  if (body instanceof Blob) return body.text();
  return undefined;
}

type Handle = { type?: string; payload?: Record<string, unknown>[] };

/** The ECID and consent an edge answer (and its request) carry, if any. */
export function identityOf(request: unknown, response: unknown): TraceDraft | undefined {
  const handles = (response as { handle?: Handle[] } | undefined)?.handle || [];
  let ecid: string | undefined;
  let consent: string | undefined;
  for (const handle of handles) {
    for (const payload of handle.payload || []) {
      const namespace = (payload.namespace as { code?: string } | undefined)?.code;
      if (handle.type === "identity:result" && namespace === "ECID") ecid = String(payload.id);
      if (handle.type === "consent:preferences") {
        const value = (payload.consent as { collect?: { val?: string } } | undefined)?.collect?.val;
        if (value) consent = { y: "in", n: "out", p: "pending" }[value] ?? value;
      }
    }
  }
  const sent = (request as { meta?: { consent?: { state?: string } } } | undefined)?.meta?.consent;
  if (!consent && sent?.state) consent = sent.state;
  if (!ecid && !consent) return undefined;
  return { type: "identity", ...(ecid ? { ecid } : {}), ...(consent ? { consent } : {}) };
}

/** `url` with `liftoff_preview=<session id>` added (the server's name for the parameter). */
function tagged(url: string, sessionId: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}liftoff_preview=${sessionId}`;
}

/**
 * Records the Web SDK's requests to the edge (fetch and sendBeacon to `/ee/`, `/v1/interact`,
 * `/v1/collect`): the request body, the status and the answer, and the identity it gives.
 * Each such request goes with `liftoff_preview=<session id>` added to its URL, so the server
 * reports to this session what its server rules did with the events (docs/preview.md,
 * "Server rules"); the records keep the URL the page asked for.
 */
export default function watchEdge(emit: (record: TraceDraft) => void, sessionId: string): void {
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!EDGE.test(url)) return originalFetch(input, init);
    const answer = originalFetch(
      input instanceof Request
        ? new Request(tagged(url, sessionId), input)
        : tagged(url, sessionId),
      init,
    );
    const started = performance.now();
    void Promise.all([bodyText(init?.body), answer.then((r) => r.clone().text()).catch(() => "")])
      .then(([sent, received]) => {
        const request = parse(sent);
        const ms = Math.round(performance.now() - started);
        return answer.then(
          (response) => {
            const body = parse(received || undefined);
            emit({
              type: "edge",
              url,
              request: toTraceValue(request),
              status: response.status,
              response: toTraceValue(body),
              ms,
            });
            const identity = identityOf(request, body);
            if (identity) emit(identity);
          },
          (error: unknown) =>
            emit({ type: "edge", url, request: toTraceValue(request), error: String(error), ms }),
        );
      })
      .catch(() => {});
    return answer;
  };
  const beacon = navigator.sendBeacon?.bind(navigator);
  if (beacon)
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      const edge = EDGE.test(String(url));
      const queued = beacon(edge ? tagged(String(url), sessionId) : url, data);
      if (edge)
        void bodyText(data).then((sent) =>
          emit({
            type: "edge",
            url: String(url),
            request: toTraceValue(parse(sent)),
            ...(queued ? {} : { error: "The browser did not queue the beacon." }),
          }),
        );
      return queued;
    };
}
