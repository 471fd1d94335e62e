import type { PropertyDocument } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../store/Store.ts";
import type { LibraryRecord, ResourceWrite } from "./AuthoringRepository.ts";
import { splitDocument } from "./propertyResources.ts";

const doc = (id = "PRcontract", name = "Contract"): PropertyDocument => ({
  formatVersion: 1,
  company: { orgId: "ORG@AdobeOrg" },
  // Key order deliberately not alphabetical: a revision must read back byte for byte.
  property: { name, id, settings: { domains: ["example.test"] } },
  environments: [
    { id: "ENdev", name: "Development", stage: "development" },
    { id: "ENdev2", name: "Development 2", stage: "development" },
  ],
  extensions: [{ name: "core", settings: { zeta: 1, alpha: "ünï ✓" } }],
  dataElements: [],
  rules: [{ id: "RL1", name: "One", events: [], conditions: [], actions: [] }],
});

const lib = (overrides: Partial<LibraryRecord> = {}): LibraryRecord => ({
  id: "LB1",
  name: "First",
  state: "development",
  environmentId: "ENdev",
  createdAt: "2026-11-21T10:00:00.000Z",
  createdBy: "erin",
  builds: [],
  resources: [{ kind: "rule", id: "RL1" }],
  ...overrides,
});

/** A write of rule RL1 from revision `from` (a rename), or its delete. */
const ruleWrite = (from: number, name: string, deleted = false): ResourceWrite => ({
  kind: "rule",
  id: "RL1",
  name,
  body: { id: "RL1", name, events: [], conditions: [], actions: [] },
  position: 0,
  from,
  deleted,
});

/**
 * The authoring repositories' contract: every adapter runs these same tests.
 * `open` returns a fresh, empty, not yet migrated store.
 */
