import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { ADMIN_PASSWORD, apiApp, fixtureDocument, signIn } from "../../main/testSupport.ts";
import { DS, pageView, post, testDatastreams } from "../../main/testApp.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { EVENTS_CHANNEL, eventNotices } from "./EventNotice.ts";

// Two nodes are two apps, each with its own PostgresStore (its own pool and listening
// connection) on one database schema: what one node does, the other must see.
const cluster = useTestPostgres();
let open: Array<{ app: LiftoffApp; store: PostgresStore }> = [];
afterEach(async () => {
  for (const { app, store } of open) {
    await app.close();
    await store.close();
  }
  open = [];
});

async function twoNodes(): Promise<[LiftoffApp, LiftoffApp]> {
  const schema = cluster.schema("nodes");
  const start = async () => {
    const store = new PostgresStore(cluster.url(), { schema, max: 3 });
    const app = apiApp({ store });
    open.push({ app, store });
    await app.ready();
    return app;
  };
  // One after the other: the first creates the schema, the admin and the datastreams.
  const a = await start();
  for (const datastream of testDatastreams) await a.store.datastreams.put(datastream);
  return [a, await start()];
}

/** A signed-in live stream; `next(n)` resolves with the page names of the next `n` events. */
async function liveStream(app: LiftoffApp) {
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  const received: string[] = [];
  const waiters: Array<() => void> = [];
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const req = request(`${origin}/api/live`, { headers: { cookie: admin.cookie } }, (res) => {
    let buffer = "";
    res.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.startsWith(": connected")) onReady();
        const data = /^event: edge-event\ndata: (.*)$/m.exec(message);
        if (data) received.push((JSON.parse(data[1]!) as { pageName: string }).pageName);
      }
      for (const wake of waiters.splice(0)) wake();
    });
  });
  req.on("error", () => undefined);
  req.end();
  await ready;
  const next = async (count: number): Promise<string[]> => {
    while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return received.splice(0, count);
  };
  return { next, close: () => req.destroy() };
}

