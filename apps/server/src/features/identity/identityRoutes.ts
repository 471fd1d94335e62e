import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import mintEcid from "../edge/ecid.ts";
import parseCookieHeader from "../../http/parseCookieHeader.ts";
import { problems } from "../../http/problems.ts";

const ORG_ID = /^[A-Za-z0-9]{1,64}@AdobeOrg$/;
const MID = /^[0-9]{38}$/;
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\[\d+\])?(?:\.[A-Za-z_$][\w$]*){0,4}$/;
const BLOB = /^[A-Za-z0-9+/=_-]{1,512}$/;
/** Visitor API default id-sync TTL (reference §7). */
const ID_SYNC_TTL = 604_800;
/** Seconds the Visitor API may cache an opt-out answer. */
const OPT_OUT_TTL = 7_200;

function cors(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  if (origin) {
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-allow-credentials", "true");
    reply.header("vary", "Origin");
  }
}

function stringParam(
  query: Record<string, unknown>,
  name: string,
  pattern: RegExp,
): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !pattern.test(value))
    throw problems.invalidQuery(`${name}: ${JSON.stringify(value)} is not valid.`, { field: name });
  return value;
}

/** JSON, or JSONP when the Visitor API asked for it with `d_cb` / `callback`. */
function answer(reply: FastifyReply, body: object, callback: string | undefined) {
  reply.header("cache-control", "no-store");
  if (!callback) return reply.type("application/json").send(body);
  return reply.type("text/javascript; charset=utf-8").send(`${callback}(${JSON.stringify(body)});`);
}

/**
 * The Visitor API 5.5.0 endpoints (reference edge-protocol.md §7): `GET /id` mints or
 * confirms the MID and returns the fields the library reads, `GET /optOutStatus`, and the
 * ID-sync destination page the library loads in a hidden iframe.
 */
export default function identityRoutes(app: FastifyInstance, regionId: number): void {
  app.get("/id", { config: { access: "public" } }, (request, reply) => {
    cors(request, reply);
    const query = request.query as Record<string, unknown>;
    const callback =
      stringParam(query, "d_cb", CALLBACK) ?? stringParam(query, "callback", CALLBACK);
    // The Analytics form (`mcorgid`) asks for an id only.
    const analyticsOrg = stringParam(query, "mcorgid", ORG_ID);
    const orgId = stringParam(query, "d_orgid", ORG_ID);
    if (!orgId && !analyticsOrg)
      throw problems.invalidQuery("d_orgid: the Experience Cloud org id is required.", {
        field: "d_orgid",
      });
    stringParam(query, "d_visid_ver", /^\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    stringParam(query, "d_fieldgroup", /^(MC|AAM|A)$/);
    stringParam(query, "d_nsid", /^\d{1,9}$/);
    stringParam(query, "d_ver", /^\d{1,3}$/);
    stringParam(query, "d_rtbd", /^json$/);
    stringParam(query, "ts", /^\d{1,16}$/);
    const given = stringParam(query, "d_mid", MID) ?? stringParam(query, "mid", MID);
    const blob = stringParam(query, "d_blob", BLOB) ?? randomBytes(24).toString("base64");
    const mid = given ?? mintEcid();
    if (analyticsOrg && !orgId) return answer(reply, { id: mid }, callback);
    // The Visitor API takes the opt-out status from this answer once an ECID is allowed.
    const optedOut = parseCookieHeader(request.headers.cookie).get("demdex") === "NOTARGET";
    return answer(
      reply,
      {
        d_mid: mid,
        id_sync_ttl: ID_SYNC_TTL,
        d_blob: blob,
        dcs_region: regionId,
        d_ottl: OPT_OUT_TTL,
        ...(optedOut ? { d_optout: "global" } : {}),
        ibs: [],
        subdomain: "liftoff",
        tid: randomBytes(6).toString("base64url"),
      },
      callback,
    );
  });

  app.get("/optOutStatus", { config: { access: "public" } }, (request, reply) => {
    cors(request, reply);
    const query = request.query as Record<string, unknown>;
    const callback =
      stringParam(query, "d_cb", CALLBACK) ?? stringParam(query, "callback", CALLBACK);
    stringParam(query, "d_orgid", ORG_ID);
    // Audience Manager's global opt-out is the `demdex=NOTARGET` cookie on the identity host.
    const optedOut = parseCookieHeader(request.headers.cookie).get("demdex") === "NOTARGET";
    return answer(reply, { d_optout: optedOut ? "global" : "", d_ottl: OPT_OUT_TTL }, callback);
  });

  // The hidden iframe page the Visitor API posts ID-sync requests to. Liftoff runs no
  // third-party ID syncs (privacy by construction, ARCHITECTURE.md §1), so the page accepts
  // the messages and does nothing with them.
  app.get("/dest5.html", { config: { access: "public" } }, (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .header("content-security-policy", "default-src 'none'")
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Liftoff ID sync</title></head><body></body></html>',
      ),
  );
}