export default function authoringContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} authoring store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => {
      await store.close();
    });

    it("keeps every resource revision exactly as saved; each moves only from the revision its writer saw", async () => {
      const a = store.authoring;
      expect(
        await a.createProperty("PRcontract", "Contract", splitDocument(doc()), "erin", "created"),
      ).toBe(true);
      expect(
        await a.createProperty("PRcontract", "Again", splitDocument(doc()), "erin", "again"),
      ).toBe(false);
      expect(JSON.stringify((await a.getProperty("PRcontract"))!.document)).toBe(
        JSON.stringify(doc()),
      );

      expect(
        await a.saveChange("PRcontract", [ruleWrite(1, "Renamed")], "sam", "renamed"),
      ).toMatchObject({ revision: 2 });
      // A second writer that also started from revision 1 of the rule loses: nothing is written.
      expect(
        await a.saveChange("PRcontract", [ruleWrite(1, "Lost")], "kim", "lost"),
      ).toBeUndefined();
      // Another resource saves whatever the property revision is now.
      const settings = splitDocument(doc("PRcontract", "Property renamed"))[0]!;
      expect(
        await a.saveChange(
          "PRcontract",
          [{ ...settings, position: 0, from: 1, deleted: false }],
          "kim",
          "settings",
        ),
      ).toMatchObject({ revision: 3 });
      expect(
        await a.saveChange("PRcontract", [ruleWrite(2, "One", true)], "sam", "deleted"),
      ).toMatchObject({ revision: 4 });
      // A new resource takes the next position, after every other.
      const added: ResourceWrite = {
        ...ruleWrite(0, "Two"),
        id: "RL2",
        body: { id: "RL2", name: "Two", events: [], conditions: [], actions: [] },
      };
      expect(await a.saveChange("PRcontract", [added], "sam", "added")).toMatchObject({
        revision: 5,
      });
      expect(await a.saveChange("PRcontract", [added], "kim", "added again")).toBeUndefined();

      const head = (await a.snapshot("PRcontract"))!;
      expect(head.revision).toBe(5);
      expect(head.resources.map((r) => [r.kind, r.id, r.revision, r.deleted])).toEqual([
        ["settings", "property", 2, false],
        ["environment", "ENdev", 1, false],
        ["environment", "ENdev2", 1, false],
        ["extension", "core", 1, false],
        ["rule", "RL1", 3, true],
        ["rule", "RL2", 1, false],
      ]);
      // Every old revision reads back whole.
      expect(JSON.stringify((await a.getRevision("PRcontract", 1))!.document)).toBe(
        JSON.stringify(doc()),
      );
      expect((await a.getRevision("PRcontract", 2))!.document.rules.map((r) => r.name)).toEqual([
        "Renamed",
      ]);
      expect((await a.getRevision("PRcontract", 4))!.document.rules).toEqual([]);
      expect((await a.getRevision("PRcontract", 5))!.document.property.name).toBe(
        "Property renamed",
      );
      expect(await a.getRevision("PRcontract", 6)).toBeUndefined();
      expect(await a.getProperty("PRnone")).toBeUndefined();

      expect(
        (await a.listRevisions("PRcontract")).map((r) => [
          r.revision,
          r.author,
          r.summary,
          r.resources.map((x) => `${x.kind}:${x.id}@${x.revision}`),
        ]),
      ).toEqual([
        [5, "sam", "added", ["rule:RL2@1"]],
        [4, "sam", "deleted", ["rule:RL1@3"]],
        [3, "kim", "settings", ["settings:property@2"]],
        [2, "sam", "renamed", ["rule:RL1@2"]],
        [
          1,
          "erin",
          "created",
          [
            "environment:ENdev@1",
            "environment:ENdev2@1",
            "extension:core@1",
            "rule:RL1@1",
            "settings:property@1",
          ],
        ],
      ]);
      const history = await a.resourceHistory("PRcontract", { kind: "rule", id: "RL1" });
      expect(history.map((h) => [h.revision, h.propertyRevision, h.deleted])).toEqual([
        [3, 4, true],
        [2, 2, false],
        [1, 1, false],
      ]);
      // A delete keeps the body it deleted.
      expect(
        (await a.resourceRevision("PRcontract", { kind: "rule", id: "RL1" }, 3))!.body,
      ).toMatchObject({ name: "One" });
      const bodies = await a.resourceBodies("PRcontract", [
        { kind: "rule", id: "RL1", revision: 2 },
      ]);
      expect(bodies.get("rule:RL1@2")).toEqual({
        body: ruleWrite(1, "Renamed").body,
        deleted: false,
      });
      expect(await a.listProperties()).toMatchObject([
        { id: "PRcontract", name: "Property renamed", revision: 5, updatedBy: "sam" },
      ]);
    });

    it("reads the working settings alone: the latest settings revision, none for an unknown property", async () => {
      const a = store.authoring;
      expect(await a.workingSettings("PRcontract")).toBeUndefined();
      await a.createProperty("PRcontract", "Contract", splitDocument(doc()), "erin", "created");
      expect(await a.workingSettings("PRcontract")).toEqual({ domains: ["example.test"] });
      const next = doc();
      next.property.settings = { domains: ["example.test"], separationOfDuties: true };
      const settings = splitDocument(next)[0]!;
      await a.saveChange(
        "PRcontract",
        [{ ...settings, position: 0, from: 1, deleted: false }],
        "kim",
        "settings",
      );
      // A rule saved after the settings leaves them as they are.
      await a.saveChange("PRcontract", [ruleWrite(1, "Renamed")], "sam", "renamed");
      expect(await a.workingSettings("PRcontract")).toEqual({
        domains: ["example.test"],
        separationOfDuties: true,
      });
    });

    it("reads back every property revision exactly, through deletes and restores; a change with one stale write writes nothing", async () => {
      const a = store.authoring;
      const v1 = doc();
      await a.createProperty("PRcontract", "Contract", splitDocument(v1), "erin", "created");
      const element = {
        id: "DE1",
        name: "page",
        modulePath: "core/x.js",
        settings: { z: 1, a: 2 },
      };
      const two = { id: "RL2", name: "Two", events: [], conditions: [], actions: [] };
      // Revision 2: one change, three resources (a rename and two new ones).
      expect(
        await a.saveChange(
          "PRcontract",
          [
            ruleWrite(1, "One v2"),
            {
              kind: "dataElement",
              id: "DE1",
              name: "page",
              body: element,
              position: 9,
              from: 0,
              deleted: false,
            },
            {
              kind: "rule",
              id: "RL2",
              name: "Two",
              body: two,
              position: 10,
              from: 0,
              deleted: false,
            },
          ],
          "sam",
          "three at once",
        ),
      ).toMatchObject({ revision: 2 });
      const v2 = {
        ...v1,
        dataElements: [element],
        rules: [ruleWrite(1, "One v2").body, two],
      };
      // The data element's write would apply, the rule's is stale: neither is written.
      expect(
        await a.saveChange(
          "PRcontract",
          [
            {
              kind: "dataElement",
              id: "DE1",
              name: "lost",
              body: { ...element, name: "lost" },
              position: 0,
              from: 1,
              deleted: false,
            },
            ruleWrite(1, "Lost"),
          ],
          "kim",
          "stale",
        ),
      ).toBeUndefined();
      expect((await a.listRevisions("PRcontract")).map((r) => r.revision)).toEqual([2, 1]);
      // Revision 3 deletes RL1; revision 4 restores its first revision, where it was.
      expect(
        await a.saveChange("PRcontract", [ruleWrite(2, "One v2", true)], "sam", "deleted"),
      ).toMatchObject({ revision: 3 });
      const v3 = { ...v2, rules: [two] };
      const first = (await a.resourceRevision("PRcontract", { kind: "rule", id: "RL1" }, 1))!;
      expect(
        await a.saveChange(
          "PRcontract",
          [
            {
              kind: "rule",
              id: "RL1",
              name: first.name,
              body: first.body,
              position: 0,
              from: 3,
              deleted: false,
            },
          ],
          "kim",
          "restored",
        ),
      ).toMatchObject({ revision: 4 });
      const v4 = { ...v2, rules: [v1.rules[0]!, two] };

      for (const [n, expected] of [v1, v2, v3, v4].entries())
        expect(
          JSON.stringify((await a.getRevision("PRcontract", n + 1))!.document),
          `revision ${n + 1}`,
        ).toBe(JSON.stringify(expected));
      const at = async (n: number) =>
        (await a.snapshot("PRcontract", n))!.resources
          .filter((r) => r.kind === "rule" || r.kind === "dataElement")
          .map(
            (r) =>
              `${r.kind}:${r.id}@${r.revision}${r.deleted ? " deleted" : ""} by ${r.updatedBy} in ${r.changedIn}`,
          );
      expect(await at(1)).toEqual(["rule:RL1@1 by erin in 1"]);
      expect(await at(3)).toEqual([
        "rule:RL1@3 deleted by sam in 3",
        "dataElement:DE1@1 by sam in 2",
        "rule:RL2@1 by sam in 2",
      ]);
      expect(await at(4)).toEqual([
        "rule:RL1@4 by kim in 4",
        "dataElement:DE1@1 by sam in 2",
        "rule:RL2@1 by sam in 2",
      ]);
      expect((await a.snapshot("PRcontract"))!.revision).toBe(4);
      expect(await a.snapshot("PRcontract", 5)).toBeUndefined();
      expect(
        (await a.listRevisions("PRcontract")).map((r) => [
          r.revision,
          r.author,
          r.resources.map((x) => `${x.kind}:${x.id}@${x.revision}`),
        ]),
      ).toEqual([
        [4, "kim", ["rule:RL1@4"]],
        [3, "sam", ["rule:RL1@3"]],
        [2, "sam", ["dataElement:DE1@1", "rule:RL1@2", "rule:RL2@1"]],
        [1, "erin", expect.arrayContaining(["rule:RL1@1", "settings:property@1"])],
      ]);
      // The restored revision is byte for byte the first one.
      expect(
        JSON.stringify(
          (await a.resourceRevision("PRcontract", { kind: "rule", id: "RL1" }, 4))!.body,
        ),
      ).toBe(JSON.stringify(v1.rules[0]));
    });

    it("changes a library's state and its environment's file in one transaction, or not at all", async () => {
      await store.authoring.createProperty(
        "PRcontract",
        "Contract",
        splitDocument(doc()),
        "erin",
        "created",
      );
      expect(await store.authoring.createLibrary("PRcontract", lib())).toBe(true);
      // One library in development per development environment.
      expect(await store.authoring.createLibrary("PRcontract", lib({ id: "LB2" }))).toBe(false);
      expect(
        await store.authoring.createLibrary(
          "PRcontract",
          lib({ id: "LB2", environmentId: "ENdev2" }),
        ),
      ).toBe(true);
      expect(
        await store.authoring.saveLibrary(
          "PRcontract",
          lib({ id: "LB2", environmentId: "ENdev" }),
          "development",
        ),
      ).toBe(false);
      const file = {
        environmentId: "ENdev",
        fileName: "launch.min.js",
        contentType: "application/javascript",
        body: Buffer.from("one"),
        cacheControl: "no-cache",
        // Stored with the body, in the same transaction (what the server stores is opaque).
        encodings: { br: Buffer.from("br of one"), gzip: null },
      };
      const build = {
        environmentId: "ENdev",
        stage: "development" as const,
        at: "2026-11-21T10:01:00.000Z",
        by: "erin",
        propertyRevision: 1,
        bytes: 3,
        gzipBytes: 20,
        durationMs: 5,
      };
      expect(
        await store.authoring.saveLibrary("PRcontract", lib({ builds: [build] }), "development", [
          file,
        ]),
      ).toBe(true);
      const served = (await store.libraries.get("PRcontract", "ENdev", "launch.min.js"))!;
      expect([served.body.toString(), served.cacheControl]).toEqual(["one", "no-cache"]);
      expect([served.encodings.br?.toString(), served.encodings.gzip]).toEqual(["br of one", null]);
      expect(await store.authoring.environmentPointers("PRcontract")).toMatchObject([
        { environmentId: "ENdev", libraryId: "LB1" },
      ]);

      // The library is no longer "approved": the transition and the file write both roll back.
      const stale = await store.authoring.saveLibrary(
        "PRcontract",
        lib({ state: "published" }),
        "approved",
        [{ ...file, body: Buffer.from("two") }],
      );
      expect(stale).toBe(false);
      expect(
        (await store.libraries.get("PRcontract", "ENdev", "launch.min.js"))!.body.toString(),
      ).toBe("one");
      expect(await store.authoring.getLibrary("PRcontract", "LB1")).toEqual(
        lib({ builds: [build] }),
      );
      expect(await store.authoring.getLibrary("PRcontract", "LB9")).toBeUndefined();

      // Staging holds one library: a second submit is refused while the first is there.
      const submitted = lib({
        state: "submitted",
        resources: [
          { kind: "rule", id: "RL1", pinned: { revision: 1, deleted: false, name: "One" } },
        ],
        resolved: { "rule:RL1": 1 },
      });
      expect(await store.authoring.saveLibrary("PRcontract", submitted, "development")).toBe(true);
      expect(await store.authoring.getLibrary("PRcontract", "LB1")).toEqual(submitted);
      expect(
        await store.authoring.saveLibrary(
          "PRcontract",
          lib({ id: "LB2", environmentId: "ENdev2", state: "submitted" }),
          "development",
        ),
      ).toBe(false);
      // Submitting freed ENdev: another library may take it now.
      expect(
        await store.authoring.saveLibrary(
          "PRcontract",
          lib({ id: "LB2", environmentId: "ENdev" }),
          "development",
        ),
      ).toBe(true);

      expect(await store.authoring.deleteLibrary("PRcontract", "LB2", "submitted")).toBe(false);
      expect(await store.authoring.deleteLibrary("PRcontract", "LB2", "development")).toBe(true);
      expect((await store.authoring.listLibraries("PRcontract")).map((l) => l.id)).toEqual(["LB1"]);

      await store.authoring.setCacheControl("PRcontract", ["ENdev"], "public, max-age=60");
      expect(
        (await store.libraries.get("PRcontract", "ENdev", "launch.min.js"))!.cacheControl,
      ).toBe("public, max-age=60");
    });

    it("records who submitted a library, kept through approval and rejection until the next submit", async () => {
      await store.authoring.createProperty(
        "PRcontract",
        "Contract",
        splitDocument(doc()),
        "erin",
        "created",
      );
      expect(await store.authoring.createLibrary("PRcontract", lib())).toBe(true);
      expect((await store.authoring.getLibrary("PRcontract", "LB1"))!.submittedBy).toBeUndefined();
      const submitted = lib({
        state: "submitted",
        submittedBy: "sam",
        submittedAt: "2026-11-21T10:05:00.000Z",
      });
      expect(await store.authoring.saveLibrary("PRcontract", submitted, "development")).toBe(true);
      expect(await store.authoring.getLibrary("PRcontract", "LB1")).toEqual(submitted);
      const approved = { ...submitted, state: "approved" as const };
      expect(await store.authoring.saveLibrary("PRcontract", approved, "submitted")).toBe(true);
      expect((await store.authoring.listLibraries("PRcontract"))[0]).toEqual(approved);
      // A second submit names its own submitter.
      const rejected = { ...approved, state: "rejected" as const };
      expect(await store.authoring.saveLibrary("PRcontract", rejected, "approved")).toBe(true);
      const again = lib({
        state: "submitted",
        submittedBy: "kim",
        submittedAt: "2026-11-21T11:00:00.000Z",
      });
      expect(await store.authoring.saveLibrary("PRcontract", again, "rejected")).toBe(true);
      expect(await store.authoring.getLibrary("PRcontract", "LB1")).toEqual(again);
      // A library created already submitted (an import of one) keeps its submitter too.
      const created = lib({
        id: "LB2",
        environmentId: "ENdev2",
        submittedBy: "erin",
        submittedAt: "2026-11-21T12:00:00.000Z",
      });
      expect(await store.authoring.createLibrary("PRcontract", created)).toBe(true);
      expect(await store.authoring.getLibrary("PRcontract", "LB2")).toEqual(created);
    });

    it("keeps users unique by name, sessions by token hash until they expire", async () => {
      const user = {
        id: "u1",
        username: "erin",
        role: "editor" as const,
        createdAt: "2026-11-21T10:00:00.000Z",
        passwordHash: "scrypt$x",
      };
      expect(await store.users.count()).toBe(0);
      expect(await store.users.create(user)).toBe(true);
      expect(await store.users.create({ ...user, id: "u2" })).toBe(false);
      expect(await store.users.getByName("erin")).toEqual(user);
      expect(await store.users.update("u1", { role: "approver" })).toBe(true);
      expect(await store.users.update("nobody", { role: "approver" })).toBe(false);
      const session = {
        tokenHash: "h1",
        userId: "u1",
        csrfToken: "c1",
        createdAt: "2026-11-21T10:00:00.000Z",
        expiresAt: "2026-11-21T22:00:00.000Z",
      };
      await store.users.createSession(session);
      const found = await store.users.getSession("h1", new Date("2026-11-21T12:00:00.000Z"));
      expect(found).toEqual({ session, user: { ...user, role: "approver" } });
      expect(
        await store.users.getSession("h1", new Date("2026-11-21T22:00:00.000Z")),
      ).toBeUndefined();
      expect(
        await store.users.getSession("other", new Date("2026-11-21T12:00:00.000Z")),
      ).toBeUndefined();
      // A new password ends the user's sessions.
      await store.users.update("u1", { passwordHash: "scrypt$y" });
      expect(
        await store.users.getSession("h1", new Date("2026-11-21T12:00:00.000Z")),
      ).toBeUndefined();
      expect(await store.users.remove("u1")).toBe(true);
      expect(await store.users.list()).toEqual([]);
    });

    it("appends audit entries and pages them newest first, by property", async () => {
      for (let i = 1; i <= 5; i++)
        await store.audit.append({
          user: "erin",
          action: "rule.update",
          propertyId: i % 2 ? "PRa" : "PRb",
          target: `RL${i}`,
          revision: i,
          detail: { summary: `change ${i}`, nested: [1, { ok: true }] },
        });
      await store.audit.append({ user: "admin", action: "session.create" });
      const all = await store.audit.list();
      expect(all.map((e) => e.target ?? e.action)).toEqual([
        "session.create",
        "RL5",
        "RL4",
        "RL3",
        "RL2",
        "RL1",
      ]);
      expect(all[0]).not.toHaveProperty("propertyId");
      expect(all[1]).toMatchObject({
        user: "erin",
        revision: 5,
        detail: { summary: "change 5", nested: [1, { ok: true }] },
      });
      expect(typeof all[1]!.id).toBe("number");
      expect(Date.parse(all[1]!.at)).not.toBeNaN();
      const page = await store.audit.list({ propertyId: "PRa", limit: 2 });
      expect(page.map((e) => e.target)).toEqual(["RL5", "RL3"]);
      expect(
        (await store.audit.list({ propertyId: "PRa", before: page[1]!.id })).map((e) => e.target),
      ).toEqual(["RL1"]);
    });
  });
}
