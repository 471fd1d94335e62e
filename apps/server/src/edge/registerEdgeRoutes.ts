import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { problems } from "../http/problems.ts";
import type { RateLimiter } from "../http/RateLimiter.ts";
import type { NewEvent } from "../storage/Store.ts";
import cookieName from "./cookieName.ts";
import consentToCookie from "./consentToCookie.ts";
import type { DatastreamCache } from "./DatastreamCache.ts";
import { encodeIdentityCookie } from "./identityCookie.ts";
import parseCookieHeader from "./parseCookieHeader.ts";
import parseEnvelope, { type EdgeAction, type EnvelopeLimits } from "./parseEnvelope.ts";
import reportColumns from "./reportColumns.ts";
import resolveEcid from "./resolveEcid.ts";
import type { WriteQueue } from "./WriteQueue.ts";

export interface EdgeOptions {
  /** alloy's `edgeBasePath` (default "ee"); may contain "/". */
  basePath: string;
  /** Our location hint, written to the `_cluster` cookie and used in `x-adobe-edge`. */
  locationHint: string;
  regionId: number;
  bodyLimit: number;
  limits: EnvelopeLimits;
}

export interface EdgeDeps {
  datastreams: DatastreamCache;
  queue: WriteQueue;
  rateLimiter: RateLimiter | undefined;
}

// Lifetimes Adobe's edge uses (reference §3.4 and §5): identity ≈ 395 days, consent 180 days,
// cluster 30 minutes.
const IDENTITY_MAX_AGE = 34_128_000;
const CONSENT_MAX_AGE = 15_552_000;
const CLUSTER_MAX_AGE = 1_800;

const ACTIONS: EdgeAction[] = ["interact", "collect", "identity/acquire", "privacy/set-consent"];
const HINT = /^[A-Za-z0-9]{1,16}$/;
const MEDIA_ACTION = /^[A-Za-z]{1,32}$/;
const CONFIG_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const REQUEST_ID = /^[A-Za-z0-9-]{1,128}$/;

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

interface CookieOut {
  key: string;
  value: string;
  maxAge: number;
}

/** First-party case (edge host inside the page's site): also send Set-Cookie (reference §9). */
function setCookieHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  domain: string | undefined,
  cookies: CookieOut[],
) {
  if (!domain || request.protocol !== "https") return;
  const host = request.hostname.replace(/:\d+$/, "");
  if (host !== domain && !host.endsWith(`.${domain}`)) return;
  reply.header(
    "set-cookie",
    cookies.map(
      (c) =>
        `${c.key}=${encodeURIComponent(c.value)}; Max-Age=${c.maxAge}; Domain=${domain}; Path=/; SameSite=None; Secure`,
    ),
  );
}

/**
 * The Edge Network endpoints alloy calls (reference edge-protocol.md §3 and §5):
 * `POST /{basePath}[/{hint}]/v1/{interact|collect|identity/acquire|privacy/set-consent}`
 * and `/{basePath}[/{hint}]/va/v1/{mediaAction}`.
 */
