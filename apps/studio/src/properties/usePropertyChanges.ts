import type { PresenceEntry, PropertyChange, PropertyState } from "@liftoff/schema";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { presenceKey, renewPresence, TAB_ID } from "./presence.ts";
import { propertyKey } from "./useProperty.ts";

const RETRY_MS = 10_000;
/** How often a change waits for this tab's own saves to settle (see `follow`). */
const SETTLE_MS = 100;

/**
 * Follows the property's saves as they happen (`GET /api/properties/:pid/changes`, Server-Sent
 * Events): a save newer than the loaded property reloads it, so lists and open editors show
 * what colleagues saved (editors decide what to do with a newer revision: useItemEditor).
 * The same stream says who has which item open (`presence`, kept under `presenceKey`); it is
 * opened with this tab's id, so the tab's presence ends when the stream does.
 */
export function usePropertyChanges(pid: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait: ReturnType<typeof setTimeout> | undefined;
    const loaded = () => queryClient.getQueryData<PropertyState>(propertyKey(pid))?.revision ?? 0;
    // While a save of this tab is on its way, its answer is about to replace the property:
    // reloading now could land first and make the editor take its own save for a colleague's.
    // So a change waits for the tab's saves, then reloads only if it is still newer.
    const follow = (revision: number) => {
      clearTimeout(wait);
      if (queryClient.isMutating() > 0) wait = setTimeout(() => follow(revision), SETTLE_MS);
      else if (revision > loaded()) {
        void queryClient.invalidateQueries({ queryKey: propertyKey(pid) });
        void queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
      }
    };
    const onMessage = (message: Event) => {
      try {
        follow((JSON.parse((message as MessageEvent<string>).data) as PropertyChange).revision);
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
      clearTimeout(retry);
      clearTimeout(wait);
      source?.close();
    };
  }, [pid, queryClient]);
}
