import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { problems } from "../../http/problems.ts";
import type { RateLimiter } from "../../http/RateLimiter.ts";
import type { EventRepository, RequestKey } from "../../store/Store.ts";
import buildResponse from "./buildResponse.ts";
import checkOrigin from "./checkOrigin.ts";
import consentToCookie from "./consentToCookie.ts";
import cookieName from "./cookieName.ts";
import type { DatastreamCache } from "../datastreams/DatastreamCache.ts";
import parseCookieHeader from "../../http/parseCookieHeader.ts";
import { PREVIEW_PARAM } from "@liftoff/schema";
import { forwardTargetOf } from "../forwarding/forwardTarget.ts";
import parseEnvelope, { type EdgeAction, type EnvelopeLimits } from "./parseEnvelope.ts";
import resolveDatastream from "./resolveDatastream.ts";
import resolveEcid from "./resolveEcid.ts";
import startRequestKeySweep from "./startRequestKeySweep.ts";
import storeEvents, { requestFingerprint } from "./storeEvents.ts";
import type { WriteQueue } from "./WriteQueue.ts";

export interface EdgeOptions {
  /** alloy's `edgeBasePath` (default "ee"); may contain "/". */
  basePath: string;
  /** Our location hint, written to the `_cluster` cookie and used in `x-adobe-edge`. */
  locationHint: string;
  regionId: number;
  bodyLimit: number;
  limits: EnvelopeLimits;
  /**
   * How long a stored request's key answers its retries (docs/server.md, Retries): a request
   * with the same datastream and `requestId` within this many ms is answered as the first was
   * and stores nothing. Default 24 h (`DEFAULT_RETRY_WINDOW_MS`).
   */
  retryWindowMs: number;
  /**
   * The clock request keys and the identity cookie's write time are stamped with (tests move
   * it past the window).
   */
  now: () => number;
}

/** 24 hours: far beyond any client's or proxy's retries, and a day of keys to keep. */
export const DEFAULT_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface EdgeDeps {
  datastreams: DatastreamCache;
  queue: WriteQueue;
  rateLimiter: RateLimiter | undefined;
  /** Where request keys past the retry window are deleted (`startRequestKeySweep`). */
  requestKeys?: Pick<EventRepository, "removeRequestKeysBefore">;
}

const ACTIONS: EdgeAction[] = ["interact", "collect", "identity/acquire", "privacy/set-consent"];

/** `?liftoff_preview=` of a preview tab's edge requests (checked by forwardTargetOf). */
const previewParam = (query: unknown): string | undefined => {
  const value = (query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM];
  return typeof value === "string" ? value : undefined;
};
const HINT = /^[A-Za-z0-9]{1,16}$/;
const MEDIA_ACTION = /^[A-Za-z]{1,32}$/;

function setCors(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  // alloy sends credentialed CORS requests: the origin must be echoed, never "*".
  if (origin) {
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-allow-credentials", "true");
    reply.header("access-control-expose-headers", "x-adobe-edge, Retry-After");
    reply.header("vary", "Origin");
  }
}

/**
 * The Edge Network endpoints alloy calls (reference edge-protocol.md §3 and §5):
 * `POST /{basePath}[/{hint}]/v1/{interact|collect|identity/acquire|privacy/set-consent}`
 * and `/{basePath}[/{hint}]/va/v1/{mediaAction}`.
 */
