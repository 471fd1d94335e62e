import type { Datastream, DatastreamRepository } from "../../store/Store.ts";

/**
 * Datastreams are read on every edge request; a short TTL keeps that off the database while
 * a change made through the repository shows up within `ttlMs` on every node.
 */
export class DatastreamCache {
  private readonly entries = new Map<string, { value: Datastream | undefined; at: number }>();

  constructor(
    private readonly repository: DatastreamRepository,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(id: string): Promise<Datastream | undefined> {
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = await this.repository.get(id);
    // Unknown ids are not cached: a flood of random ids must not evict the real ones.
    if (value) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(id, { value, at: now });
    }
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
