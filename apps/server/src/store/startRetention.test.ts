import { describe, expect, it } from "vitest";
import parseServeArgs from "../main/parseServeArgs.ts";
import { SqliteStore } from "./SqliteStore.ts";
import startRetention, { retentionCutoff } from "./startRetention.ts";
import { sampleEvent } from "./storeContract.ts";

const DAY_MS = 86_400_000;

describe("startRetention", () => {
  it("takes --retain-days from 1 day; without it everything is kept", () => {
    expect(parseServeArgs([], {}).retainDays).toBeUndefined();
    expect(parseServeArgs(["--retain-days", "30"], {}).retainDays).toBe(30);
    expect(() => parseServeArgs(["--retain-days", "0"], {})).toThrow(
      "--retain-days: expected at least 1 day, got 0",
    );
    expect(() => parseServeArgs(["--retain-days", "week"], {})).toThrow(
      '--retain-days: expected an integer from 0 to 36500, got "week"',
    );
  });

  it("keeps today and the N days before it", () => {
    const now = new Date("2026-11-24T17:30:00.000Z");
    expect(retentionCutoff(1, now).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(retentionCutoff(30, now).toISOString()).toBe("2026-10-25T00:00:00.000Z");
  });

  it("removes older events at start and logs the days it removed", async () => {
    const store = new SqliteStore(":memory:");
    try {
      await store.migrate();
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const old = new Date(today - 3 * DAY_MS + 3_600_000);
      await store.events.appendBatch([
        sampleEvent({ receivedAt: old, requestId: "old" }),
        sampleEvent({ receivedAt: new Date(today - 2 * DAY_MS), requestId: "kept" }),
        sampleEvent({ receivedAt: new Date(), requestId: "today" }),
      ]);
      const lines: string[] = [];
      const retention = startRetention(store, 2, (line) => lines.push(line));
      await retention.ran;
      retention.stop();
      expect(lines).toEqual([
        `retention (2 days): removed the events of ${old.toISOString().slice(0, 10)}`,
      ]);
      expect((await store.events.list()).map((e) => e.requestId)).toEqual(["today", "kept"]);
    } finally {
      await store.close();
    }
  });
});
