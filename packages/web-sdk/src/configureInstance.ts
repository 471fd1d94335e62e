import type { ClickCollector, CreateClickCollector } from "./createClickCollector.ts";
import { cookieName, getApexDomain, readCookie, writeCookie } from "./cookies.ts";
import createConsent, { type ConsentState } from "./createConsent.ts";
import { VERSION } from "./createContext.ts";
import createEdgeTransport, { type EdgeResponse } from "./createEdgeTransport.ts";
import createIdentity from "./createIdentity.ts";
import type { Logger } from "./createLogger.ts";
import createSendEvent, { applyOverrides, eventResult } from "./createSendEvent.ts";
import createSetConsent from "./createSetConsent.ts";
import uuid from "./uuid.ts";
import type { Config } from "./validateConfig.ts";
import { isObject, type Dict } from "./validate.ts";

/** A command's runner and the component name alloy prefixes its errors with. */
export interface Command {
  component: string;
  run(options: Dict): unknown;
}

/** `general` from a `kndctr_<org>_consent` cookie value such as `general=in;foo=bar`. */
export const generalConsent = (value: string | undefined) =>
  /(?:^|;)\s*general=(\w+)/.exec(value ?? "")?.[1];

/**
 * Wires a configured instance: cookies, consent, identity, transport and, when the library
 * carries it and `clickCollectionEnabled` is not false, click collection; returns the
 * commands that need a configuration (everything except configure itself).
 */