// Each test starts two nodes on a fresh schema (migrations, the admin's password hash, the
// builder's first import): seconds on a loaded machine, beyond vitest's default 5 s.
describe("two nodes on one PostgreSQL", { timeout: 30_000 }, () => {
  it("an event stored through node A reaches node B's live stream within a second, once", async () => {
    const [a, b] = await twoNodes();
    const stream = await liveStream(b);
    try {
      const sent = Date.now();
      expect((await post(a, "v1/interact", { events: [pageView("from-a")] })).statusCode).toBe(200);
      expect(await stream.next(1)).toEqual(["from-a"]);
      expect(Date.now() - sent).toBeLessThan(1000);
      // B's own event arrives once: B published it itself and skips its own notice. The event
      // sent through A after it is the sentinel: were B's notice echoed, a duplicate would
      // come before it.
      await post(b, "v1/interact", { events: [pageView("from-b")] });
      await post(a, "v1/interact", { events: [pageView("sentinel")] });
      expect(await stream.next(2)).toEqual(["from-b", "sentinel"]);
    } finally {
      stream.close();
    }
  });

  it("a node with no live subscriber reads nothing when it hears a notice", async () => {
    const [a, b] = await twoNodes();
    let reads = 0;
    const listRange = b.store.events.listRange.bind(b.store.events);
    b.store.events.listRange = (first, last) => {
      reads++;
      return listRange(first, last);
    };
    // Subscribed after the node's own listener: it hears each notice right after the node
    // decided whether to read (a decision taken before any await).
    const heard: string[] = [];
    let wake: (() => void) | undefined;
    b.store.bus.subscribe(EVENTS_CHANNEL, (payload) => {
      heard.push(payload);
      wake?.();
    });
    const noticed = async (n: number) => {
      while (heard.length < n) await new Promise<void>((resolve) => (wake = resolve));
    };
    await post(a, "v1/interact", { events: [pageView("nobody-listens")] });
    await noticed(1);
    expect(reads).toBe(0);
    const stream = await liveStream(b);
    try {
      await post(a, "v1/interact", { events: [pageView("someone-listens")] });
      expect(await stream.next(1)).toEqual(["someone-listens"]);
      expect(reads).toBe(1);
    } finally {
      stream.close();
    }
  });

  it("a notice for events that are not in the store is skipped, and the stream goes on", async () => {
    const [a, b] = await twoNodes();
    const stream = await liveStream(b);
    try {
      // As if node A had stored ids far beyond any (or retention had removed them since).
      for (const payload of eventNotices("another-node", [9_000_000_001, 9_000_000_002]))
        await a.store.bus.publish(EVENTS_CHANNEL, payload);
      await a.store.bus.publish(EVENTS_CHANNEL, "not a notice");
      await post(a, "v1/interact", { events: [pageView("after")] });
      expect(await stream.next(1)).toEqual(["after"]);
    } finally {
      stream.close();
    }
  });

  it("counts sign-in failures across nodes: 4 on A and 1 on B refuse the next on either", async () => {
    const [a, b] = await twoNodes();
    const attempt = (app: LiftoffApp, password: string) =>
      app.inject({ method: "POST", url: "/api/session", payload: { username: "admin", password } });
    for (let i = 0; i < 4; i++) expect((await attempt(a, `guess ${i}`)).statusCode).toBe(401);
    expect((await attempt(b, "guess 4")).statusCode).toBe(401);
    for (const node of [a, b]) {
      const refused = await attempt(node, ADMIN_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(800);
    }
  });

  it("an origin removed from a datastream through node A is refused by node B within a second", async () => {
    const [a, b] = await twoNodes();
    const page = { events: [pageView("allowed")] };
    // B has the datastream in its cache now.
    expect((await post(b, "v1/interact", page)).statusCode).toBe(200);
    const admin = await signIn(a, "admin", ADMIN_PASSWORD);
    const changed = await admin.call("PUT", `/api/datastreams/${DS}/allowed-origins`, {
      allowedOrigins: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The notice crosses between nodes asynchronously: well within a second, not 5 s (the
    // cache's lifetime).
    const changedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - changedAt < 1000)
      status = (await post(b, "v1/interact", page)).statusCode;
    expect(status).toBe(403);
  });

  it("a library published through node A is served by node B at once, new bytes each time", async () => {
    const [a, b] = await twoNodes();
    const admin = await signIn(a, "admin", ADMIN_PASSWORD);
    const P = "/api/properties/PRfixture";
    const url = "/libs/PRfixture/PRfixturedev/launch.min.js";
    expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
      201,
    );
    expect((await b.inject({ url })).statusCode).toBe(404);
    const created = await admin.call("POST", `${P}/libraries`, {
      name: "Shared",
      environmentId: "PRfixturedev",
      addAllChanged: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await admin.call("POST", `${P}/libraries/${id}/build`)).statusCode).toBe(200);
    const first = await b.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("window.__seen");

    const state = (await admin.call("GET", P)).json<{
      document: ReturnType<typeof fixtureDocument>;
      resources: Array<{ kind: string; id: string; revision: number }>;
    }>();
    const rule = state.document.rules[0]!;
    const saved = await admin.call("PUT", `${P}/rules/${rule.id}`, {
      revision: state.resources.find((r) => r.kind === "rule" && r.id === rule.id)!.revision,
      rule: {
        ...rule,
        actions: [
          {
            ...rule.actions[0]!,
            settings: { source: "window.__second = 2;", language: "javascript" },
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await admin.call("POST", `${P}/libraries/${id}/resources`, { addAllChanged: true }))
        .statusCode,
    ).toBe(200);
    expect((await admin.call("POST", `${P}/libraries/${id}/build`)).statusCode).toBe(200);
    const second = await b.inject({
      url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain("window.__second");
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });
});