export default function registerEdgeRoutes(
  app: FastifyInstance,
  options: EdgeOptions,
  deps: EdgeDeps,
): void {
  const base = `/${options.basePath.replace(/^\/+|\/+$/g, "")}/`;
  const edgeHeader = `${options.locationHint.toUpperCase()};${options.regionId}`;

  void app.register((scope, _opts, done) => {
    scope.addHook("onRequest", (request, reply, next) => {
      setCors(request, reply);
      next();
    });
    // Preflight is never sent by alloy (text/plain is CORS-simple) but is harmless to answer.
    scope.options(`${base}*`, (_request, reply) =>
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
      scope.post(`${base}v1/${action}`, { bodyLimit: options.bodyLimit }, handle(action));
      scope.post(`${base}:hint/v1/${action}`, { bodyLimit: options.bodyLimit }, handle(action));
    }
    scope.post(`${base}va/v1/:media`, { bodyLimit: options.bodyLimit }, handle("media"));
    scope.post(`${base}:hint/va/v1/:media`, { bodyLimit: options.bodyLimit }, handle("media"));
    scope.post(`${base}*`, { bodyLimit: options.bodyLimit }, (request) => {
      throw problems.notFound(`No edge endpoint at ${request.url.split("?")[0]}.`);
    });

    async function handleEdge(
      request: FastifyRequest,
      reply: FastifyReply,
      action: EdgeAction | "media",
    ): Promise<FastifyReply> {
      if (deps.rateLimiter) {
        const wait = deps.rateLimiter.take(request.ip);
        if (wait > 0)
          throw problems.rateLimited("Too many requests from this client.", {
            headers: { "retry-after": String(wait) },
          });
      }
      const query = request.query as Record<string, unknown>;
      const configId = query.configId;
      if (typeof configId !== "string" || !CONFIG_ID.test(configId))
        throw problems.invalidDatastream(
          "configId: expected the datastream id as a query parameter.",
          { field: "configId" },
        );
      const requestIdParam = query.requestId;
      if (
        requestIdParam !== undefined &&
        (typeof requestIdParam !== "string" || !REQUEST_ID.test(requestIdParam))
      )
        throw problems.invalidQuery("requestId: expected a UUID.", { field: "requestId" });
      const requestId = typeof requestIdParam === "string" ? requestIdParam : randomUUID();

      const datastream = await deps.datastreams.get(configId);
      if (!datastream)
        throw problems.invalidDatastream(`configId: datastream "${configId}" does not exist.`, {
          field: "configId",
        });
      const origin = request.headers.origin;
      if (
        origin &&
        datastream.allowedOrigins.length > 0 &&
        !datastream.allowedOrigins.includes(origin)
      )
        throw problems.originNotAllowed(`Origin ${origin} may not send to this datastream.`, {
          field: "origin",
        });

      if (action === "media") {
        // Media Analytics pings are accepted and acknowledged; they are not stored yet.
        return reply.code(204).header("x-adobe-edge", edgeHeader).send();
      }
      const envelope = parseEnvelope(request.body, action, options.limits);
      const cookies = parseCookieHeader(request.headers.cookie);
      const identityName = cookieName(datastream.orgId, "identity");
      const { ecid } = resolveEcid(envelope, cookies, identityName);
      const consentCookie =
        action === "privacy/set-consent" ? consentToCookie(envelope.consent) : undefined;

      if (action === "interact" || action === "collect") {
        const receivedAt = new Date();
        // The body text is stored once per request; parseEnvelope accepted it as a string.
        const body = request.body as string;
        const events: NewEvent[] = envelope.events.map((event, index) => ({
          receivedAt,
          requestId,
          datastreamId: datastream.id,
          propertyId: datastream.propertyId,
          environmentId: datastream.environmentId,
          ecid,
          xdm: event.xdm,
          data: event.data ?? null,
          ...reportColumns(event),
          source: { body, index },
        }));
        // A 2xx only after commit: this awaits the transaction holding these events.
        await deps.queue.enqueue(events);
      }

      const stored: CookieOut[] = [
        { key: identityName, value: encodeIdentityCookie(ecid), maxAge: IDENTITY_MAX_AGE },
        {
          key: cookieName(datastream.orgId, "cluster"),
          value: options.locationHint,
          maxAge: CLUSTER_MAX_AGE,
        },
      ];
      if (consentCookie)
        stored.push({
          key: cookieName(datastream.orgId, "consent"),
          value: consentCookie,
          maxAge: CONSENT_MAX_AGE,
        });
      setCookieHeaders(request, reply, envelope.meta.state?.domain, stored);
      reply.header("x-adobe-edge", edgeHeader);
      if (action === "collect") return reply.code(204).send();
      return reply.type("application/json").send({
        requestId,
        handle: [
          { type: "identity:result", payload: [{ id: ecid, namespace: { code: "ECID" } }] },
          {
            type: "locationHint:result",
            payload: [
              { scope: "EdgeNetwork", hint: options.locationHint, ttlSeconds: CLUSTER_MAX_AGE },
            ],
          },
          { type: "state:store", payload: stored },
        ],
      });
    }
    done();
  });
}
