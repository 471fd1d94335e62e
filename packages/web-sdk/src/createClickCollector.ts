import { DECLINED_CONSENT } from "./createConsent.ts";
import type { Logger } from "./createLogger.ts";
import getClickDetails, { DOWNLOADS, type ClickProps } from "./getClickDetails.ts";
import mergeDeep from "./mergeDeep.ts";
import type { Config } from "./validateConfig.ts";
import { boolean, callback, objectOf, typed, type Dict, type Validator } from "./validate.ts";

export interface ClickCollector {
  /**
   * Sees every sendEvent's event (XDM and data merged, before consent and
   * `onBeforeEventSend`): an event with `xdm.web.webPageDetails.name` becomes the page later
   * clicks report, and with `eventGroupingEnabled` it carries the internal click held for it.
   */
  beforeEvent(event: Dict): void;
}

export interface ClickDeps {
  config: Config;
  logger: Logger;
  /** sendEvent for a click: beacon once the identity exists, otherwise like any event. */
  send: (options: Dict) => Promise<unknown>;
  win: Window;
}

/** What a library carries to collect clicks (the standalone SDK always; Launch when asked). */
export type CreateClickCollector = ((deps: ClickDeps) => ClickCollector) & {
  /** configure's checks of the click fields, in place of the loose ones (validateConfig.ts). */
  schema: Record<string, Validator>;
};

type Filter = (value: unknown) => unknown;

const isLink = (p: ClickProps) => !!(p.linkUrl && p.linkType && p.linkName && p.linkRegion);
const isMapped = (p: ClickProps) =>
  !!(p.pageName && p.linkName && p.linkRegion) && p.pageIDType !== undefined;
const xdmOf = (p: ClickProps): Dict =>
  p.filteredXdm || {
    eventType: "web.webinteraction.linkClicks",
    web: {
      webInteraction: {
        name: p.linkName,
        region: p.linkRegion,
        type: p.linkType,
        URL: p.linkUrl,
        linkClicks: { value: 1 },
      },
    },
  };
/** Activity Map's fields, which Adobe Analytics reads from `data.__adobe.analytics`. */
const dataOf = (p: ClickProps): Dict =>
  p.filteredData || {
    __adobe: {
      analytics: {
        contextData: {
          a: {
            activitymap: {
              page: p.pageName,
              link: p.linkName,
              region: p.linkRegion,
              pageIDType: p.pageIDType,
            },
          },
        },
      },
    },
  };
/** The fields alloy stores, in its order (sessionStorage holds them as JSON). */
const fields = ({ pageName, linkName, linkRegion, linkType, linkUrl, pageIDType }: ClickProps) => ({
  pageName,
  linkName,
  linkRegion,
  linkType,
  linkUrl,
  pageIDType,
});
const FLAGS: Dict = {
  download: "downloadLinkEnabled",
  exit: "externalLinkEnabled",
  other: "internalLinkEnabled",
};

/**
 * Automatic link-click collection as alloy 2.26.0's ActivityCollector does it (docs/web-sdk.md,
 * "Click collection"): a capture-phase click listener on the document turns a click on a
 * link into a `web.webinteraction.linkClicks` event with `xdm.web.webInteraction` and Activity
 * Map's `data.__adobe.analytics` fields. `clickCollection` turns link types off, filters and
 * groups internal clicks with the next named page view; `filterClickDetails` (or the
 * deprecated `onBeforeLinkClickSend`) may edit or cancel a click. The last page name and a
 * held click live in memory, or in sessionStorage with `sessionStorageEnabled`.
 */
