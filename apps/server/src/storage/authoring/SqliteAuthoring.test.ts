import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { latestVersion, migrations } from "../migrations.ts";
import { SqliteStore } from "../SqliteStore.ts";
import authoringContract from "./authoringContract.ts";
import { expectV3AuthoringKept, v3AuthoringRows } from "./v3Authoring.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-authoring-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

authoringContract("SQLite", () => Promise.resolve(new SqliteStore(join(dir, `a${n++}.db`))));

describe("SQLite migration 4", () => {
  it("turns whole-document revisions into resource revisions and old libraries into resource sets", async () => {
    const file = join(dir, "v3.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    for (const m of migrations.filter((m) => m.version <= 3)) {
      db.exec(m.sqlite);
      db.prepare("INSERT INTO schema_migrations VALUES (?, ?, '2026-11-01T00:00:00.000Z')").run(
        m.version,
        m.name,
      );
    }
    for (const row of v3AuthoringRows) db.prepare(row.sql).run(...row.params);
    db.close();

    const store = new SqliteStore(file);
    try {
      expect(await store.migrate()).toBe(latestVersion);
      await expectV3AuthoringKept(store);
    } finally {
      await store.close();
    }
  });
});
