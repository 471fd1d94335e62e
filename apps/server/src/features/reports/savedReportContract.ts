import type { SavedReport } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../store/Store.ts";

const report = (overrides: Partial<SavedReport> = {}): SavedReport => ({
  id: "SR1",
  propertyId: "PRa",
  name: "Links by type",
  definition: {
    field: "xdm.web.webInteraction.name",
    by: "xdm.web.webInteraction.type",
    measure: "events",
    eventType: "web.webinteraction.linkClicks",
    from: "2026-11-01",
    to: "2026-11-07",
  },
  createdBy: "erin",
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedBy: "erin",
  updatedAt: "2026-11-21T10:00:00.000Z",
  ...overrides,
});

/**
 * The saved-report repository's contract: SQLite and PostgreSQL run these same tests.
 * `open` returns a fresh, empty, not yet migrated store.
 */
export default function savedReportContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} saved reports contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => {
      await store.close();
    });

    it("reads a saved report back as saved, listed by name within its property only", async () => {
      const saved = store.savedReports;
      expect(await saved.create(report())).toBe(true);
      expect(await saved.create(report({ id: "SR2", name: "A first one" }))).toBe(true);
      expect(await saved.create(report({ id: "SR3", propertyId: "PRb" }))).toBe(true);
      expect(await saved.get("PRa", "SR1")).toEqual(report());
      expect((await saved.list("PRa")).map((r) => r.id)).toEqual(["SR2", "SR1"]);
      expect((await saved.list("PRb")).map((r) => r.id)).toEqual(["SR3"]);
      // A report is found through its own property only.
      expect(await saved.get("PRb", "SR1")).toBeUndefined();
      expect(await saved.list("PRnone")).toEqual([]);
    });

    it("refuses a second report of the same name in a property, writing nothing", async () => {
      const saved = store.savedReports;
      expect(await saved.create(report())).toBe(true);
      expect(
        await saved.create(
          report({ id: "SR2", definition: { ...report().definition, measure: "visitors" } }),
        ),
      ).toBe(false);
      expect((await saved.list("PRa")).map((r) => r.id)).toEqual(["SR1"]);
      // The same name in another property is another report.
      expect(await saved.create(report({ id: "SR2", propertyId: "PRb" }))).toBe(true);
    });

    it("renames and redefines, says when the name is taken or the report is gone, and deletes", async () => {
      const saved = store.savedReports;
      await saved.create(report());
      await saved.create(report({ id: "SR2", name: "Other" }));
      const at = "2026-11-22T09:30:00.000Z";
      expect(
        await saved.update("PRa", "SR1", { name: "Renamed", updatedBy: "sam", updatedAt: at }),
      ).toBe("ok");
      expect(await saved.get("PRa", "SR1")).toEqual(
        report({ name: "Renamed", updatedBy: "sam", updatedAt: at }),
      );
      const definition = {
        field: "data.site.pageSection",
        measure: "visitors" as const,
        from: "2026-10-01",
        to: "2026-10-31",
      };
      expect(
        await saved.update("PRa", "SR1", { definition, updatedBy: "kim", updatedAt: at }),
      ).toBe("ok");
      expect((await saved.get("PRa", "SR1"))!.definition).toEqual(definition);
      expect(
        await saved.update("PRa", "SR1", { name: "Other", updatedBy: "kim", updatedAt: at }),
      ).toBe("taken");
      expect((await saved.get("PRa", "SR1"))!.name).toBe("Renamed");
      expect(
        await saved.update("PRa", "SRnone", { name: "X", updatedBy: "kim", updatedAt: at }),
      ).toBe("missing");
      expect(await saved.update("PRb", "SR1", { name: "X", updatedBy: "kim", updatedAt: at })).toBe(
        "missing",
      );
      expect(await saved.remove("PRb", "SR1")).toBe(false);
      expect(await saved.remove("PRa", "SR1")).toBe(true);
      expect(await saved.remove("PRa", "SR1")).toBe(false);
      expect((await saved.list("PRa")).map((r) => r.id)).toEqual(["SR2"]);
      // The freed name can be used again.
      expect(await saved.create(report({ id: "SR4" }))).toBe(true);
    });
  });
}
