import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/SqliteStore.ts";
import { sampleEvent } from "../../store/storeContract.ts";
import { SqliteEventWriter, toWriteRows } from "./SqliteEventWriter.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-writer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function migrated(name: string): Promise<string> {
  const file = join(dir, name);
  const store = new SqliteStore(file);
  await store.migrate();
  await store.close();
  return file;
}

const count = (file: string) => {
  const db = new Database(file, { readonly: true });
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM events").get() as { n: number };
  db.close();
  return n;
};

describe("SqliteEventWriter", () => {
  it("groups a request's events under one body row and starts a new one per request", () => {
    const body = '{"events":[{"xdm":{}},{"xdm":{}}]}';
    const rows = toWriteRows([
      sampleEvent({ requestId: "a", source: { body, index: 0 } }),
      sampleEvent({ requestId: "a", source: { body, index: 1 } }),
      sampleEvent({ requestId: "b", source: { body, index: 0 } }),
      sampleEvent({ requestId: "b" }),
    ]);
    expect(rows.map((r) => [r[0], r[1], r[2] === null ? null : "body", r[3]])).toEqual([
      [1, "a", "body", 0],
      [0, "a", null, 1],
      [1, "b", "body", 0],
      [1, "b", "body", 0],
    ]);
  });

  it("resolves a write only once another connection can read it", async () => {
    const file = await migrated("visible.db");
    const writer = new SqliteEventWriter(file, { synchronous: "NORMAL", journalSizeLimit: 0 });
    for (let i = 1; i <= 3; i++) {
      await writer.write(Array.from({ length: 10 }, () => sampleEvent()));
      expect(count(file)).toBe(10 * i);
    }
    await writer.close();
  });

  it("rejects a failing batch whole and keeps writing the next ones", async () => {
    const file = await migrated("failing.db");
    const writer = new SqliteEventWriter(file, { synchronous: "NORMAL", journalSizeLimit: 0 });
    const bad = sampleEvent({ datastreamId: null as unknown as string });
    await expect(writer.write([sampleEvent(), bad])).rejects.toThrow(/NOT NULL/);
    await writer.write([sampleEvent()]);
    expect(count(file)).toBe(1);
    await writer.close();
    await expect(writer.write([sampleEvent()])).rejects.toThrow(/stopped/);
  });

  it("commits writes already sent when it is closed", async () => {
    const file = await migrated("close.db");
    const writer = new SqliteEventWriter(file, { synchronous: "NORMAL", journalSizeLimit: 0 });
    const writes = Array.from({ length: 5 }, () => writer.write([sampleEvent()]));
    await writer.close();
    await Promise.all(writes);
    expect(count(file)).toBe(5);
  });
});
