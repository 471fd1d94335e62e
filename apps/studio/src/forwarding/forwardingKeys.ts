import type { DeliveryState, DestinationKind } from "@liftoff/schema";

/** TanStack Query keys of an edge property's forwarding data (invalidated together by prefix). */
export const forwardingKeys = {
  all: (pid: string) => ["forwarding", pid] as const,
  stats: (pid: string) => ["forwarding", pid, "stats"] as const,
  deliveries: (pid: string, filter: DeliveryFilter) =>
    ["forwarding", pid, "deliveries", filter.show, filter.destination] as const,
  delivery: (pid: string, id: string) => ["forwarding", pid, "delivery", id] as const,
  secrets: (pid: string) => ["forwarding", pid, "secrets"] as const,
  hosts: (pid: string) => ["forwarding", pid, "hosts"] as const,
};

/** Recent: every delivery; failed: pending after at least one attempt; dead: dead letters. */
export type DeliveryShow = "recent" | "failed" | "dead";

export interface DeliveryFilter {
  show: DeliveryShow;
  /** `""`: every destination. */
  destination: DestinationKind | "";
}

/** The state the list asks the server for (`failing`: pending after an attempt). */
export const STATE_OF_SHOW: Record<DeliveryShow, DeliveryState | "failing" | undefined> = {
  recent: undefined,
  failed: "failing",
  dead: "dead",
};

/** Stats and lists are live enough at a 5 s refresh; paused while the tab is hidden. */
export const LIVE_INTERVAL_MS = 5000;
