import { PRESENCE_KINDS, ROLES, type PresenceEntry, type PresenceItem } from "@liftoff/schema";
import type { ClusterBus } from "../../db/ClusterBus.ts";

/** The channel on which a node says that a tab opened, renewed or left an item. */
export const PRESENCE_CHANNEL = "liftoff_presence";

export interface PresenceOptions {
  /** The clock (tests hand in their own). */
  now: () => number;
  /** How long an announcement holds without renewal: a tab that vanished is gone after it. */
  ttlMs: number;
  /** How often this node drops expired entries. */
  sweepMs: number;
}

export const DEFAULT_PRESENCE: PresenceOptions = {
  now: Date.now,
  // The studio renews every 15 s: two renewals may be lost before a tab is taken for gone.
  ttlMs: 45_000,
  sweepMs: 5_000,
};

/** A notice on the bus: one tab's item (null: it left). */
interface PresenceNotice {
  propertyId: string;
  tab: string;
  user: string;
  role: PresenceEntry["role"];
  item: PresenceItem | null;
  since: string;
}

const isNotice = (value: unknown): value is PresenceNotice => {
  const n = value as PresenceNotice;
  return (
    typeof n === "object" &&
    n !== null &&
    typeof n.propertyId === "string" &&
    typeof n.tab === "string" &&
    typeof n.user === "string" &&
    ROLES.includes(n.role) &&
    typeof n.since === "string" &&
    (n.item === null ||
      (typeof n.item === "object" &&
        PRESENCE_KINDS.includes(n.item.kind) &&
        typeof n.item.id === "string"))
  );
};

type Watcher = (entries: PresenceEntry[]) => void;
/** An entry and when it expires, by this node's clock. */
type HeldEntry = PresenceEntry & { until: number };

/**
 * Who has which item of a property open, on every node: a tab's announcement goes over the
 * cluster bus, and each node (this one included) keeps the whole list and tells its change
 * stream readers when it changes. Every node expires entries by its own clock: an entry holds
 * `ttlMs` from when this node heard it, so clocks of different nodes need not agree.
 * A node that starts later learns of tabs at their next renewal.
 */
export class PresenceBoard {
  /** Property id → `user\ntab` → entry and when it expires on this node's clock. */
  private readonly properties = new Map<string, Map<string, HeldEntry>>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly unsubscribe: () => void;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly bus: ClusterBus,
    private readonly options: PresenceOptions = DEFAULT_PRESENCE,
  ) {
    this.unsubscribe = bus.subscribe(PRESENCE_CHANNEL, (payload) => this.hear(payload));
    this.timer = setInterval(() => this.sweep(), options.sweepMs);
    this.timer.unref();
  }

  /** Tells every node that `tab` of `user` has `item` open (null: nothing any more). */
  async announce(
    propertyId: string,
    who: { tab: string; user: string; role: PresenceEntry["role"] },
    item: PresenceItem | null,
  ): Promise<void> {
    // A renewal of the same item keeps the time the tab opened it.
    const known = this.properties.get(propertyId)?.get(`${who.user}\n${who.tab}`);
    const since =
      known && item && sameItem(known.item, item)
        ? known.since
        : new Date(this.options.now()).toISOString();
    const notice: PresenceNotice = { propertyId, ...who, item, since };
    // Presence is a courtesy, never stored: a notice lost while the bus is down shows a tab
    // late (its next renewal) or gone early, and costs no one any work.
    await this.bus.publish(PRESENCE_CHANNEL, JSON.stringify(notice)).catch(() => undefined);
  }

  /** The tabs with an item of `propertyId` open, the longest-open first. */
  list(propertyId: string): PresenceEntry[] {
    return [...(this.properties.get(propertyId)?.values() ?? [])]
      .map(({ until: _until, ...entry }) => entry)
      .sort((a, b) => a.since.localeCompare(b.since) || a.tab.localeCompare(b.tab));
  }

  /** Calls `watcher` with the whole list each time it changes; returns the way to stop. */
  watch(propertyId: string, watcher: Watcher): () => void {
    let set = this.watchers.get(propertyId);
    if (!set) this.watchers.set(propertyId, (set = new Set()));
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0) this.watchers.delete(propertyId);
    };
  }

  /** Drops the entries whose time ran out (runs every `sweepMs`; tests may call it). */
  sweep(): void {
    const now = this.options.now();
    for (const [propertyId, entries] of this.properties) {
      let changed = false;
      for (const [key, entry] of entries)
        if (entry.until <= now) changed = entries.delete(key) || changed;
      if (entries.size === 0) this.properties.delete(propertyId);
      if (changed) this.tell(propertyId);
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
  }

  private hear(payload: string): void {
    let notice: unknown;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isNotice(notice)) return;
    const { propertyId, tab, user, role, item, since } = notice;
    const key = `${user}\n${tab}`;
    let entries = this.properties.get(propertyId);
    const before = entries?.get(key);
    if (item === null) {
      if (!before) return;
      entries!.delete(key);
      if (entries!.size === 0) this.properties.delete(propertyId);
      this.tell(propertyId);
      return;
    }
    if (!entries) this.properties.set(propertyId, (entries = new Map<string, HeldEntry>()));
    entries.set(key, {
      tab,
      user,
      role,
      item,
      since,
      until: this.options.now() + this.options.ttlMs,
    });
    // A renewal changes nothing anyone sees: only a new or moved tab is news.
    if (!before || !sameItem(before.item, item) || before.role !== role) this.tell(propertyId);
  }

  private tell(propertyId: string): void {
    const watchers = this.watchers.get(propertyId);
    if (!watchers) return;
    const entries = this.list(propertyId);
    for (const watcher of [...watchers]) watcher(entries);
  }
}

const sameItem = (a: PresenceItem, b: PresenceItem) => a.kind === b.kind && a.id === b.id;
