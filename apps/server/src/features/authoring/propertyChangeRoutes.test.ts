import type { PropertyChange, PropertyState } from "@liftoff/schema";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { readSse } from "../../http/testSse.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  useTwoApiNodes,
} from "../../main/testSupport.ts";

const P = "/api/properties/PRfixture";
const watch = (origin: string, cookie: string, pid = "PRfixture") =>
  readSse(`${origin}/api/properties/${pid}/changes`, { cookie });

/** Renames the property's first rule through `call`, from the revision it is at. */
async function renameFirstRule(
  call: (method: "GET" | "PUT", url: string, body?: unknown) => Promise<{ json<T>(): T }>,
  name: string,
) {
  const state = (await call("GET", P)).json<PropertyState>();
  const rule = state.document.rules[0]!;
  const revision = state.resources.find((r) => r.kind === "rule" && r.id === rule.id)!.revision;
  const saved = (
    await call("PUT", `${P}/rules/${rule.id}`, { revision, rule: { ...rule, name } })
  ).json<PropertyState>();
  return { id: rule.id, revision: saved.revision, ruleRevision: saved.saved!.revision };
}

describe("the property change stream, one node", () => {
  let app: LiftoffApp;
  afterEach(async () => app?.close());

  it("says which resource changed, its new revision and who saved, to a viewer", async () => {
    app = apiApp();
    await app.ready();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
      201,
    );
    const viewer = await clientWith(app, admin, "viewer");
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });

    const stream = watch(origin, viewer.cookie);
    expect(await stream.opened).toBe(200);
    const before = (await admin.call("GET", P)).json<PropertyState>().revision;
    expect((await stream.received(1))[0]).toEqual({ event: "ready", data: { revision: before } });

    const saved = await renameFirstRule((m, u, b) => admin.call(m, u, b), "Renamed by admin");
    const change = (await stream.received(2))[1]!;
    expect(change.event).toBe("change");
    expect(change.data).toEqual({
      propertyId: "PRfixture",
      revision: saved.revision,
      by: "admin",
      resources: [
        {
          kind: "rule",
          id: saved.id,
          name: "Renamed by admin",
          revision: saved.ruleRevision,
          deleted: false,
        },
      ],
    } satisfies PropertyChange);
    stream.close();

    // Another property's stream hears nothing of this one: a save here, then one there, and
    // the other stream's first change is its own.
    const other = fixtureDocument("PRother");
    expect((await admin.call("POST", "/api/properties/import", other)).statusCode).toBe(201);
    const elsewhere = watch(origin, viewer.cookie, "PRother");
    await elsewhere.received(1);
    await renameFirstRule((m, u, b) => admin.call(m, u, b), "Not for PRother");
    const theirs = (await admin.call("GET", "/api/properties/PRother")).json<PropertyState>();
    const rule = theirs.document.rules[0]!;
    const ruleRevision = theirs.resources.find((r) => r.id === rule.id)!.revision;
    await admin.call("PUT", `/api/properties/PRother/rules/${rule.id}`, {
      revision: ruleRevision,
      rule: { ...rule, name: "PRother's own" },
    });
    const [, first] = await elsewhere.received(2);
    expect((first!.data as PropertyChange).resources[0]!.name).toBe("PRother's own");
    elsewhere.close();
  });

  it("refuses a reader without a session and answers 404 for an unknown property", async () => {
    app = apiApp();
    await app.ready();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const anonymous = watch(origin, "");
    expect(await anonymous.opened).toBe(401);
    anonymous.close();
    const unknown = watch(origin, admin.cookie, "PRnothing");
    expect(await unknown.opened).toBe(404);
    unknown.close();
  });
});

const cluster = useTestPostgres();

describe("the property change stream, two nodes on one PostgreSQL", () => {
  const nodes = useTwoApiNodes(cluster, "changes");
  let a: LiftoffApp;
  let b: LiftoffApp;

  beforeAll(() => {
    [a, b] = [nodes.a(), nodes.b()];
  });

  it("tells a reader on node A of a save made through node B", async () => {
    const adminA = await signIn(a, "admin", ADMIN_PASSWORD);
    const adminB = await signIn(b, "admin", ADMIN_PASSWORD);
    expect(
      (await adminA.call("POST", "/api/properties/import", fixtureDocument())).statusCode,
    ).toBe(201);
    const origin = await a.listen({ port: 0, host: "127.0.0.1" });
    const stream = watch(origin, adminA.cookie);
    await stream.received(1);
    const saved = await renameFirstRule((m, u, body) => adminB.call(m, u, body), "Saved on B");
    const change = (await stream.received(2))[1]!;
    expect(change.data).toMatchObject({
      revision: saved.revision,
      by: "admin",
      resources: [{ id: saved.id, name: "Saved on B", revision: saved.ruleRevision }],
    });
    stream.close();
  });
});
