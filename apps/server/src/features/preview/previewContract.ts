import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import { expect, it } from "vitest";
import type { Store } from "../../store/Store.ts";

const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 60 * 60 * 1000;

let n = 0;
const session = (overrides: Partial<PreviewSession> = {}): PreviewSession => {
  const id = (++n).toString(16).padStart(32, "0");
  return {
    id,
    propertyId: "PR1",
    label: "Working state",
    environmentId: "EN1",
    link: `https://example.test/?liftoff_preview=${id}`,
    createdBy: "editor",
    createdAt: iso(T0),
    expiresAt: iso(T0 + HOUR),
    ...overrides,
  };
};

const trace = (seq: number): PreviewTrace => ({
  type: "page",
  pageId: "pv1",
  at: seq,
  seq,
  url: "https://example.test/ünï",
  title: "Quote",
  startedAt: T0,
  buildInfo: {},
  environment: { id: "EN1", stage: "development" },
});

/** The preview part of the store contract (storeContract.ts): `store()` is migrated and empty. */
export default function previewContract(store: () => Store): void {
  const caps = { perUser: 2, perProperty: 3 };

  it("keeps preview sessions: create within caps, read, list, end, expire, forget", async () => {
    const previews = store().previews;
    const first = session({ libraryId: "LB1", revision: undefined });
    expect(await previews.create(first, caps)).toBe(null);
    expect(await previews.get(first.id, iso(T0))).toEqual(first);
    expect(await previews.create(session(), caps)).toBe(null);
    expect(await previews.create(session(), caps)).toBe("user");
    expect(await previews.create(session({ createdBy: "other" }), caps)).toBe(null);
    expect(await previews.create(session({ createdBy: "other" }), caps)).toBe("property");
    // Another property has room of its own; the user does not.
    expect(await previews.create(session({ propertyId: "PR2" }), caps)).toBe("user");
    expect((await previews.list("PR1", "editor", iso(T0))).length).toBe(2);

    expect(await previews.end(first.id, iso(T0 + 5))).toBe(true);
    expect(await previews.end(first.id, iso(T0 + 6))).toBe(false);
    expect((await previews.get(first.id, iso(T0)))?.endedAt).toBe(iso(T0 + 5));
    // An ended session counts against no cap.
    expect(await previews.create(session(), caps)).toBe(null);

    expect(await previews.setRevision(first.id, 7)).toBe(true);
    expect(await previews.setRevision(first.id, 7)).toBe(false);
    expect((await previews.get(first.id, iso(T0)))?.revision).toBe(7);

    // Expired sessions are due; ending one ends it at its expiry, once.
    expect(await previews.due(iso(T0 + HOUR - 1))).toEqual([]);
    const due = await previews.due(iso(T0 + HOUR));
    expect(due.length).toBe(3);
    expect(await previews.expire(due[0]!, iso(T0 + HOUR))).toBe(true);
    expect(await previews.expire(due[0]!, iso(T0 + HOUR))).toBe(false);
    expect((await previews.get(due[0]!, iso(T0)))?.endedAt).toBe(iso(T0 + HOUR));

    // Readable while it ended at or after `keptSince`; forgotten with its traces after.
    expect(await previews.get(first.id, iso(T0 + 6))).toBe(undefined);
    await previews.forgetEnded(iso(T0 + 6));
    expect(await previews.get(first.id, iso(0))).toBe(undefined);
    expect(await previews.get(due[0]!, iso(0))).toBeDefined();
  });

  it("keeps the last traces of an active session in order, numbered from 1", async () => {
    const previews = store().previews;
    const s = session();
    await previews.create(s, caps);
    expect(await previews.addTraces(s.id, [trace(1), trace(2)], 3, iso(T0))).toBe(true);
    expect(await previews.addTraces(s.id, [trace(3), trace(4)], 3, iso(T0))).toBe(true);
    expect(await previews.traces(s.id)).toEqual([
      { seq: 2, trace: trace(2) },
      { seq: 3, trace: trace(3) },
      { seq: 4, trace: trace(4) },
    ]);
    expect((await previews.traces(s.id, 3)).map((t) => t.seq)).toEqual([4]);
    // Not active: expired at `now`, or ended; nothing is kept.
    expect(await previews.addTraces(s.id, [trace(5)], 3, iso(T0 + HOUR))).toBe(false);
    await previews.end(s.id, iso(T0 + 1));
    expect(await previews.addTraces(s.id, [trace(5)], 3, iso(T0 + 2))).toBe(false);
    expect(await previews.addTraces("0".repeat(32), [trace(5)], 3, iso(T0))).toBe(false);
    expect((await previews.traces(s.id)).map((t) => t.seq)).toEqual([2, 3, 4]);
  });

  it("counts preview caps race-free: of ten starts at once, the cap's number succeed", async () => {
    const previews = store().previews;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => previews.create(session({ createdBy: "racer" }), caps)),
    );
    expect(results.filter((r) => r === null).length).toBe(2);
    expect((await previews.list("PR1", "racer", iso(T0))).length).toBe(2);
    // Reports arriving at once (two nodes) get distinct sequences, none lost.
    const [racer] = await previews.list("PR1", "racer", iso(T0));
    const reports = await Promise.all(
      Array.from({ length: 10 }, (_, i) => previews.addTraces(racer!.id, [trace(i)], 100, iso(T0))),
    );
    expect(reports.every(Boolean)).toBe(true);
    const kept = await previews.traces(racer!.id);
    expect(kept.map((t) => t.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(kept.map((t) => t.trace.seq).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
}
