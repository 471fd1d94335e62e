import type { PresenceEntry, PresenceItem } from "@liftoff/schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApi } from "../session/SessionContext.tsx";

/**
 * Who has which item open (docs/studio.md, Presence). This tab says what it has open with
 * `PUT /api/properties/:pid/presence`; the change stream (usePropertyChanges) brings everyone's
 * list into the query cache under `presenceKey`, and `usePresence` reads it.
 */

/** This tab's own id: random per page load, so two tabs of one person are two entries. */
export const TAB_ID = (() => {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
})();

/** The server drops a tab 45 s after its last word: renewing every 15 s survives two losses. */
export const RENEW_MS = 15_000;

export const presenceKey = (pid: string) => ["presence", pid] as const;

type Put = (pid: string, tab: string, item: PresenceItem | null) => Promise<void>;

/** What this tab has open, and what it last told the server. */
const tab: {
  open?: { pid: string; item: PresenceItem; put: Put };
  told?: { pid: string; item: PresenceItem | null; put: Put };
  flush?: ReturnType<typeof setTimeout>;
  renew?: ReturnType<typeof setInterval>;
  /** Requests go one after another, so the server hears them in the order they were made. */
  queue: Promise<void>;
} = { queue: Promise.resolve() };

const same = (a: PresenceItem | null | undefined, b: PresenceItem | null | undefined) =>
  a?.kind === b?.kind && a?.id === b?.id;

function send(pid: string, item: PresenceItem | null, put: Put): void {
  tab.told = { pid, item, put };
  // A refused or lost announcement only delays what colleagues see: the next renewal retries.
  tab.queue = tab.queue.then(() => put(pid, TAB_ID, item).catch(() => undefined));
}

/**
 * Says what is open now. Leaving one editor and opening the next happen in one render, so
 * the change waits for the end of it: the server hears the new item, not a "left" first.
 */
function schedule(): void {
  clearTimeout(tab.flush);
  tab.flush = setTimeout(() => {
    const { open, told } = tab;
    if (told && told.item && (!open || open.pid !== told.pid)) send(told.pid, null, told.put);
    if (open && !(told && told.pid === open.pid && same(told.item, open.item)))
      send(open.pid, open.item, open.put);
    clearInterval(tab.renew);
    tab.renew = undefined;
    if (open) tab.renew = setInterval(renewPresence, RENEW_MS);
  }, 0);
}

/** Says again what this tab has open (the heartbeat, and after the change stream reconnects). */
export function renewPresence(): void {
  if (tab.open) send(tab.open.pid, tab.open.item, tab.open.put);
}

/** Tells colleagues that this tab has `item` open while the calling component is mounted. */
export function useOpenItem(pid: string, item: PresenceItem | undefined): void {
  const api = useApi();
  const kind = item?.kind;
  const id = item?.id;
  useEffect(() => {
    if (!kind || !id) return;
    const mine = { kind, id };
    tab.open = { pid, item: mine, put: api.properties.presence };
    schedule();
    return () => {
      if (tab.open && tab.open.pid === pid && same(tab.open.item, mine)) tab.open = undefined;
      schedule();
    };
  }, [api, pid, kind, id]);
}

/** Everyone's open items in the property, as the change stream last said (this tab left out). */
export function usePresence(pid: string): PresenceEntry[] {
  const queryClient = useQueryClient();
  const entries = useQuery({
    queryKey: presenceKey(pid),
    queryFn: () => queryClient.getQueryData<PresenceEntry[]>(presenceKey(pid)) ?? [],
    // Only the change stream fills it (setQueryData): a fetch of its own could only put back
    // an older list over a newer one.
    enabled: false,
    initialData: [],
    staleTime: Infinity,
  }).data;
  return entries.filter((entry) => entry.tab !== TAB_ID);
}

/** The other tabs that have `item` open. */
export const presentAt = (entries: PresenceEntry[], item: PresenceItem) =>
  entries.filter((entry) => same(entry.item, item));
