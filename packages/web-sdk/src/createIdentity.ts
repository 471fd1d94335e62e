import { readCookie, writeCookie } from "./cookies.ts";
import decodeIdentityCookie from "./decodeIdentityCookie.ts";
import type { EdgeResponse } from "./createEdgeTransport.ts";
import type { Logger } from "./createLogger.ts";
import { isObject, type Dict } from "./validate.ts";

export interface Identity {
  /** The ECID from the identity cookie, else from the last `identity:result` handle. */
  ecid(): string | undefined;
  /** Reads `identity:result` handles and the `x-adobe-edge` header of a response. */
  onResponse(response: EdgeResponse): void;
  /**
   * Adds an ECID the page already knows (adobe_mc, AMCV, or Visitor's) to an identity-less
   * request; resolves once it is added, or known to be absent.
   */
  addKnownIdentity(payload: Dict): Promise<void>;
  regionId(): number | undefined;
}

interface IdentityDeps {
  orgId: string;
  identityCookie: string;
  idMigrationEnabled: boolean;
  apexDomain: string;
  logger: Pick<Logger, "info">;
  win?: Window;
}

interface LegacyOptIn {
  fetchPermissions(callback: () => void, force: boolean): void;
  isApproved(categories: string[]): boolean;
  Categories: { ECID: string };
}

interface LegacyVisitor {
  getInstance(
    orgId: string,
    config: object,
  ): { getMarketingCloudVisitorID(callback: (ecid: string) => void, force: boolean): unknown };
}

/**
 * During ID migration with Visitor on the page and no ECID cookie yet, alloy asks Visitor for
 * its ECID (after `adobe.optIn` approves ecid) and sends that, so a first visit mints one
 * ECID, not one per library (edge-protocol.md §3.2; alloy's `injectGetEcidFromVisitor`).
 */
function ecidFromVisitor(win: Window, orgId: string, logger: Pick<Logger, "info">) {
  const w = win as unknown as { Visitor?: LegacyVisitor; adobe?: { optIn?: LegacyOptIn } };
  const visitor = w.Visitor;
  // alloy's test: Visitor is a function with a getInstance function.
  if (typeof (visitor as unknown) !== "function" || typeof visitor?.getInstance !== "function")
    return Promise.resolve(undefined);
  const optIn = w.adobe?.optIn;
  return new Promise<void>((resolve, reject) => {
    if (!isObject(w.adobe) || !isObject(optIn)) return resolve();
    logger.info(
      "Delaying request while waiting for legacy opt-in to let Visitor retrieve ECID from server.",
    );
    optIn.fetchPermissions(() => {
      if (!optIn.isApproved([optIn.Categories.ECID]))
        return reject(new Error("Legacy opt-in was declined."));
      logger.info("Received legacy opt-in approval to let Visitor retrieve ECID from server.");
      resolve();
    }, true);
  })
    .then(() => {
      logger.info("Delaying request while using Visitor to retrieve ECID from server.");
      return new Promise<string | undefined>((resolve) => {
        visitor.getInstance(orgId, {}).getMarketingCloudVisitorID((ecid) => {
          logger.info(
            "Resuming previously delayed request that was waiting for ECID from Visitor.",
          );
          resolve(ecid);
        }, true);
      });
    })
    .catch((error: unknown) => {
      logger.info(
        error instanceof Error
          ? `${error.message}, retrieving ECID from experience edge`
          : "An error occurred while obtaining the ECID from Visitor.",
      );
      return undefined;
    });
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
    async addKnownIdentity(payload) {
      const legacy = deps.idMigrationEnabled
        ? /(^|\|)MCMID\|(\d+)($|\|)/.exec(readCookie(amcv, doc) ?? readCookie("s_ecid", doc) ?? "")
        : null;
      const known =
        ecidFromAdobeMc(win.location.search, deps.orgId, Math.floor(Date.now() / 1000)) ??
        legacy?.[2] ??
        (deps.idMigrationEnabled ? await ecidFromVisitor(win, deps.orgId, deps.logger) : undefined);
      if (!known) return;
      const xdm = (payload.xdm ??= {}) as Dict;
      xdm.identityMap = { ...(xdm.identityMap as Dict), ECID: [{ id: known }] };
    },
  };
}
