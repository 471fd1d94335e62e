import type { PresenceEntry } from "@liftoff/schema";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { readSse, type SseMessage } from "../../http/testSse.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
  useTwoApiNodes,
} from "../../main/testSupport.ts";

const P = "/api/properties/PRfixture";
const RULE = { kind: "rule", id: "RLpageview" } as const;
const watch = (origin: string, client: Client, tab?: string) =>
  readSse(`${origin}${P}/changes${tab ? `?tab=${tab}` : ""}`, { cookie: client.cookie });
const say = (client: Client, tab: string, item: unknown) =>
  client.call("PUT", `${P}/presence`, { tab, item });

/** The `presence` events of a stream, waiting until there are `count` of them. */
async function presence(
  stream: ReturnType<typeof watch>,
  count: number,
): Promise<PresenceEntry[][]> {
  const of = (messages: SseMessage[]) =>
    messages.filter((m) => m.event === "presence").map((m) => m.data as PresenceEntry[]);
  let seen = stream.messages.length;
  while (of(stream.messages).length < count) await stream.received(++seen);
  return of(stream.messages).slice(0, count);
}

/** An app with the fixture property, an admin, and an editor and a viewer signed in. */
async function team(app: LiftoffApp) {
  await app.ready();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
    201,
  );
  return {
    admin,
    editor: await clientWith(app, admin, "editor"),
    viewer: await clientWith(app, admin, "viewer"),
    origin: await app.listen({ port: 0, host: "127.0.0.1" }),
  };
}

describe("presence, one node", { timeout: 30_000 }, () => {
  let app: LiftoffApp;
  afterEach(async () => app?.close());

  it("tells readers who opened which item, who left, and whose tab closed", async () => {
    app = apiApp();
    const { editor, viewer, origin } = await team(app);
    const stream = watch(origin, viewer, "viewertab1");
    expect(await stream.opened).toBe(200);
    await stream.received(1);

    expect((await say(editor, "editortab1", RULE)).statusCode).toBe(204);
    const [opened] = await presence(stream, 1);
    expect(opened).toEqual([
      {
        tab: "editortab1",
        user: editor.session.user.username,
        role: "editor",
        item: RULE,
        since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      },
    ]);

    expect((await say(editor, "editortab1", null)).statusCode).toBe(204);
    expect((await presence(stream, 2))[1]).toEqual([]);

    // A tab whose stream closes has left, with no goodbye of its own.
    const editorStream = watch(origin, editor, "editortab1");
    await editorStream.received(1);
    await say(editor, "editortab1", { kind: "dataElement", id: "DEpagename" });
    expect((await presence(stream, 3))[2]!.map((e) => e.item)).toEqual([
      { kind: "dataElement", id: "DEpagename" },
    ]);
    editorStream.close();
    expect((await presence(stream, 4))[3]).toEqual([]);

    // A reader that arrives while someone is here hears the list after `ready`.
    await say(viewer, "viewertab1", { kind: "extension", id: "core" });
    const late = watch(origin, editor);
    const [ready, here] = await late.received(2);
    expect(ready!.event).toBe("ready");
    expect(here).toEqual({
      event: "presence",
      data: [expect.objectContaining({ tab: "viewertab1", role: "viewer" })],
    });
    late.close();
    stream.close();
  });

  it("drops a tab that stops renewing, by the injected clock", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    app = apiApp({ presence: { now: () => now, ttlMs: 1_000, sweepMs: 5 } });
    const { admin, editor, viewer, origin } = await team(app);
    const stream = watch(origin, viewer);
    await stream.received(1);

    await say(editor, "editortab1", RULE);
    expect((await presence(stream, 1))[0]).toHaveLength(1);
    now += 600;
    // A renewal keeps the tab (and its `since`) and is no news to readers.
    await say(editor, "editortab1", RULE);
    now += 600;
    // Sentinel: a second person arrives; the next event lists both, so the first was kept.
    await say(admin, "admintab01", RULE);
    const [, both] = await presence(stream, 2);
    expect(both!.map((e) => [e.tab, e.since])).toEqual([
      ["editortab1", "2026-01-01T00:00:00.000Z"],
      ["admintab01", "2026-01-01T00:00:01.200Z"],
    ]);

    // The editor's renewal was at +600: it expires at +1,600; the admin's holds to +2,200.
    now += 500;
    const [, , left] = await presence(stream, 3);
    expect(left!.map((e) => e.tab)).toEqual(["admintab01"]);
    stream.close();
  });

  it("refuses what is not a presence: bad fields by name, no session, no property", async () => {
    app = apiApp();
    const { editor, origin } = await team(app);
    void origin;
    const problem = async (body: unknown) => {
      const res = await editor.call("PUT", `${P}/presence`, body);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      return res.json<{ errors: Array<{ path: string }> }>().errors.map((e) => e.path);
    };
    expect(
      await problem({ tab: "editortab1", item: { kind: "rule", id: "x".repeat(201) } }),
    ).toEqual(["item.id"]);
    expect(await problem({ tab: "editortab1", item: { kind: "rule", id: 7 } })).toEqual([
      "item.id",
    ]);
    expect(await problem({ tab: "editortab1", item: { kind: "rule", id: "" } })).toEqual([
      "item.id",
    ]);
    expect(await problem({ tab: "editortab1", item: { kind: "page", id: "x" } })).toEqual([
      "item.kind",
    ]);
    expect(await problem({ tab: "no", item: null })).toEqual(["tab"]);
    expect(await problem({ tab: "editortab1" })).toEqual(["item"]);

    const unknown = await editor.call("PUT", "/api/properties/PRnothing/presence", {
      tab: "editortab1",
      item: RULE,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await app.inject({
      method: "PUT",
      url: `${P}/presence`,
      payload: { tab: "editortab1", item: RULE },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

const cluster = useTestPostgres();

describe("presence, two nodes on one PostgreSQL", { timeout: 30_000 }, () => {
  const nodes = useTwoApiNodes(cluster, "presence");
  let a: LiftoffApp;
  let b: LiftoffApp;

  beforeAll(() => {
    [a, b] = [nodes.a(), nodes.b()];
  });

  it("shows a reader on node A who opened an item through node B, and their leaving", async () => {
    const adminA = await signIn(a, "admin", ADMIN_PASSWORD);
    const adminB = await signIn(b, "admin", ADMIN_PASSWORD);
    expect(
      (await adminA.call("POST", "/api/properties/import", fixtureDocument())).statusCode,
    ).toBe(201);
    const origin = await a.listen({ port: 0, host: "127.0.0.1" });
    const originB = await b.listen({ port: 0, host: "127.0.0.1" });
    const stream = watch(origin, adminA);
    await stream.received(1);

    // The tab's stream is on node B, as behind a load balancer; its presence reaches A.
    const tabStream = watch(originB, adminB, "tabonnodeb");
    await tabStream.received(1);
    expect((await say(adminB, "tabonnodeb", RULE)).statusCode).toBe(204);
    expect((await presence(stream, 1))[0]).toEqual([
      expect.objectContaining({ tab: "tabonnodeb", user: "admin", item: RULE }),
    ]);
    tabStream.close();
    expect((await presence(stream, 2))[1]).toEqual([]);
    stream.close();
  });
});