export default function configureInstance(
  config: Config,
  logger: Logger,
  win: Window = window,
  createClicks?: CreateClickCollector,
): Record<string, Command> {
  const doc = win.document;
  const prefix = cookieName(config.orgId, "");
  const identityCookie = `${prefix}identity`;
  const consentCookie = `${prefix}consent`;
  const apexDomain = getApexDomain(doc);
  const hashPrefix = `com.adobe.alloy.${config.orgId.replace("@", "_")}.consentHashes.`;
  // A consent decision without the identity it belongs to is stale (alloy does the same):
  // the consent cookie goes now, the stored consent hashes when setConsent next reads them
  // (nothing else reads them, and a first storage access is costly during the page load).
  const stale = !readCookie(identityCookie, doc);
  if (stale && readCookie(consentCookie, doc) !== undefined)
    writeCookie(consentCookie, "", { maxAge: 0, domain: apexDomain }, doc);
  const consent = createConsent(
    config.defaultConsent,
    generalConsent(readCookie(consentCookie, doc)),
    (m) => logger.info(m),
  );
  const identity = createIdentity({
    orgId: config.orgId,
    identityCookie,
    idMigrationEnabled: config.idMigrationEnabled,
    apexDomain,
    logger,
    win,
  });
  const applyHandles = (response: EdgeResponse) => {
    ((response.body?.handle as Array<{ type: string; payload: unknown }>) ?? [])
      .filter((h) => h?.type === "state:store")
      .flatMap((h) => h.payload as Dict[])
      .filter((item) => isObject(item) && typeof item.key === "string")
      .forEach((item) => {
        const sameSite = (item.attrs as Dict | undefined)?.SameSite as string | undefined;
        writeCookie(
          String(item.key),
          String(item.value),
          {
            maxAge: item.maxAge as number | undefined,
            domain: apexDomain,
            sameSite,
            secure: sameSite?.toLowerCase() === "none",
          },
          doc,
        );
      });
    identity.onResponse(response);
  };
  // alloy expects third-party cookies to work in Chromium: it asks for the CORE id and sends
  // a visitor's first request to its third-party domain (createEdgeTransport.ts).
  const thirdParty =
    config.thirdPartyCookiesEnabled &&
    /(?!Chrom.*OPR)Chrom(?:e|ium)\//.test(win.navigator.userAgent);
  const send = createEdgeTransport({
    config,
    thirdParty,
    logger,
    apexDomain,
    cookiePrefix: prefix,
    identityCookie,
    addKnownIdentity: (payload) => identity.addKnownIdentity(payload),
    onResponse: applyHandles,
    afterRequest: () => {
      if (consent.state !== "pending")
        consent.update(generalConsent(readCookie(consentCookie, doc)));
    },
    win,
  });
  const fetchIds = ["ECID"];
  if (thirdParty) fetchIds.push("CORE");

  const ensureEcid = async (overrides: unknown) => {
    if (!identity.ecid()) {
      const payload: Dict = { query: { identity: { fetch: fetchIds } } };
      const configId = applyOverrides(config, payload, overrides);
      await send("identity/acquire", payload, { configId });
    }
    const ecid = identity.ecid();
    if (!ecid)
      throw new Error(
        "The edge returned no ECID (no identity cookie and no identity:result handle).",
      );
    return ecid;
  };

  let clicks: ClickCollector | undefined;
  const sendEvent = createSendEvent(config, consent, send, logger, fetchIds, win, (event) =>
    clicks?.beforeEvent(event),
  );
  if (createClicks && config.clickCollectionEnabled !== false)
    clicks = createClicks({ config, logger, send: (options) => sendEvent(options, true), win });

  const commands: Record<string, Command> = {
    sendEvent: { component: "DataCollector", run: sendEvent },
    applyResponse: {
      component: "DataCollector",
      run(options) {
        const body = options.responseBody as Dict;
        const headers = (options.responseHeaders as Record<string, string>) ?? {};
        const response: EdgeResponse = {
          status: 200,
          body,
          header: (name) => headers[name] ?? headers[name.toLowerCase()] ?? null,
        };
        applyHandles(response);
        return eventResult(response, true);
      },
    },
    setConsent: {
      component: "Consent",
      run: createSetConsent({
        config,
        consent,
        send,
        hashPrefix,
        staleHashes: stale,
        win,
        afterSend: () => consent.update(generalConsent(readCookie(consentCookie, doc))),
      }),
    },
    getIdentity: {
      component: "Identity",
      async run(options) {
        const namespaces = (options.namespaces as string[] | undefined) ?? ["ECID"];
        if (namespaces.includes("CORE") && !config.thirdPartyCookiesEnabled)
          throw new Error(
            "namespaces: The CORE namespace cannot be requested when third-party cookies are disabled.",
          );
        await consent.awaitConsent();
        const ecid = await ensureEcid(options.edgeConfigOverrides);
        const ids: Dict = {};
        if (namespaces.includes("ECID")) ids.ECID = ecid;
        if (namespaces.includes("CORE")) ids.CORE = null; // CORE ids come from demdex; see docs
        return { identity: ids, edge: { regionId: identity.regionId() } };
      },
    },
    appendIdentityToUrl: {
      component: "Identity",
      async run(options) {
        try {
          await consent.withConsent();
          const ecid = await ensureEcid(options.edgeConfigOverrides);
          const url = String(options.url);
          const value = `TS=${Math.floor(Date.now() / 1000)}|MCMID=${ecid}|MCORGID=${encodeURIComponent(config.orgId)}`;
          const [base, ...hash] = url.split("#");
          const joined = `${base}${base!.includes("?") ? "&" : "?"}adobe_mc=${encodeURIComponent(value)}`;
          return { url: hash.length ? `${joined}#${hash.join("#")}` : joined };
        } catch (error) {
          logger.warn(`Unable to append identity to url. ${(error as Error).message}`);
          return options;
        }
      },
    },
    getLibraryInfo: {
      component: "LibraryInfo",
      run: () => ({
        libraryInfo: {
          version: VERSION,
          configs: JSON.parse(
            JSON.stringify(config, (_k, v: unknown) => (typeof v === "function" ? String(v) : v)),
          ) as Dict,
          commands: ["configure", "setDebug", ...Object.keys(commands)].sort(),
          components: [
            "Consent",
            "Context",
            "DataCollector",
            "EventMerge",
            "Identity",
            "LibraryInfo",
          ],
        },
      }),
    },
    createEventMergeId: { component: "EventMerge", run: () => ({ eventMergeId: uuid() }) },
  };
  return commands;
}

export type { ConsentState };
