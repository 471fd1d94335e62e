import { createHash } from "node:crypto";
import pg from "pg";
import { CHANNEL, type BusListener, type ClusterBus } from "./ClusterBus.ts";

/** The longest NOTIFY payload PostgreSQL takes (shorter than 8,000 bytes), in bytes. */
export const MAX_PAYLOAD_BYTES = 7999;

export interface PostgresBusOptions {
  /** Publishes go through this pool (the store's); listening has a connection of its own. */
  pool: pg.Pool;
  /**
   * The store's schema, when several stores share one database (tests): channel names are
   * suffixed with a hash of it so that one schema's nodes never hear another's.
   */
  schema?: string;
  /** Where reconnects are reported (the app's logger). */
  log?: (message: string, error?: unknown) => void;
  /** First wait before reconnecting; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** The channel as PostgreSQL names it: the bus's name, made unique per schema. */
export function physicalChannel(channel: string, schema?: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`channel: "${channel}" is not a valid name`);
  if (schema === undefined) return channel;
  const tag = createHash("sha256").update(schema).digest("hex").slice(0, 12);
  return `${channel.slice(0, 50)}_${tag}`;
}

/**
 * The bus of nodes that share one PostgreSQL database: LISTEN on one dedicated connection,
 * NOTIFY (`pg_notify`) through the store's pool. The listening connection is opened on the
 * first subscription; when it drops, it is reopened with a doubling back-off and every
 * channel is listened to again. Notices sent while it was down are lost; that is why they
 * only say "look in the store" (ClusterBus.ts).
 */
export class PostgresBus implements ClusterBus {
  private readonly listeners = new Map<string, Set<BusListener>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  /** LISTEN/UNLISTEN statements in order, so `ready()` can wait for the last one. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly options: PostgresBusOptions,
  ) {}

  async publish(channel: string, payload: string): Promise<void> {
    const name = physicalChannel(channel, this.options.schema);
    const bytes = Buffer.byteLength(payload);
    if (bytes > MAX_PAYLOAD_BYTES)
      throw new Error(
        `payload: ${bytes} bytes on channel "${channel}", more than a notice carries (${MAX_PAYLOAD_BYTES})`,
      );
    await this.options.pool.query("SELECT pg_notify($1, $2)", [name, payload]);
  }

  subscribe(channel: string, listener: BusListener): () => void {
    const name = physicalChannel(channel, this.options.schema);
    let set = this.listeners.get(name);
    if (!set) {
      this.listeners.set(name, (set = new Set()));
      this.enqueue((client) => client.query(`LISTEN "${name}"`));
    }
    set.add(listener);
    return () => {
      if (!set.delete(listener) || set.size > 0 || this.listeners.get(name) !== set) return;
      this.listeners.delete(name);
      this.enqueue((client) => client.query(`UNLISTEN "${name}"`));
    };
  }

  /** Resolves once the subscriptions made so far are listening (or failed and logged). */
  ready(): Promise<void> {
    return this.pending;
  }

  /** The server process that listens for this bus (to find it in pg_stat_activity). */
  async listenerPid(): Promise<number | undefined> {
    await this.pending;
    const { rows } =
      (await this.client?.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")) ?? {};
    return rows?.[0]?.pid;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    await this.pending;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Runs a statement on the listening connection, opening it first when needed. */
  private enqueue(statement: (client: pg.Client) => Promise<unknown>): void {
    this.pending = this.pending.then(async () => {
      if (this.closed) return;
      try {
        await this.connect();
        if (this.client) await statement(this.client);
      } catch (error) {
        // The reconnect listens to every channel again; this statement is covered by it.
        this.options.log?.("cluster bus: a LISTEN failed; reconnecting", error);
        this.dropped();
      }
    });
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: "liftoff cluster bus",
      // A listening connection only reads: TCP keepalives find one that died silently, and
      // an unreachable server fails the attempt (then retried) instead of hanging it.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client.on("notification", (message) => this.deliver(message.channel, message.payload ?? ""));
    client.on("error", (error) => {
      this.options.log?.("cluster bus: the listening connection failed", error);
      this.dropped(client);
    });
    client.on("end", () => this.dropped(client));
    await client.connect();
    if (this.closed) {
      await client.end();
      return;
    }
    try {
      for (const name of this.listeners.keys()) await client.query(`LISTEN "${name}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    if (this.failures > 0) this.options.log?.("cluster bus: listening again");
    this.failures = 0;
  }

  private deliver(name: string, payload: string): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch {
        // A failing listener never stops the others (they are independent streams).
      }
    }
  }

  /** The listening connection is gone: reopen it after a back-off, unless closing. */
  private dropped(client?: pg.Client): void {
    if (client && this.client !== client && this.client !== undefined) return;
    if (this.client) {
      const old = this.client;
      this.client = undefined;
      old.end().catch(() => undefined);
    }
    if (this.closed || this.retryTimer || this.listeners.size === 0) return;
    const { retryMs = 100, maxRetryMs = 5000 } = this.options;
    const wait = Math.min(retryMs * 2 ** this.failures++, maxRetryMs);
    this.options.log?.(`cluster bus: reconnecting in ${wait} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.enqueue(() => Promise.resolve());
    }, wait);
  }
}
