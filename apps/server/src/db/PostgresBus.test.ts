import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import useTestPostgres from "./testPostgres.ts";
import { MAX_PAYLOAD_BYTES, PostgresBus } from "./PostgresBus.ts";

const cluster = useTestPostgres();
let pools: pg.Pool[] = [];
let buses: PostgresBus[] = [];
afterEach(async () => {
  for (const bus of buses) await bus.close();
  for (const pool of pools) await pool.end();
  [pools, buses] = [[], []];
});

function bus(schema: string, log?: (message: string) => void): PostgresBus {
  const pool = new pg.Pool({ connectionString: cluster.url(), max: 2 });
  const made = new PostgresBus(cluster.url(), {
    pool,
    schema,
    retryMs: 20,
    ...(log ? { log } : {}),
  });
  pools.push(pool);
  buses.push(made);
  return made;
}

/** The payloads a subscription hears, and a wait for the next `n` of them. */
function hear(on: PostgresBus, channel: string) {
  const heard: string[] = [];
  let wake: (() => void) | undefined;
  on.subscribe(channel, (payload) => {
    heard.push(payload);
    wake?.();
  });
  return {
    next: async (n: number) => {
      while (heard.length < n) await new Promise<void>((resolve) => (wake = resolve));
      return heard.splice(0, n);
    },
  };
}

describe("PostgresBus", () => {
  it("delivers a publish to every node listening on the channel, the sender included", async () => {
    const schema = cluster.schema("bus");
    const [a, b] = [bus(schema), bus(schema)];
    const [onA, onB, other] = [hear(a, "news"), hear(b, "news"), hear(b, "other")];
    await Promise.all([a.ready(), b.ready()]);
    await a.publish("news", "first");
    await a.publish("other", "elsewhere");
    expect(await onA.next(1)).toEqual(["first"]);
    expect(await onB.next(1)).toEqual(["first"]);
    expect(await other.next(1)).toEqual(["elsewhere"]);
  });

  it("keeps schemas apart: a store's nodes do not hear another schema's", async () => {
    const mine = bus(cluster.schema("bus"));
    const theirs = bus(cluster.schema("bus"));
    const heard = hear(mine, "news");
    await mine.ready();
    await theirs.publish("news", "not for you");
    await mine.publish("news", "sentinel");
    expect(await heard.next(1)).toEqual(["sentinel"]);
  });

  it("refuses a payload longer than a notice carries and a channel that is not a name", async () => {
    const a = bus(cluster.schema("bus"));
    await expect(a.publish("news", "x".repeat(MAX_PAYLOAD_BYTES + 1))).rejects.toThrow(
      /payload: 8000 bytes on channel "news"/,
    );
    await expect(a.publish("News; DROP", "x")).rejects.toThrow(/channel: "News; DROP"/);
    expect(() => a.subscribe("9lives", () => undefined)).toThrow(/channel/);
    // The longest payload PostgreSQL takes is sent, counted in bytes, not characters.
    const heard = hear(a, "news");
    await a.ready();
    const longest = "é".repeat((MAX_PAYLOAD_BYTES - 1) / 2) + "x";
    await a.publish("news", longest);
    expect(await heard.next(1)).toEqual([longest]);
  });

  it("listens again after its connection is killed, and logs the reconnect", async () => {
    const schema = cluster.schema("bus");
    const logged: string[] = [];
    let onListening!: () => void;
    const listeningAgain = new Promise<void>((resolve) => (onListening = resolve));
    const a = bus(schema, (message) => {
      logged.push(message);
      if (message === "cluster bus: listening again") onListening();
    });
    const heard = hear(a, "news");
    const pid = await a.listenerPid();
    expect(pid).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      // Notices sent while the connection was down are lost: publish once it listens again.
      await listeningAgain;
      await bus(schema).publish("news", "again");
      expect(await heard.next(1)).toEqual(["again"]);
      expect(logged.some((m) => m.startsWith("cluster bus: reconnecting"))).toBe(true);
      expect(await a.listenerPid()).not.toBe(pid);
    } finally {
      await admin.end();
    }
  });
});