export default function edgeRoutes(
  app: FastifyInstance,
  options: EdgeOptions,
  deps: EdgeDeps,
): void {
  const base = `/${options.basePath.replace(/^\/+|\/+$/g, "")}/`;
  const edgeHeader = `${options.locationHint.toUpperCase()};${options.regionId}`;
  const windowHours = Math.round((options.retryWindowMs / 3_600_000) * 100) / 100;
  const keys = deps.requestKeys;
  if (keys) {
    // Once the schema is migrated (the app is ready), until the app closes. Not awaited: a
    // backlog of old keys (a node down for days) must not hold the start.
    let sweep: { stop(): void } | undefined;
    app.addHook("onReady", (done) => {
      sweep = startRequestKeySweep(keys, {
        windowMs: options.retryWindowMs,
        now: options.now,
        log: (err, message) => app.log.error({ err }, message),
      });
      done();
    });
    app.addHook("onClose", (_instance, done) => {
      sweep?.stop();
      done();
    });
  }

  void app.register((scope, _opts, done) => {
    scope.addHook("onRequest", (request, reply, next) => {
      setCors(request, reply);
      next();
    });
    // Preflight is never sent by alloy (text/plain is CORS-simple) but is harmless to answer.
    scope.options(`${base}*`, { config: { access: "public" } }, (_request, reply) =>
      reply
        .code(204)
        .header("access-control-allow-methods", "POST, OPTIONS")
        .header("access-control-allow-headers", "content-type")
        .header("access-control-max-age", "600")
        .send(),
    );
    // Static routes per action (with and without the location-hint segment) keep routing
    // cheap on the ingest path; anything else under the base path is a 404 problem.
    const handle =
      (action: EdgeAction | "media") => async (request: FastifyRequest, reply: FastifyReply) => {
        const params = request.params as { hint?: string; media?: string };
        if (params.hint !== undefined && !HINT.test(params.hint))
          throw problems.notFound(`No edge endpoint at ${request.url.split("?")[0]}.`);
        if (params.media !== undefined && !MEDIA_ACTION.test(params.media))
          throw problems.notFound(`No edge endpoint at ${request.url.split("?")[0]}.`);
        return handleEdge(request, reply, action);
      };
    for (const action of ACTIONS) {
      scope.post(
        `${base}v1/${action}`,
        { config: { access: "public" }, bodyLimit: options.bodyLimit },
        handle(action),
      );
      scope.post(
        `${base}:hint/v1/${action}`,
        { config: { access: "public" }, bodyLimit: options.bodyLimit },
        handle(action),
      );
    }
    scope.post(
      `${base}va/v1/:media`,
      { config: { access: "public" }, bodyLimit: options.bodyLimit },
      handle("media"),
    );
    scope.post(
      `${base}:hint/va/v1/:media`,
      { config: { access: "public" }, bodyLimit: options.bodyLimit },
      handle("media"),
    );
    scope.post(
      `${base}*`,
      { config: { access: "public" }, bodyLimit: options.bodyLimit },
      (request) => {
        throw problems.notFound(`No edge endpoint at ${request.url.split("?")[0]}.`);
      },
    );

    /**
     * One edge request as named steps, each refusing what it cannot accept before the next
     * runs (the way a rule evaluates its conditions before it runs its actions): nothing is
     * parsed for an unknown datastream or a foreign origin, and nothing is answered 2xx
     * before its events are committed.
     */
    async function handleEdge(
      request: FastifyRequest,
      reply: FastifyReply,
      action: EdgeAction | "media",
    ): Promise<FastifyReply> {
      takeRateToken(request);
      const { datastream, requestId, named } = await resolveDatastream(
        request.query,
        deps.datastreams,
      );
      checkOrigin(request.headers.origin, datastream);
      // Media Analytics pings are accepted and acknowledged; they are not stored yet.
      if (action === "media") return reply.code(204).header("x-adobe-edge", edgeHeader).send();
      const envelope = parseEnvelope(request.body, action, options.limits);
      const cookies = parseCookieHeader(request.headers.cookie);
      const { ecid } = resolveEcid(envelope, cookies, cookieName(datastream.orgId, "identity"));
      const consentCookie =
        action === "privacy/set-consent" ? consentToCookie(envelope.consent) : undefined;
      // The body is text here: parseEnvelope accepted it (createApp's parser decodes it).
      const body = request.body as string;
      const at = options.now();
      let answered = { ecid, writtenAt: at };
      if (action === "interact" || action === "collect") {
        const fingerprint = named ? requestFingerprint(action, body) : undefined;
        const forward = forwardTargetOf(
          datastream,
          {
            requestId,
            ecid,
            headers: request.headers,
            ip: request.ip,
            cookies,
            stateEntries: envelope.meta.state?.entries ?? [],
            consentCookie: cookieName(datastream.orgId, "consent"),
            previewSessionId: previewParam(request.query),
          },
          new Date(at),
        );
        const outcome = await storeEvents(deps.queue, envelope.events, {
          datastream,
          requestId,
          ecid,
          body,
          ...(fingerprint ? { keyed: { fingerprint, at } } : {}),
          ...(forward ? { forward } : {}),
        });
        // A retry of a stored request: nothing was stored again; answer as the first was.
        if (!outcome.stored) answered = firstAnswer(outcome.first, fingerprint);
      }
      return buildResponse(request, reply, {
        action,
        requestId,
        orgId: datastream.orgId,
        ...answered,
        consentCookie,
        domain: envelope.meta.state?.domain,
        locationHint: options.locationHint,
        edgeHeader,
      });
    }

    /**
     * What the first request was answered with: its ECID and the identity cookie's write
     * time (its key's time). A different request that reuses a stored request's id (another
     * endpoint or body) is refused: storing it would need a second key, and answering it as
     * the first would drop its events without a word.
     */
    function firstAnswer(
      first: RequestKey,
      fingerprint: string | undefined,
    ): { ecid: string; writtenAt: number } {
      if (first.fingerprint !== fingerprint)
        throw problems.invalidQuery(
          `requestId: "${first.requestId}" was already used by another request to this datastream (another endpoint or body) within the last ${windowHours} h; send a new requestId.`,
          { field: "requestId" },
        );
      return { ecid: first.ecid, writtenAt: first.receivedAt.getTime() };
    }

    // Per client address, before anything else is read: a flood costs one map lookup each.
    function takeRateToken(request: FastifyRequest): void {
      const wait = deps.rateLimiter?.take(request.ip) ?? 0;
      if (wait > 0)
        throw problems.rateLimited("Too many requests from this client.", {
          headers: { "retry-after": String(wait) },
        });
    }
    done();
  });
}
