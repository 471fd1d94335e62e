import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "./SqliteStore.ts";
import storeContract, { sampleEvent } from "./storeContract.ts";

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
    expect(await b.migrate()).toBe(1);
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
