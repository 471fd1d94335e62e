import type { PresenceEntry, PropertyChange, PropertyState } from "@liftoff/schema";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApi } from "../session/SessionContext.tsx";
import { presenceKey, renewPresence, TAB_ID } from "./presence.ts";
import { applyItemAnswers, propertyKey } from "./useProperty.ts";

const RETRY_MS = 10_000;
/** How often a change waits for this tab's own saves to settle (see `follow`). */
const SETTLE_MS = 100;
/** A save naming more items than this reloads the property (one request, not many). */
export const MAX_ITEMS_FETCHED = 20;

type ItemRef = PropertyChange["resources"][number] & { kind: "rule" | "dataElement" };

/**
 * The rules and data elements a change wrote, when fetching them one by one brings the cached
 * property to the change's revision: it is the very next revision, and it names 1–20 items, all
 * rules or data elements. Otherwise undefined: reload the whole property.
 */
export function itemsToFetch(change: PropertyChange, loaded: number): ItemRef[] | undefined {
  // `ready` carries only the revision: like a bulk change, it names no items.
  const items = Array.isArray(change.resources) ? change.resources : [];
  if (change.revision !== loaded + 1) return undefined;
  if (items.length === 0 || items.length > MAX_ITEMS_FETCHED) return undefined;
  if (!items.every((r): r is ItemRef => r.kind === "rule" || r.kind === "dataElement"))
    return undefined;
  return items;
}

/**
 * Follows the property's saves as they happen (`GET /api/properties/:pid/changes`, Server-Sent
 * Events), so lists and open editors show what colleagues saved (editors decide what to do
 * with a newer revision: useItemEditor). A save that is the next revision and wrote a few rules
 * or data elements fetches just those items and merges them (at 2,000 rules the whole property
 * is megabytes); any other newer save (a missed revision, settings, extensions, a bulk change)
 * reloads the property.
 * The same stream says who has which item open (`presence`, kept under `presenceKey`); it is
 * opened with this tab's id, so the tab's presence ends when the stream does.
 */
export function usePropertyChanges(pid: string): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const loaded = () => queryClient.getQueryData<PropertyState>(propertyKey(pid))?.revision ?? 0;
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: propertyKey(pid) });
      void queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
    };
    /** Changes are applied one at a time, in the order they arrive. */
    let queue: Promise<void> = Promise.resolve();
    const apply = async (change: PropertyChange) => {
      if (stopped || change.revision <= loaded()) return;
      const items = itemsToFetch(change, loaded());
      if (!items) return reload();
      try {
        const answers = await Promise.all(items.map((r) => api.items.get(pid, r.kind, r.id)));
        // Read at a later revision (another save came in meanwhile): merging would mix two
        // revisions' indexes, so the whole property is reloaded instead.
        if (stopped) return;
        if (change.revision !== loaded() + 1 || answers.some((a) => a.revision !== change.revision))
          return reload();
        applyItemAnswers(queryClient, api, pid, answers);
        void queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
      } catch {
        reload();
      }
    };
    // While a save of this tab is on its way, its answer is about to change the property:
    // following now could land first and make the editor take its own save for a colleague's.
    // So changes wait for the tab's saves, then are applied in order if still newer.
    const pending: PropertyChange[] = [];
    const drain = () => {
      clearTimeout(wait);
      if (queryClient.isMutating() > 0) {
        wait = setTimeout(drain, SETTLE_MS);
        return;
      }
      const batch = pending.splice(0);
      queue = queue.then(async () => {
        for (const change of batch) await apply(change);
      });
    };
    const follow = (change: PropertyChange) => {
      pending.push(change);
      drain();
    };
    const onMessage = (message: Event) => {
      try {
        follow(JSON.parse((message as MessageEvent<string>).data) as PropertyChange);
      } catch {
        // A malformed message is skipped; the stream carries on.
      }
    };
    const setPresence = (entries: PresenceEntry[]) =>
      queryClient.setQueryData(presenceKey(pid), entries);
    const onPresence = (message: Event) => {
      try {
        setPresence(JSON.parse((message as MessageEvent<string>).data) as PresenceEntry[]);
      } catch {
        // A malformed message is skipped; the next one carries the whole list again.
      }
    };
    const onReady = (message: Event) => {
      // A new stream starts with no one here until it says otherwise, and (a reconnect, maybe
      // to another node) this tab says again what it has open.
      setPresence([]);
      renewPresence();
      onMessage(message);
    };
    const connect = () => {
      const current = new EventSource(
        `/api/properties/${encodeURIComponent(pid)}/changes?tab=${TAB_ID}`,
        { withCredentials: true },
      );
      source = current;
      current.onerror = () => {
        // A dropped stream is reopened by EventSource itself (its `ready` then tells whether
        // a save was missed meanwhile); a refused one is not: retry later.
        if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, RETRY_MS);
      };
      current.addEventListener("ready", onReady);
      current.addEventListener("change", onMessage);
      current.addEventListener("presence", onPresence);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(wait);
      source?.close();
    };
  }, [api, pid, queryClient]);
}
