import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/SqliteStore.ts";
import { sampleEvent } from "../../store/storeContract.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const at = (iso: string, requestId: string) =>
  sampleEvent({ receivedAt: new Date(iso), requestId });

describe("SQLite retention", () => {
  it("deletes old events in batches and the request bodies only they used", async () => {
    const dir = mkdtempSync(join(tmpdir(), "liftoff-retain-"));
    const file = join(dir, "retain.db");
    const store = new SqliteStore(file);
    try {
      await store.migrate();
      // More old events than one delete batch holds, in requests of three events each.
      const old = Array.from({ length: 12_000 }, (_, i) =>
        at("2026-10-01T10:00:00.000Z", `old-${Math.floor(i / 3)}`),
      );
      await store.events.appendBatch([...old, at("2026-11-21T10:00:00.000Z", "kept")]);
      expect(await store.events.removeBefore(new Date("2026-11-01T00:00:00.000Z"))).toEqual([
        "2026-10-01",
      ]);
      expect(await store.events.count()).toBe(1);
      const db = new Database(file, { readonly: true });
      try {
        const bodies = db.prepare("SELECT request_id FROM requests").all();
        expect(bodies).toEqual([{ request_id: "kept" }]);
      } finally {
        db.close();
      }
      expect((await store.events.list())[0]!.xdm).toEqual(sampleEvent().xdm);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
