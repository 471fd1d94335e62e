import { readCookie, readCookies } from "./cookies.ts";
import type { Config } from "./validateConfig.ts";
import type { Logger } from "./createLogger.ts";
import retryDelay, { MAX_RETRIES, RETRY_STATUSES } from "./retryDelay.ts";
import uuid from "./uuid.ts";

// Build-time switch: dist/web-sdk.min.js defines it as false so long diagnostic texts cost
// no bytes on pages; tests and the npm entry, where nothing defines it, keep them.
declare global {
  var __VERBOSE__: boolean | undefined;
}
import type { Dict } from "./validate.ts";

export interface EdgeResponse {
  status: number;
  body?: Dict;
  header(name: string): string | null;
}

export interface SendOptions {
  /** `documentUnloading`: a beacon to `collect` once the identity cookie exists. */
  beacon?: boolean;
  /** A per-command `edgeConfigOverrides.datastreamId`. */
  configId?: string;
}

export interface TransportDeps {
  config: Config;
  /** Third-party cookies are on and expected to work: first requests go to DEMDEX. */
  thirdParty?: boolean;
  logger: Logger;
  apexDomain: string;
  /** Name prefix of the cookies copied into `meta.state.entries` (`kndctr_<org>_`). */
  cookiePrefix: string;
  identityCookie: string;
  /** Adds identity the page already knows (AMCV migration, `adobe_mc`) to a first request. */
  addKnownIdentity(payload: Dict): Promise<void>;
  /** Applies a successful response's handles (cookies, ECID). */
  onResponse(response: EdgeResponse): void;
  /** Runs after every request, successful or not (consent re-reads its cookie). */
  afterRequest(): void;
  win?: Window;
  random?: () => number;
}

export type Send = (action: string, payload: Dict, options?: SendOptions) => Promise<EdgeResponse>;

const TEXT_PLAIN = "text/plain; charset=UTF-8";
/** alloy's third-party identity domain, where it can read and set Adobe's demdex cookie. */
const DEMDEX = "adobedc.demdex.net";
const NO_HEADERS = () => null;

/**
 * The Edge Network transport (edge-protocol.md §3): CORS-simple `POST text/plain` JSON to
 * `https://<edgeDomain>/<edgeBasePath>[/<hint>]/v1/<action>?configId=…&requestId=…`,
 * retries on 429/502/503/504, a beacon to `collect` on unload, and — until the identity
 * cookie exists — one request at a time so that the edge mints a single ECID.
 *
 * As alloy's, a request without the identity cookie goes to `adobedc.demdex.net` when
 * `thirdParty` (§3.5), whatever `edgeDomain` is, so a rebuild that keeps Adobe's edge keeps
 * Adobe's cross-site identity; after a network error there it goes to the edge, and so does
 * every later one. An `edgeOrigin` (a Liftoff edge) has no third-party domain.
 */
