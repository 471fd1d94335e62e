import type { LibraryInfo, PropertyDocument } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../Store.ts";

const doc = (id = "PRcontract", name = "Contract"): PropertyDocument => ({
  formatVersion: 1,
  company: { orgId: "ORG@AdobeOrg" },
  // Key order deliberately not alphabetical: a revision must read back byte for byte.
  property: { name, id, settings: { domains: ["example.test"] } },
  environments: [{ id: "ENdev", name: "Development", stage: "development" }],
  extensions: [{ name: "core", settings: { zeta: 1, alpha: "ünï ✓" } }],
  dataElements: [],
  rules: [],
});

const lib = (overrides: Partial<LibraryInfo> = {}): LibraryInfo => ({
  id: "LB1",
  name: "First",
  revision: 1,
  state: "development",
  environmentId: "ENdev",
  createdAt: "2026-11-21T10:00:00.000Z",
  createdBy: "erin",
  builds: [],
  ...overrides,
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

    it("keeps every revision exactly as saved and moves only from the revision the writer saw", async () => {
      const created = await store.authoring.createProperty(doc(), "erin", "created");
      expect(created).toMatchObject({ ok: true, record: { revision: 1, updatedBy: "erin" } });
      expect(await store.authoring.createProperty(doc(), "erin", "again")).toEqual({
        ok: false,
        currentRevision: 1,
      });

      const renamed = doc("PRcontract", "Renamed");
      expect(await store.authoring.saveProperty(1, renamed, "sam", "renamed")).toMatchObject({
        ok: true,
        record: { revision: 2 },
      });
      // A second writer that also started from revision 1 loses: nothing is written.
      expect(
        await store.authoring.saveProperty(1, doc("PRcontract", "Lost"), "kim", "lost"),
      ).toEqual({
        ok: false,
        currentRevision: 2,
      });
      expect(await store.authoring.saveProperty(1, doc("PRnone"), "kim", "none")).toEqual({
        ok: false,
        currentRevision: undefined,
      });

      const current = await store.authoring.getProperty("PRcontract");
      expect(current).toMatchObject({ revision: 2, updatedBy: "sam" });
      expect(JSON.stringify(current!.document)).toBe(JSON.stringify(renamed));
      expect(JSON.stringify((await store.authoring.getRevision("PRcontract", 1))!.document)).toBe(
        JSON.stringify(doc()),
      );
      expect(await store.authoring.getRevision("PRcontract", 3)).toBeUndefined();
      expect(
        (await store.authoring.listRevisions("PRcontract")).map((r) => [
          r.revision,
          r.author,
          r.summary,
        ]),
      ).toEqual([
        [2, "sam", "renamed"],
        [1, "erin", "created"],
      ]);
      expect(await store.authoring.listProperties()).toMatchObject([
        { id: "PRcontract", name: "Renamed", revision: 2, updatedBy: "sam" },
      ]);
    });

    it("changes a library's state and its environment's file in one transaction, or not at all", async () => {
      await store.authoring.createProperty(doc(), "erin", "created");
      await store.authoring.createLibrary("PRcontract", lib());
      const file = {
        environmentId: "ENdev",
        fileName: "launch.min.js",
        contentType: "application/javascript",
        body: Buffer.from("one"),
      };
      const build = {
        environmentId: "ENdev",
        stage: "development" as const,
        at: "2026-11-21T10:01:00.000Z",
        by: "erin",
        bytes: 3,
        gzipBytes: 20,
        durationMs: 5,
      };
      expect(
        await store.authoring.transition("PRcontract", lib({ builds: [build] }), "development", [
          file,
        ]),
      ).toBe(true);
      expect(
        (await store.libraries.get("PRcontract", "ENdev", "launch.min.js"))!.body.toString(),
      ).toBe("one");
      expect(await store.authoring.environmentPointers("PRcontract")).toMatchObject([
        { environmentId: "ENdev", libraryId: "LB1" },
      ]);

      // The library is no longer "approved": the transition and the file write both roll back.
      const stale = await store.authoring.transition(
        "PRcontract",
        lib({ state: "published" }),
        "approved",
        [{ ...file, body: Buffer.from("two") }],
      );
      expect(stale).toBe(false);
      expect(
        (await store.libraries.get("PRcontract", "ENdev", "launch.min.js"))!.body.toString(),
      ).toBe("one");
      const [stored] = await store.authoring.listLibraries("PRcontract");
      expect(stored).toEqual(lib({ builds: [build] }));
      expect(await store.authoring.getLibrary("PRcontract", "LB9")).toBeUndefined();
      const published = lib({
        state: "published",
        publishedAt: "2026-11-21T11:00:00.000Z",
        builds: [build],
      });
      expect(await store.authoring.transition("PRcontract", published, "development")).toBe(true);
      expect(await store.authoring.getLibrary("PRcontract", "LB1")).toEqual(published);
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