function createClickCollector({ config, logger, send, win }: ClickDeps): ClickCollector {
  const options = (config.clickCollection ?? {}) as Dict;
  const filterDetails = options.filterClickDetails as Filter | undefined;
  const filterLink = config.onBeforeLinkClickSend as Filter | undefined;
  const qualifier = (config.downloadLinkQualifier as string | undefined) ?? DOWNLOADS;
  const doc = win.document;
  // alloy's key: its namespace, then the org id as configured, then "clickData".
  const key = `com.adobe.alloy.${config.orgId}clickData`;
  let memory: string | null = null;
  const load = (): ClickProps | null => {
    let raw = memory;
    if (options.sessionStorageEnabled)
      try {
        raw = win.sessionStorage.getItem(key);
      } catch {
        raw = null; // storage blocked: nothing held
      }
    return raw ? (JSON.parse(raw) as ClickProps) : null;
  };
  const save = (props: ClickProps) => {
    const raw = JSON.stringify(props);
    if (!options.sessionStorageEnabled) memory = raw;
    else
      try {
        win.sessionStorage.setItem(key, raw);
      } catch {
        /* storage blocked: the click is not held */
      }
  };
  // Activity Map's overlay (its element id) clicks around the page: none of them counts.
  const overlay = () => !!doc.getElementById("cppXYctnr");
  const rejected = (p: ClickProps) =>
    logger.info(
      `Clicked element properties were rejected by filter function: ${JSON.stringify(fields(p), null, 2)}`,
    );

  const details = (target: unknown): ClickProps => {
    let p = getClickDetails(target, qualifier, win);
    if (!p.clickedElement) return p;
    const stored = load();
    if (stored?.pageName) {
      p.pageName = stored.pageName;
      p.pageIDType = 1;
    }
    if (filterDetails) {
      if (filterDetails(p) === false) {
        rejected(p);
        return {};
      }
    } else if (filterLink) {
      // The deprecated filter sees {xdm, data, clickedElement} and may edit them; what it
      // leaves is sent as it is, and the click's fields are read back from it (data first).
      const o: Dict = {};
      if (isLink(p)) o.xdm = xdmOf(p);
      if (isMapped(p)) o.data = dataOf(p);
      if (o.xdm || o.data) {
        o.clickedElement = p.clickedElement;
        if (filterLink(o) === false) {
          rejected(p);
          return {};
        }
        const xdm = o.xdm as { web?: { webInteraction?: Dict } } | undefined;
        const link = xdm?.web?.webInteraction;
        const map = (o.data as { __adobe?: { analytics?: { contextData?: { a?: Dict } } } })
          ?.__adobe?.analytics?.contextData?.a?.activitymap as Dict | undefined;
        p = {
          clickedElement: o.clickedElement,
          filteredXdm: o.xdm as Dict,
          filteredData: o.data as Dict,
        };
        if (link)
          Object.assign(p, {
            linkName: link.name,
            linkRegion: link.region,
            linkType: link.type,
            linkUrl: link.URL,
          });
        if (map) {
          p.pageName = (map.page as string) || p.pageName;
          p.linkName = (map.link as string) || p.linkName;
          p.linkRegion = (map.region as string) || p.linkRegion;
          if (map.pageIDType !== undefined) p.pageIDType = map.pageIDType as number;
        }
      }
    }
    return p;
  };

  const fail = (error: unknown) => {
    const message = (error as Error)?.message;
    if ((error as { code?: string })?.code === DECLINED_CONSENT)
      logger.warn(`The click collection could not fully complete. ${message}`);
    else logger.error(`[ActivityCollector] ${message}`);
  };
  const sameDomain = (url: string) => {
    const host = (uri: string) =>
      new URL(/^https?:\/\//i.test(uri) ? uri : `${win.location.protocol}//${uri}`).hostname;
    return host(win.location.hostname) === host(url);
  };

  doc.addEventListener(
    "click",
    (event) => {
      // AppMeasurement re-dispatches clicks it delayed, marked s_fe: they were seen already.
      if ((event as unknown as { s_fe?: unknown }).s_fe) return;
      try {
        const p = details(event.target);
        if (overlay()) return;
        const link = isLink(p);
        const flag = FLAGS[p.linkType!] as string | undefined;
        if (link && flag && options[flag] === false) {
          logger.info(
            `Cancelling link click event due to clickCollection.${p.linkType}LinkEnabled = false.`,
          );
        } else if (
          link &&
          p.linkType === "other" &&
          options.eventGroupingEnabled &&
          // Grouping holds only click fields, so it is off when the deprecated filter could
          // have edited XDM or data (unless filterClickDetails, which outranks it, is set).
          (!filterLink || filterDetails) &&
          sameDomain(p.linkUrl!)
        ) {
          save(fields(p));
        } else if (link) {
          save({ pageName: p.pageName, pageIDType: p.pageIDType });
          send({ xdm: xdmOf(p), data: dataOf(p) }).catch(fail);
        } else if (isMapped(p)) {
          save(fields(p));
        }
      } catch (error) {
        fail(error);
      }
    },
    true,
  );

  return {
    beforeEvent(event) {
      const name = (event.xdm as { web?: { webPageDetails?: Dict } } | undefined)?.web
        ?.webPageDetails?.name;
      if (name === undefined) return;
      if (options.eventGroupingEnabled && !overlay()) {
        const p = load() ?? {};
        if (isLink(p)) {
          const { eventType: _pageView, ...xdm } = xdmOf(p);
          event.xdm = mergeDeep(xdm, event.xdm);
        }
        if (isMapped(p)) event.data = mergeDeep(dataOf(p), event.data);
      }
      save({ pageName: name as string, pageIDType: 1 });
    },
  };
}

const regexp = typed((v) => {
  try {
    return typeof v === "string" && !!new RegExp(v);
  } catch {
    return false;
  }
}, "a regular expression");

// alloy 2.26.0 checks `filterClickProperties` but calls `filterClickDetails` (unchecked).
createClickCollector.schema = {
  clickCollection: objectOf({
    internalLinkEnabled: boolean,
    externalLinkEnabled: boolean,
    downloadLinkEnabled: boolean,
    sessionStorageEnabled: boolean,
    eventGroupingEnabled: boolean,
    filterClickProperties: callback,
  }),
  downloadLinkQualifier: regexp,
};

export default createClickCollector as CreateClickCollector;
