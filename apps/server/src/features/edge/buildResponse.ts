import type { FastifyReply, FastifyRequest } from "fastify";
import cookieName from "./cookieName.ts";
import { encodeIdentityCookie } from "./identityCookie.ts";
import type { EdgeAction } from "./parseEnvelope.ts";

// Lifetimes Adobe's edge uses (reference §3.4 and §5): identity ≈ 395 days, consent 180 days,
// cluster 30 minutes.
const IDENTITY_MAX_AGE = 34_128_000;
const CONSENT_MAX_AGE = 15_552_000;
const CLUSTER_MAX_AGE = 1_800;

interface CookieOut {
  key: string;
  value: string;
  maxAge: number;
}

export interface Outcome {
  action: EdgeAction;
  requestId: string;
  orgId: string;
  ecid: string;
  /**
   * The identity cookie's write time (epoch ms): now, or a retried request's first answer's
   * time, so the retry's answer is the same bytes.
   */
  writtenAt: number;
  /** The consent cookie's new value, after a `privacy/set-consent`. */
  consentCookie: string | undefined;
  /** `meta.state.domain`: the page's cookie domain, for the first-party Set-Cookie. */
  domain: string | undefined;
  /** Our location hint, written to the `_cluster` cookie. */
  locationHint: string;
  /** The `x-adobe-edge` header (`<HINT>;<region>`). */
  edgeHeader: string;
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
 * The last step: what alloy keeps from the answer. The cookies go out twice — as
 * `state:store` handles, which alloy writes itself (the only way on a third-party edge host),
 * and as Set-Cookie when the edge shares the page's site — plus the ECID and the location
 * hint (reference edge-protocol.md §3.4). `collect` (beacons) gets no body: nobody reads it.
 */
export default function buildResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: Outcome,
): FastifyReply {
  const { orgId, ecid, consentCookie, locationHint } = outcome;
  const stored: CookieOut[] = [
    {
      key: cookieName(orgId, "identity"),
      value: encodeIdentityCookie(ecid, outcome.writtenAt),
      maxAge: IDENTITY_MAX_AGE,
    },
    { key: cookieName(orgId, "cluster"), value: locationHint, maxAge: CLUSTER_MAX_AGE },
  ];
  if (consentCookie)
    stored.push({
      key: cookieName(orgId, "consent"),
      value: consentCookie,
      maxAge: CONSENT_MAX_AGE,
    });
  setCookieHeaders(request, reply, outcome.domain, stored);
  reply.header("x-adobe-edge", outcome.edgeHeader);
  if (outcome.action === "collect") return reply.code(204).send();
  return reply.type("application/json").send({
    requestId: outcome.requestId,
    handle: [
      { type: "identity:result", payload: [{ id: ecid, namespace: { code: "ECID" } }] },
      {
        type: "locationHint:result",
        payload: [{ scope: "EdgeNetwork", hint: locationHint, ttlSeconds: CLUSTER_MAX_AGE }],
      },
      { type: "state:store", payload: stored },
    ],
  });
}
