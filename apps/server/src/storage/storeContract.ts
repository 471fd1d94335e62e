import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewEvent, Store } from "./Store.ts";

export const sampleEvent = (overrides: Partial<NewEvent> = {}): NewEvent => ({
  receivedAt: new Date("2026-11-21T10:00:00.000Z"),
  requestId: "req-1",
  datastreamId: "ds-1",
  propertyId: "PR1",
  environmentId: "EN1",
  ecid: "12345678901234567890123456789012345678",
  eventType: "web.webpagedetails.pageViews",
  xdm: { web: { webPageDetails: { name: "pc:home", URL: "https://www.example.test/" } } },
  data: { custom: { ünï: "✓", nested: [1, 2, { deep: true }] } },
  pageName: "pc:home",
  pageUrl: "https://www.example.test/",
  siteSection: "Home",
  eventNumbers: "1,9",
  linkType: null,
  linkUrl: null,
  ...overrides,
});

/**
 * The storage contract: every adapter runs these same tests (ARCHITECTURE.md §5).
 * `open` returns a fresh, empty, not yet migrated store.
 */
export default function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`${name} store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => {
      await store.close();
    });

    it("migrates to the latest version and is idempotent", async () => {
      expect(await store.migrate()).toBe(1);
      expect(await store.migrate()).toBe(1);
    });

    it("stores events with every column and the full JSON, round-tripped", async () => {
      const event = sampleEvent();
      await store.events.appendBatch([event]);
      const [stored] = await store.events.list();
      expect(stored).toMatchObject({ ...event, receivedAt: event.receivedAt });
      expect(stored!.receivedAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
      expect(typeof stored!.id).toBe("number");
    });

    it("appends a batch atomically and filters by datastream, property, environment, request", async () => {
      await store.events.appendBatch([
        sampleEvent({ requestId: "a", environmentId: "EN1" }),
        sampleEvent({ requestId: "a", environmentId: "EN1" }),
        sampleEvent({ requestId: "b", environmentId: "EN2", datastreamId: "ds-2" }),
        sampleEvent({ requestId: "c", propertyId: "PR2", data: null, eventType: null }),
      ]);
      expect(await store.events.count()).toBe(4);
      expect(await store.events.count({ requestId: "a" })).toBe(2);
      expect(await store.events.count({ environmentId: "EN2" })).toBe(1);
      expect(await store.events.count({ datastreamId: "ds-2" })).toBe(1);
      expect(await store.events.count({ propertyId: "PR2" })).toBe(1);
      const [latest] = await store.events.list({ limit: 1 });
      expect(latest).toMatchObject({ requestId: "c", data: null, eventType: null });
      expect(await store.events.list({ limit: 2 })).toHaveLength(2);
    });

    it("rolls a failing batch back entirely", async () => {
      const bad = sampleEvent({ requestId: null as unknown as string });
      await expect(
        store.events.appendBatch([sampleEvent({ requestId: "ok" }), bad]),
      ).rejects.toThrow();
      expect(await store.events.count()).toBe(0);
    });

    it("stores a large batch in one call", async () => {
      const batch = Array.from({ length: 2500 }, (_, i) => sampleEvent({ requestId: `r${i % 7}` }));
      await store.events.appendBatch(batch);
      expect(await store.events.count()).toBe(2500);
      expect(await store.events.count({ requestId: "r3" })).toBe(357);
    });

    it("keeps datastreams: put, putIfMissing, get, list", async () => {
      const ds = {
        id: "ds-1",
        orgId: "ORG@AdobeOrg",
        propertyId: "PR1",
        environmentId: "EN1",
        stage: "production",
        allowedOrigins: ["https://www.example.test"],
      };
      expect(await store.datastreams.putIfMissing(ds)).toBe(true);
      expect(await store.datastreams.putIfMissing({ ...ds, stage: "staging" })).toBe(false);
      expect(await store.datastreams.get("ds-1")).toEqual(ds);
      await store.datastreams.put({ ...ds, allowedOrigins: [] });
      expect((await store.datastreams.get("ds-1"))!.allowedOrigins).toEqual([]);
      expect(await store.datastreams.get("nope")).toBeUndefined();
      expect((await store.datastreams.list()).map((d) => d.id)).toEqual(["ds-1"]);
    });

    it("keeps library files with a content-derived ETag, replaced on publish", async () => {
      const body = Buffer.from("window._satellite={};");
      const first = await store.libraries.put({
        propertyId: "PR1",
        environmentId: "EN1",
        fileName: "launch.min.js",
        contentType: "text/javascript",
        body,
      });
      const got = await store.libraries.get("PR1", "EN1", "launch.min.js");
      expect(got!.body.equals(body)).toBe(true);
      expect(got!.etag).toBe(first.etag);
      const second = await store.libraries.put({ ...got!, body: Buffer.from("changed") });
      expect(second.etag).not.toBe(first.etag);
      expect((await store.libraries.get("PR1", "EN1", "launch.min.js"))!.body.toString()).toBe(
        "changed",
      );
      expect(await store.libraries.get("PR1", "EN2", "launch.min.js")).toBeUndefined();
    });

    it("keeps the allowed host list", async () => {
      await store.hosts.add("tags.example.test");
      await store.hosts.add("tags.example.test");
      await store.hosts.add("cdn.example.test");
      expect(await store.hosts.list()).toEqual(["cdn.example.test", "tags.example.test"]);
      await store.hosts.remove("cdn.example.test");
      expect(await store.hosts.list()).toEqual(["tags.example.test"]);
    });
  });
}
