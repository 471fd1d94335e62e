import { HANDSHAKE_TIMEOUT_MS, MAX_SYNCS_LENGTH, SECONDS_PER_DAY } from "./constants.ts";
import type { VisitorConfig } from "./normalizeConfig.ts";
import nowSeconds from "./nowSeconds.ts";

/** Messages between the page and the ID sync destination page (docs/identity.md). */
export const READY_MESSAGE = "dest5:ready";
export const SYNC_PREFIX = "dest5:sync:";

/** Fires the partner syncs of an `/id` response (`ibs`) that are not yet on record. */
export type IdSync = (
  body: Record<string, unknown>,
  get: (key: string) => string,
  set: (key: string, value: string) => void,
) => void;

/**
 * ID syncs (spec §7): partner URLs from the `/id` response (`ibs: [{id, url, ttl}]`, ttl in
 * minutes) are fired from a hidden destination-publishing iframe served by the identity
 * server (`origin`, the `/id` server), so partners see their own cookies. The frame
 * announces itself with a `postMessage`; if it has not within 250 ms of loading (spec §9,
 * handshake timeout), the page fires the URLs itself as images, so a broken frame never
 * loses a sync. Fired syncs are recorded in the AMCV field `MCSYNCS` as
 * `<id>-<expiry day>` entries, oldest dropped first to stay within 649 characters; with
 * one `/id` call a day, partners are synced at most daily.
 */
export default function createIdSync(win: Window, config: VisitorConfig, origin: string): IdSync {
  return (body, get, set) => {
    if (config.idSyncDisableSyncs || config.disableIdSyncs || !Array.isArray(body.ibs)) return;
    const today = Math.floor(nowSeconds() / SECONDS_PER_DAY);
    const record = get("MCSYNCS")
      .split("*")
      .filter((entry) => +entry.split("-")[1]! >= today);
    const urls: string[] = [];
    for (const sync of body.ibs as Array<Record<string, unknown> | null>) {
      const id = String((sync?.id as string | number | undefined) ?? "");
      if (!/^\w+$/.test(id) || record.some((entry) => entry.startsWith(`${id}-`))) continue;
      urls.push(...([] as unknown[]).concat(sync!.url).filter((url) => typeof url === "string"));
      record.push(`${id}-${today + (Math.ceil(Number(sync!.ttl) / 1440) || 1)}`);
    }
    let value = record.join("*");
    while (value.length > MAX_SYNCS_LENGTH)
      value = value.slice(value.indexOf("*") + 1 || MAX_SYNCS_LENGTH);
    set("MCSYNCS", value);
    if (!urls.length) return;

    const frame = win.document.createElement("iframe");
    let answered = false;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.data !== READY_MESSAGE) return;
      answered = true;
      win.removeEventListener("message", onMessage);
      frame.contentWindow!.postMessage(SYNC_PREFIX + JSON.stringify(urls), origin);
    };
    win.addEventListener("message", onMessage);
    frame.onload = () =>
      setTimeout(() => {
        if (answered) return;
        win.removeEventListener("message", onMessage);
        for (const url of urls) new Image().src = url;
      }, HANDSHAKE_TIMEOUT_MS);
    frame.style.display = "none";
    frame.src = `${origin}/dest5.html?d_nsid=${config.idSyncContainerID}#${encodeURIComponent(win.location.origin)}`;
    win.document.documentElement.appendChild(frame);
  };
}
