import { readCookie, writeCookie } from "./cookies.ts";
import decodeIdentityCookie from "./decodeIdentityCookie.ts";
import type { EdgeResponse } from "./createEdgeTransport.ts";
import type { Dict } from "./validate.ts";

export interface Identity {
  /** The ECID from the identity cookie, else from the last `identity:result` handle. */
  ecid(): string | undefined;
  /** Reads `identity:result` handles and the `x-adobe-edge` header of a response. */
  onResponse(response: EdgeResponse): void;
  /** Adds an ECID the page already knows (adobe_mc, AMCV) to an identity-less request. */
  addKnownIdentity(payload: Dict): void;
  regionId(): number | undefined;
}

interface IdentityDeps {
  orgId: string;
  identityCookie: string;
  idMigrationEnabled: boolean;
  apexDomain: string;
  win?: Window;
}

/** alloy and Visitor honour an `adobe_mc` URL parameter for 5 minutes (edge-protocol.md §7). */
const ADOBE_MC_TTL_SECONDS = 300;

/** The ECID carried by a fresh `adobe_mc` parameter for this org, if any. */
export function ecidFromAdobeMc(search: string, orgId: string, nowSeconds: number) {
  const raw = new URLSearchParams(search).get("adobe_mc");
  if (!raw) return undefined;
  const fields: Record<string, string> = {};
  raw.split("|").forEach((pair) => {
    const i = pair.indexOf("=");
    if (i > 0) fields[pair.slice(0, i)] = pair.slice(i + 1);
  });
  const age = nowSeconds - Number(fields.TS);
  let org = fields.MCORGID;
  try {
    org = org && decodeURIComponent(org);
  } catch {
    /* keep the raw text; it then simply does not match */
  }
  return age >= 0 && age <= ADOBE_MC_TTL_SECONDS && org === orgId ? fields.MCMID : undefined;
}

/**
 * ECID bookkeeping (edge-protocol.md §3.4–3.5): the cookie written by the edge is the source
 * of truth; the `identity:result` handle covers edges that cannot write it. On the first
 * ECID it writes `AMCV_<org>` = `MCMID|<ecid>` so Visitor-API pages share the visitor.
 */
export default function createIdentity(deps: IdentityDeps): Identity {
  const { win = window } = deps;
  const doc = win.document;
  const amcv = `AMCV_${encodeURIComponent(deps.orgId)}`;
  let fromHandle: string | undefined;
  let region: number | undefined;
  const ecid = () => decodeIdentityCookie(readCookie(deps.identityCookie, doc)) ?? fromHandle;
  return {
    ecid,
    regionId: () => region,
    onResponse(response) {
      const edge = response.header("x-adobe-edge");
      if (edge) region = Number(edge.split(";")[1]) || region;
      const handles = (response.body?.handle as Array<{ type?: string; payload?: unknown }>) ?? [];
      handles
        .filter((h) => h?.type === "identity:result")
        .flatMap((h) => h.payload as Array<{ id?: string; namespace?: { code?: string } }>)
        .forEach((item) => {
          if (item?.namespace?.code !== "ECID" || typeof item.id !== "string") return;
          if (!fromHandle && deps.idMigrationEnabled && !readCookie(amcv, doc))
            writeCookie(
              amcv,
              `MCMID|${item.id}`,
              { maxAge: 390 * 86400, domain: deps.apexDomain },
              doc,
            );
          fromHandle = item.id;
        });
    },
    addKnownIdentity(payload) {
      const legacy = deps.idMigrationEnabled
        ? /(^|\|)MCMID\|(\d+)($|\|)/.exec(readCookie(amcv, doc) ?? readCookie("s_ecid", doc) ?? "")
        : null;
      const known =
        ecidFromAdobeMc(win.location.search, deps.orgId, Math.floor(Date.now() / 1000)) ??
        legacy?.[2];
      if (!known) return;
      const xdm = (payload.xdm ??= {}) as Dict;
      xdm.identityMap = { ...(xdm.identityMap as Dict), ECID: [{ id: known }] };
    },
  };
}
