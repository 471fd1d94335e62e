import eventWire from "./eventWire.ts";
import type { NewEvent } from "../../store/Store.ts";

export interface LiveFilter {
  propertyId?: string;
  environmentId?: string;
}

/** Caps that keep live subscribers from taking the server's memory (docs/server.md, Live stream). */
export interface LiveLimits {
  /** Open streams in all; past it a new one is refused with 503. */
  maxSubscribers: number;
  /** Open streams per signed-in user (per client address without auth); past it, 429. */
  maxPerUser: number;
  /**
   * Characters of stream text that may wait for one slow subscriber; one that falls further
   * behind is disconnected (its EventSource reconnects from the live edge).
   */
  maxBuffered: number;
}

export const defaultLiveLimits: LiveLimits = {
  maxSubscribers: 200,
  maxPerUser: 10,
  maxBuffered: 1024 * 1024,
};

/** Receives the stream text of one publish's matching events. */
type Listener = (text: string) => void;

interface Entry {
  filter: LiveFilter;
  owner: string;
  listener: Listener;
}

export type Subscription = { unsubscribe: () => void } | { refused: "total" | "user" };

/** The Server-Sent Events message of one committed event. */
export const edgeEventMessage = (event: NewEvent): string =>
  `event: edge-event\ndata: ${JSON.stringify(eventWire(event))}\n\n`;

const matches = (filter: LiveFilter, e: NewEvent) =>
  (filter.propertyId === undefined || e.propertyId === filter.propertyId) &&
  (filter.environmentId === undefined || e.environmentId === filter.environmentId);

// Filter values are ids (no newline), so the key is unambiguous.
const keyOf = (filter: LiveFilter) => `${filter.propertyId ?? ""}\n${filter.environmentId ?? ""}`;

/**
 * Fans committed events out to live subscribers (the studio's SSE stream). Each event is
 * serialised once per publish and every subscriber with the same filter gets the same string,
 * so a thousand subscribers cost a thousand references, not a thousand copies. Publishing is
 * synchronous and cheap when nobody listens; a failing listener never affects the others.
 */
export class LiveStream {
  private readonly entries = new Set<Entry>();
  private readonly perOwner = new Map<string, number>();

  constructor(
    readonly limits: LiveLimits = defaultLiveLimits,
    private readonly format: (event: NewEvent) => string = edgeEventMessage,
  ) {}

  get subscribers(): number {
    return this.entries.size;
  }

  /** Adds a subscriber for `owner` (a user or an address), unless a cap refuses it. */
  subscribe(filter: LiveFilter, owner: string, listener: Listener): Subscription {
    const held = this.perOwner.get(owner) ?? 0;
    if (held >= this.limits.maxPerUser) return { refused: "user" };
    if (this.entries.size >= this.limits.maxSubscribers) return { refused: "total" };
    const entry = { filter, owner, listener };
    this.entries.add(entry);
    this.perOwner.set(owner, held + 1);
    return { unsubscribe: () => this.remove(entry) };
  }

  publish(events: NewEvent[]): void {
    if (this.entries.size === 0 || events.length === 0) return;
    const messages: (string | undefined)[] = [];
    const texts = new Map<string, string>();
    for (const { filter, listener } of this.entries) {
      const key = keyOf(filter);
      let text = texts.get(key);
      if (text === undefined) {
        const parts: string[] = [];
        events.forEach((e, i) => {
          if (matches(filter, e)) parts.push((messages[i] ??= this.format(e)));
        });
        text = parts.join("");
        texts.set(key, text);
      }
      if (text === "") continue;
      try {
        listener(text);
      } catch {
        // A subscriber that throws is its own problem; the edge keeps going.
      }
    }
  }

  private remove(entry: Entry): void {
    if (!this.entries.delete(entry)) return;
    const held = (this.perOwner.get(entry.owner) ?? 1) - 1;
    if (held > 0) this.perOwner.set(entry.owner, held);
    else this.perOwner.delete(entry.owner);
  }
}
