import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { latestVersion, migrations } from "./migrations.ts";
import { SqliteStore } from "./SqliteStore.ts";
import storeContract, { expectV1EventsKept, sampleEvent, v1Events } from "./storeContract.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-sqlite-"));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storeContract("SQLite", () => Promise.resolve(new SqliteStore(join(dir, `t${n++}.db`))));

describe("SqliteStore", () => {
  it("uses WAL and keeps data across reopen", async () => {
    const file = join(dir, "reopen.db");
    const a = new SqliteStore(file);
    await a.migrate();
    await a.events.appendBatch([sampleEvent()]);
    await a.close();
    const b = new SqliteStore(file);
    expect(await b.migrate()).toBe(latestVersion);
    expect(await b.events.count()).toBe(1);
    await b.close();
  });

  it("checkpoints the WAL from its worker while the writer keeps it open", async () => {
    const file = join(dir, "checkpoint.db");
    const store = new SqliteStore(file);
    await store.migrate();
    const before = statSync(file).size;
    const xdm = { eventType: "web.webpagedetails.pageViews", padding: "x".repeat(2000) };
    await store.events.appendBatch(Array.from({ length: 200 }, () => ({ ...sampleEvent(), xdm })));
    // Commits only append to the WAL; the rows reach the database file through a checkpoint.
    let after = before;
    for (let i = 0; i < 50 && after < before + 200 * 2000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = statSync(file).size;
    }
    expect(after).toBeGreaterThanOrEqual(before + 200 * 2000);
    expect(await store.events.count()).toBe(200);
    await store.close();
  });
});

describe("SqliteStore.close", () => {
  it("keeps the process alive until its threads are gone, with nothing else pending", () => {
    // A start-up refusal closes the store it just opened and then prints its reason: a close
    // that only a lucky timer or hash kept alive ended the process first (exit code 13, an
    // unsettled top-level await) and the reason was never printed.
    const script = join(dir, "close.mjs");
    writeFileSync(
      script,
      `const { SqliteStore } = await import(${JSON.stringify(new URL("./SqliteStore.ts", import.meta.url).href)});
const store = new SqliteStore(${JSON.stringify(join(dir, "close.db"))});
await store.close();
console.log("closed");
`,
    );
    const run = spawnSync(
      process.execPath,
      ["--conditions=liftoff:source", "--import", "tsx", script],
      {
        encoding: "utf8",
        timeout: 60_000,
        cwd: fileURLToPath(new URL("../../../..", import.meta.url)),
      },
    );
    expect({ code: run.status, stdout: run.stdout.trim() }, run.stderr).toEqual({
      code: 0,
      stdout: "closed",
    });
  });
});

describe("SQLite migration 2", () => {
  it("upgrades a version-1 database without losing events", async () => {
    const file = join(dir, "v1.db");
    const db = new Database(file);
    db.exec(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    db.exec(migrations[0]!.sqlite);
    db.prepare("INSERT INTO schema_migrations VALUES (1, 'v1', '2026-11-01T00:00:00.000Z')").run();
    const insert = db.prepare(`INSERT INTO events (received_at, request_id, datastream_id,
      property_id, environment_id, ecid, event_type, xdm, data, page_name, page_url,
      site_section, event_numbers, link_type, link_url)
      VALUES (?, ?, 'ds-1', 'PR1', 'EN1', 'ecid-1', ?, ?, ?, ?, NULL, NULL, ?, NULL, NULL)`);
    for (const e of v1Events)
      insert.run(
        e.receivedAt,
        e.requestId,
        e.eventType,
        JSON.stringify(e.xdm),
        e.data === null ? null : JSON.stringify(e.data),
        e.pageName,
        e.eventNumbers,
      );
    db.close();

    const store = new SqliteStore(file);
    expect(await store.migrate()).toBe(latestVersion);
    await expectV1EventsKept(store);
    await store.close();
  });
});
