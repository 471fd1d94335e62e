import type { NewEvent } from "./storage/Store.ts";

export interface LiveFilter {
  propertyId?: string;
  environmentId?: string;
}

type Listener = (events: NewEvent[]) => void;

/**
 * Fans committed events out to live subscribers (the studio's SSE stream). Publishing is
 * synchronous and cheap when nobody listens; a failing listener never affects the others.
 */
export class LiveStream {
  private readonly listeners = new Set<{ filter: LiveFilter; listener: Listener }>();

  get subscribers(): number {
    return this.listeners.size;
  }

  subscribe(filter: LiveFilter, listener: Listener): () => void {
    const entry = { filter, listener };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  publish(events: NewEvent[]): void {
    for (const { filter, listener } of this.listeners) {
      const matching = events.filter(
        (e) =>
          (filter.propertyId === undefined || e.propertyId === filter.propertyId) &&
          (filter.environmentId === undefined || e.environmentId === filter.environmentId),
      );
      if (matching.length === 0) continue;
      try {
        listener(matching);
      } catch {
        // A subscriber that throws is its own problem; the edge keeps going.
      }
    }
  }
}