export default function createEdgeTransport(deps: TransportDeps): Send {
  const { config, logger, win = window } = deps;
  const hasIdentity = () => !!readCookie(deps.identityCookie, win.document);
  // Requests waiting for the one identity-less request in flight to come back.
  let busy = false;
  let waiting: Array<() => void> = [];

  const acquire = (): Promise<void> => {
    if (hasIdentity()) return Promise.resolve();
    if (!busy) {
      busy = true;
      return Promise.resolve();
    }
    logger.info("Delaying request while retrieving ECID from server.");
    return new Promise<void>((resolve) => waiting.push(resolve)).then(acquireAfterWait);
  };
  // A released request either finds the cookie (and goes) or becomes the next lone one.
  const acquireAfterWait = () => {
    busy = !hasIdentity();
  };
  const release = (gated: boolean) => {
    if (!gated) return;
    if (hasIdentity()) {
      const all = waiting;
      waiting = [];
      busy = false;
      all.forEach((fn) => fn());
      return;
    }
    logger.warn(
      globalThis.__VERBOSE__ !== false
        ? `Identity cookie not found. This could be caused by any of the following issues:\n\t* The org ID ${config.orgId} configured in Alloy doesn't match the org ID specified in the edge configuration.\n\t* Experience edge was not able to set the identity cookie due to domain or cookie restrictions.\n\t* The request was canceled by the browser and not fully processed.`
        : "Identity cookie not found.",
    );
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  // Until a request to DEMDEX fails, identity-less requests go there.
  let demdex = deps.thirdParty && !config.edgeOrigin;

  const endpoint = (action: string, configId: string, requestId: string, host?: string) => {
    const cluster =
      readCookie(`${deps.cookiePrefix}cluster`, win.document) ??
      ((c) => c && `t${c}`)(readCookie("mboxEdgeCluster", win.document));
    const base = host ? `https://${host}` : (config.edgeOrigin ?? `https://${config.edgeDomain}`);
    return `${base}/${config.edgeBasePath}${cluster ? `/${cluster}` : ""}/v1/${action}?configId=${configId}&requestId=${requestId}`;
  };

  const addState = (payload: Dict, third?: string) => {
    const host =
      third ??
      (config.edgeOrigin ? config.edgeOrigin.replace(/^\w+:\/\/|:\d+$/g, "") : config.edgeDomain);
    const state: Dict = { domain: deps.apexDomain, cookiesEnabled: true };
    const firstParty = deps.apexDomain !== "" && host.endsWith(deps.apexDomain);
    if (!firstParty) {
      const entries = readCookies(deps.cookiePrefix, win.document).concat(
        readCookies("at_qa_mode=", win.document).map((e) => ({ ...e, key: "at_qa_mode" })),
      );
      if (entries.length) state.entries = entries;
    }
    const meta = (payload.meta ??= {}) as Dict;
    meta.state = { ...(meta.state as Dict | undefined), ...state };
  };

  /** `fallback`: where to send instead after a network error (DEMDEX unreachable). */
  const post = async (
    url: string,
    body: string,
    requestId: string,
    fallback?: string,
  ): Promise<EdgeResponse> => {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await win.fetch(url, {
          method: "POST",
          cache: "no-cache",
          credentials: "include",
          headers: { "Content-Type": TEXT_PLAIN },
          referrerPolicy: "no-referrer-when-downgrade",
          body,
        });
      } catch (error) {
        if (fallback) {
          // The same body: alloy keeps the third-party cookie entries it had added.
          demdex = false;
          url = fallback;
          fallback = undefined;
          attempt--;
          continue;
        }
        logger.error(`Request ${requestId}: Network request failed.`);
        throw new Error(`Network request failed.\nCaused by: ${(error as Error).message}`);
      }
      if (RETRY_STATUSES.includes(response.status) && attempt < MAX_RETRIES) {
        const wait = retryDelay(
          response.headers.get("Retry-After"),
          attempt,
          Date.now(),
          deps.random,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* checked below: only a 204 may come without JSON */
      }
      const json = parsed as Dict | undefined;
      const { status } = response;
      if (
        status < 200 ||
        status >= 300 ||
        (!json && status !== 204) ||
        (json && !Array.isArray(json.handle))
      ) {
        const shown = json ? JSON.stringify(json, null, 2) : text;
        throw new Error(
          `The server responded with a status code ${status} and ${shown ? `response body:\n${shown}` : "no response body."}`,
        );
      }
      ((json?.warnings as unknown[]) || []).forEach((w) =>
        logger.warn("The server responded with a warning:", w),
      );
      ((json?.errors as unknown[]) || []).forEach((e) =>
        logger.error("The server responded with a non-fatal error:", e),
      );
      return { status, body: json, header: (name) => response.headers.get(name) };
    }
  };

  return async (action, payload, options = {}) => {
    const requestId = uuid();
    const configId = options.configId ?? config.datastreamId;
    if (options.beacon && hasIdentity()) {
      addState(payload);
      const url = endpoint("collect", configId, requestId);
      const body = JSON.stringify(payload);
      logger.info(`Request ${requestId}: Sending request.`, payload);
      if (win.navigator.sendBeacon?.(url, new Blob([body], { type: TEXT_PLAIN })))
        return { status: 204, header: NO_HEADERS };
      return post(url, body, requestId);
    }
    const gated = !hasIdentity();
    await acquire();
    try {
      const third = !hasIdentity() && demdex ? DEMDEX : undefined;
      if (!hasIdentity()) await deps.addKnownIdentity(payload);
      addState(payload, third);
      logger.info(`Request ${requestId}: Sending request.`, payload);
      const response = await post(
        endpoint(action, configId, requestId, third),
        JSON.stringify(payload),
        requestId,
        third && endpoint(action, configId, requestId),
      );
      logger.info(
        `Request ${requestId}: Received response with status code ${response.status}.`,
        response.body,
      );
      deps.onResponse(response);
      return response;
    } finally {
      deps.afterRequest();
      release(gated);
    }
  };
}
