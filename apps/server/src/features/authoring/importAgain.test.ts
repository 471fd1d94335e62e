import type {
  AuditEntry,
  DatastreamInfo,
  ImportResult,
  PropertyChange,
  PropertyDocument,
  PropertyState,
  PropertySummary,
} from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { readSse } from "../../http/testSse.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";

const IMPORT = "/api/properties/import";
const P = "/api/properties/PRfixture";

let app: LiftoffApp;
let editor: Client;
let viewer: Client;

/** The fixture, with a data element whose code names its production datastream. */
function library(): PropertyDocument {
  const document = fixtureDocument();
  document.dataElements.push({
    id: "DEstream",
    name: "stream",
    modulePath: "core/src/lib/dataElements/customCode.js",
    settings: { source: 'return "PRfixture-PRfixtureprod";' },
  });
  return document;
}

/** The library as it is a week later: a rule renamed, a data element added, one gone. */
function laterLibrary(): PropertyDocument {
  const document = library();
  document.rules[0]!.name = "Page View (renamed)";
  document.dataElements = document.dataElements.filter((d) => d.id !== "DEstream");
  document.dataElements.push({
    id: "DEnew",
    name: "new one",
    modulePath: "core/src/lib/dataElements/customCode.js",
    settings: { source: "return 2;" },
  });
  return document;
}

const stateOf = async (client: Client, pid = "PRfixture") =>
  (await client.call("GET", `/api/properties/${pid}`)).json<PropertyState>();
const revisionOf = (state: PropertyState, kind: string, id: string) =>
  state.resources.find((r) => r.kind === kind && r.id === id)?.revision;

beforeEach(async () => {
  app = apiApp();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  [editor, viewer] = [
    await clientWith(app, admin, "editor"),
    await clientWith(app, admin, "viewer"),
  ];
  expect((await editor.call("POST", IMPORT, library())).statusCode).toBe(201);
});
afterEach(async () => {
  await app.close();
});

