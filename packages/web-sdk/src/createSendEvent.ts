import type { Consent } from "./createConsent.ts";
import createContext from "./createContext.ts";
import type { EdgeResponse, Send } from "./createEdgeTransport.ts";
import type { Logger } from "./createLogger.ts";
import mergeDeep from "./mergeDeep.ts";
import type { Config } from "./validateConfig.ts";
import { isNil, type Dict } from "./validate.ts";

const SCHEMAS = [
  "default-content-item",
  "html-content-item",
  "json-content-item",
  "redirect-item",
  "ruleset-item",
  "message/in-app",
  "message/content-card",
  "dom-action",
].map((s) => `https://ns.adobe.com/personalization/${s}`);

/** Keeps booleans, numbers, non-empty strings and arrays, non-empty objects (alloy's rule). */
export const pruneOverrides = (value: unknown): unknown => {
  if (isNil(value) || value === "" || (Array.isArray(value) && !value.length)) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) return value;
  const out: Dict = {};
  for (const key in value as Dict) {
    const v = pruneOverrides((value as Dict)[key]);
    if (v !== undefined) out[key] = v;
  }
  return Object.keys(out).length ? out : undefined;
};

/** Top-level `meta.configOverrides` and the datastream a command sends to. */
export function applyOverrides(config: Config, payload: Dict, local: unknown): string | undefined {
  const { datastreamId, ...rest } = (local as Dict | undefined) ?? {};
  const merged = pruneOverrides(mergeDeep(mergeDeep({}, config.edgeConfigOverrides), rest));
  const meta = (payload.meta ??= {}) as Dict;
  if (merged) meta.configOverrides = merged;
  if (typeof datastreamId === "string" && datastreamId && datastreamId !== config.datastreamId) {
    meta.sdkConfig = { datastream: { original: config.datastreamId } };
    return datastreamId;
  }
  return undefined;
}

/** The result shape of sendEvent/applyResponse in alloy 2.26.0 (edge-protocol.md §1.3). */
export function eventResult(response: EdgeResponse | undefined, withDecisions: boolean): Dict {
  const payloads = (type: string) =>
    ((response?.body?.handle as Array<{ type: string; payload: unknown }>) ?? [])
      .filter((h) => h?.type === type)
      .flatMap((h) => h.payload);
  const decisions = payloads("personalization:decisions");
  const result: Dict = {
    propositions: decisions.map((d) => ({ ...(d as Dict), renderAttempted: false })),
  };
  if (withDecisions) result.decisions = decisions;
  result.destinations = payloads("activation:pull");
  return result;
}

/**
 * `sendEvent`: builds the event (type, mergeId, context, then the caller's xdm and data on
 * top), shows it to `beforeEvent` (click collection), waits for consent, lets
 * `onBeforeEventSend` edit or cancel it, and posts it to `interact` — or beacons it to
 * `collect` when the document is unloading. `click` marks a collected link click: beaconed
 * like an unloading event (the page may be leaving), but otherwise an ordinary event (the
 * first of the page asks for personalization, as alloy's does).
 */
export default function createSendEvent(
  config: Config,
  consent: Consent,
  send: Send,
  logger: Logger,
  fetchIds: string[],
  win: Window = window,
  beforeEvent?: (event: Dict) => void,
) {
  let first = true;
  return async (options: Dict, click?: boolean): Promise<Dict> => {
    const personalization = (options.personalization as Dict | undefined) ?? {};
    const scopes = [
      ...((options.decisionScopes as string[]) ?? []),
      ...((personalization.decisionScopes as string[]) ?? []),
    ];
    const surfaces = (personalization.surfaces as string[]) ?? [];
    const unloading = !!options.documentUnloading;
    const withDecisions = (first && !unloading) || !!scopes.length || !!surfaces.length;
    if (first && !unloading) {
      first = false;
      scopes.unshift("__view__");
      surfaces.unshift(`web://${win.location.host}${win.location.pathname}`);
    }
    if (options.renderDecisions)
      logger.warn("renderDecisions is not supported; nothing is rendered.");
    const event: Dict = { xdm: {} };
    if (withDecisions)
      event.query = { personalization: { schemas: SCHEMAS, decisionScopes: scopes, surfaces } };
    const xdm = event.xdm as Dict;
    if (options.type) xdm.eventType = options.type;
    if (options.mergeId) xdm.eventMergeId = options.mergeId;
    mergeDeep(xdm, createContext(config.context, win));
    mergeDeep(xdm, options.xdm);
    if (options.data) event.data = mergeDeep({}, options.data);
    beforeEvent?.(event);
    const payload: Dict = { events: [event], query: { identity: { fetch: fetchIds } } };
    const local = (options.edgeConfigOverrides as Dict | undefined) ?? {};
    if (options.datasetId) {
      logger.warn(
        "The 'datasetId' option has been deprecated. Please use 'edgeConfigOverrides.com_adobe_experience_platform.datasets.event.datasetId' instead.",
      );
      mergeDeep(local, {
        com_adobe_experience_platform: { datasets: { event: { datasetId: options.datasetId } } },
      });
    }
    const configId = applyOverrides(config, payload, local);
    await consent.awaitConsent();
    const content = { xdm: event.xdm as Dict, data: (event.data as Dict) ?? {} };
    const keep = config.onBeforeEventSend(content);
    event.xdm = content.xdm || {};
    event.data = content.data || {};
    if (!Object.keys(event.xdm as Dict).length) delete event.xdm;
    if (!Object.keys(event.data as Dict).length) delete event.data;
    if (keep === false) {
      logger.info("Event was canceled because the onBeforeEventSend callback returned false.");
      return {};
    }
    const response = await send("interact", payload, { beacon: unloading || click, configId });
    return eventResult(response, withDecisions);
  };
}
