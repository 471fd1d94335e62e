/**
 * Messages between the nodes that share one database (docs/deployment.md): a node says that
 * something changed in the store (events committed, a preview trace stored), and every node,
 * itself included, hears it and reads what it needs from the store. Messages are small
 * notices, never the data: PostgreSQL's NOTIFY carries at most 8,000 bytes, and a node that
 * missed a notice still finds everything in the store.
 *
 * One node (SQLite, or tests) uses `LocalBus`; nodes on PostgreSQL use `PostgresBus`
 * (LISTEN/NOTIFY on one dedicated connection).
 */
export type BusListener = (payload: string) => void;

export interface ClusterBus {
  /** Tells every node, this one included. Resolves once the notice is sent. */
  publish(channel: string, payload: string): Promise<void>;
  /** Hears a channel until the returned function is called. */
  subscribe(channel: string, listener: BusListener): () => void;
  close(): Promise<void>;
}

/** Channel names are SQL identifiers for LISTEN: lowercase letters, digits and `_`. */
export const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

/** The bus of a single process: a publish is heard by this process's listeners. */
export class LocalBus implements ClusterBus {
  private readonly listeners = new Map<string, Set<BusListener>>();

  publish(channel: string, payload: string): Promise<void> {
    for (const listener of [...(this.listeners.get(channel) ?? [])]) {
      try {
        listener(payload);
      } catch {
        // A failing listener never stops the others (they are independent streams).
      }
    }
    return Promise.resolve();
  }

  subscribe(channel: string, listener: BusListener): () => void {
    if (!CHANNEL.test(channel)) throw new Error(`channel: "${channel}" is not a valid name`);
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