describe("importing a library that is already here", () => {
  it("imports a copy: new ids, a unique name, nothing pointing at the original", async () => {
    const res = await editor.call("POST", `${IMPORT}?mode=copy`, library());
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<ImportResult>().property.document;
    expect(copy.property.name).toBe("Fixture (copy)");
    expect(copy.property.id).toMatch(/^PR[0-9a-f]{32}$/);
    const original = library();
    for (const env of copy.environments)
      expect(original.environments.map((e) => e.id)).not.toContain(env.id);
    // Rules and data elements are stored per property: their ids need not change.
    expect(copy.rules.map((r) => r.id)).toEqual(["RLpageview"]);
    const production = copy.environments.find((e) => e.stage === "production")!;
    const stream = copy.dataElements.find((d) => d.id === "DEstream")!;
    expect(stream.settings).toEqual({
      source: `return "${copy.property.id}-${production.id}";`,
    });
    expect(JSON.stringify(copy)).not.toContain("PRfixture");
    // The copy's datastreams are its own.
    const streams = (await viewer.call("GET", "/api/datastreams")).json<{
      datastreams: DatastreamInfo[];
    }>().datastreams;
    expect(streams.filter((d) => d.propertyId === copy.property.id).map((d) => d.id)).toContain(
      `${copy.property.id}-${production.id}`,
    );

    const again = await editor.call("POST", `${IMPORT}?mode=copy`, library());
    expect(again.json<ImportResult>().property.document.property.name).toBe("Fixture (copy 2)");
    const list = (await viewer.call("GET", "/api/properties")).json<PropertySummary[]>();
    expect(list.map((p) => p.name).sort()).toEqual(
      ["Fixture", "Fixture (copy)", "Fixture (copy 2)"].sort(),
    );
    expect((await stateOf(viewer)).revision).toBe(1);
    const audit = (await viewer.call("GET", `/api/audit?propertyId=${copy.property.id}`)).json<
      AuditEntry[]
    >();
    expect(audit[0]).toMatchObject({
      user: editor.session.user.username,
      action: "property.import",
      detail: { summary: 'imported a copy of "Fixture" (PRfixture)' },
    });
  });

  it("shows what an update would change without writing it (dry run)", async () => {
    const res = await editor.call("POST", `${IMPORT}?mode=update&dryRun=true`, laterLibrary());
    expect(res.statusCode, res.body).toBe(200);
    const { update } = res.json<ImportResult>();
    expect(update).toEqual({
      dryRun: true,
      fromRevision: 1,
      counts: {
        rule: { added: 0, changed: 1, deleted: 0 },
        dataElement: { added: 1, changed: 0, deleted: 1 },
        extension: { added: 0, changed: 0, deleted: 0 },
      },
      items: expect.arrayContaining([
        { kind: "rule", id: "RLpageview", name: "Page View (renamed)", change: "changed" },
        { kind: "dataElement", id: "DEstream", name: "stream", change: "deleted" },
        { kind: "dataElement", id: "DEnew", name: "new one", change: "added" },
      ]) as unknown,
    });
    expect(update!.items).toHaveLength(3);
    const after = await stateOf(viewer);
    expect(after.revision).toBe(1);
    expect(after.document.rules[0]!.name).toBe("Page View");
  });

  it("updates the property as one revision, keeping history, and says so on the stream", async () => {
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const stream = readSse(`${origin}${P}/changes`, { cookie: viewer.cookie });
    expect(await stream.opened).toBe(200);
    await stream.received(1);

    const res = await editor.call("POST", `${IMPORT}?mode=update&revision=1`, laterLibrary());
    expect(res.statusCode, res.body).toBe(200);
    const { property, update } = res.json<ImportResult>();
    expect(property.revision).toBe(2);
    expect(update).toMatchObject({
      dryRun: false,
      fromRevision: 1,
      counts: { rule: { changed: 1 }, dataElement: { added: 1, deleted: 1 } },
    });
    expect(property.document.dataElements.map((d) => d.id)).toEqual(["DEpagename", "DEnew"]);
    // The settings and environments are the team's: untouched.
    expect(revisionOf(property, "settings", "property")).toBe(1);

    // The rule's earlier revision is still there to read and roll back to.
    const history = await viewer.call("GET", `${P}/resources/rule/RLpageview/revisions`);
    expect(history.json<Array<{ revision: number }>>().map((h) => h.revision)).toEqual([2, 1]);
    const first = await viewer.call("GET", `${P}/resources/rule/RLpageview/revisions/1`);
    expect(first.json()).toMatchObject({ name: "Page View" });
    // The deleted data element is a delete revision, restorable; the unchanged one did not move.
    expect(property.resources.find((r) => r.id === "DEstream")).toMatchObject({
      revision: 2,
      deleted: true,
    });
    expect(revisionOf(property, "dataElement", "DEpagename")).toBe(1);
    expect(revisionOf(property, "extension", "core")).toBe(1);

    const [, change] = await stream.received(2);
    const data = change!.data as PropertyChange;
    expect(data).toMatchObject({ revision: 2, by: editor.session.user.username });
    expect(data.resources.map((r) => r.id).sort()).toEqual(["DEnew", "DEstream", "RLpageview"]);
    stream.close();

    const audit = (await viewer.call("GET", `/api/audit?propertyId=PRfixture`)).json<
      AuditEntry[]
    >();
    expect(audit[0]).toMatchObject({
      action: "property.import.update",
      revision: 2,
      detail: {
        summary: "updated the property from an imported library: 1 added, 1 changed, 1 deleted",
      },
    });

    // The same library again changes nothing: no new revision.
    const same = await editor.call("POST", `${IMPORT}?mode=update&revision=2`, laterLibrary());
    expect(same.json<ImportResult>()).toMatchObject({
      property: { revision: 2 },
      update: { items: [] },
    });
  });

  it("refuses an update based on a revision the property has moved past", async () => {
    const dry = await editor.call("POST", `${IMPORT}?mode=update&dryRun=true`, laterLibrary());
    const seen = dry.json<ImportResult>().update!.fromRevision;
    const rule = (await stateOf(editor)).document.rules[0]!;
    const saved = await editor.call("PUT", `${P}/rules/RLpageview`, {
      revision: 1,
      rule: { ...rule, name: "Someone's edit" },
    });
    expect(saved.statusCode).toBe(200);
    const res = await editor.call("POST", `${IMPORT}?mode=update&revision=${seen}`, laterLibrary());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: "urn:liftoff:errors:api:property-changed",
      errors: [{ path: "revision" }],
      stale: { yourRevision: 1, currentRevision: 2, changedBy: editor.session.user.username },
    });
    const after = await stateOf(viewer);
    expect(after.revision).toBe(2);
    expect(after.document.dataElements.map((d) => d.id)).not.toContain("DEnew");
    // A dry run at a stale revision says so too.
    const staleDry = await editor.call(
      "POST",
      `${IMPORT}?mode=update&dryRun=true&revision=1`,
      laterLibrary(),
    );
    expect(staleDry.statusCode).toBe(409);
  });

  it("refuses an update without an editor's rights, and names wrong fields", async () => {
    for (const query of ["mode=update&revision=1", "mode=update&dryRun=true", "mode=copy"])
      expect((await viewer.call("POST", `${IMPORT}?${query}`, laterLibrary())).statusCode).toBe(
        403,
      );
    expect((await stateOf(viewer)).revision).toBe(1);
    const cases: Array<[string, string]> = [
      ["mode=update", "revision"],
      ["mode=merge", "mode"],
      ["mode=update&revision=0", "revision"],
      ["mode=copy&dryRun=true", "dryRun"],
      ["mode=update&dryRun=yes", "dryRun"],
    ];
    for (const [query, path] of cases) {
      const res = await editor.call("POST", `${IMPORT}?${query}`, laterLibrary());
      expect(res.statusCode, query).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json(), query).toMatchObject({ errors: [{ path }] });
    }
    // An update of a property that is not here.
    const elsewhere = await editor.call(
      "POST",
      `${IMPORT}?mode=update&revision=1`,
      fixtureDocument("PRnothere"),
    );
    expect(elsewhere.statusCode).toBe(404);
    // Without a mode, the second import still names the property already here.
    expect((await editor.call("POST", IMPORT, library())).json()).toMatchObject({
      type: "urn:liftoff:errors:api:property-exists",
      existing: { id: "PRfixture", name: "Fixture" },
    });
  });
});
