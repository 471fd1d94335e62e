import { mkdtempSync, rmSync } from "node:fs";
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
});
