import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { latestVersion } from "./migrations.ts";
import type { PropertyReport } from "@liftoff/schema";
import type { NewEvent, Store } from "./Store.ts";
import previewContract from "../features/preview/previewContract.ts";
import { splitDocument } from "../features/authoring/propertyResources.ts";
import { REPORTING } from "@liftoff/pc-marketing";

/**
 * Strings the API accepts (every string without U+0000 or a lone surrogate, the rule of
 * http/refuseUnstorableStrings.ts): every character outside the BMP (surrogate pairs), U+FFFD
 * itself, C0 controls and DEL, a BOM, U+FFFF and U+2028. Both stores must give them back as
 * they were sent.
 */
export const acceptedStrings = (() => {
  let nonBmp = "";
  const chunk: number[] = [];
  for (let cp = 0x10000; cp <= 0x10ffff; cp++) {
    chunk.push(cp);
    if (chunk.length === 4096) {
      nonBmp += String.fromCodePoint(...chunk);
      chunk.length = 0;
    }
  }
  const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join("");
  return {
    nonBmp,
    replacement: "a\uFFFDb",
    controls: `${controls}\u007F`,
    edges: "\uFEFF\uFFFF\u2028\uE000 ünï ✓ 😀 𝄞",
  };
})();

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
  campaign: "cmp-1",
  ...overrides,
});

/** Events as a version-1 database held them (own xdm/data columns), for migration tests. */
export const v1Events = [
  {
    receivedAt: "2026-11-20T08:00:00.000Z",
    requestId: "old-1",
    eventType: "web.webpagedetails.pageViews",
    xdm: {
      web: { webPageDetails: { name: "pc:search" } },
      _experience: { analytics: { customDimensions: { props: { prop5: "Flood", prop6: 3 } } } },
    },
    data: { custom: { ünï: "✓" } },
    pageName: "pc:search",
    eventNumbers: "1",
  },
  {
    receivedAt: "2026-11-20T08:00:01.000Z",
    requestId: "old-2",
    eventType: "web.webinteraction.linkClicks",
    xdm: { marketing: { trackingCode: "cmp-9" } },
    data: null,
    pageName: null,
    eventNumbers: "9",
  },
  {
    receivedAt: "2026-11-20T08:00:02.000Z",
    requestId: "old-2",
    eventType: null,
    xdm: {},
    data: { __adobe: { analytics: { prop9: "policy.pdf", campaign: "cmp-old" } } },
    pageName: null,
    eventNumbers: null,
  },
];

/** After migration 2: every version-1 event reads back whole, with its campaign filled. */
export async function expectV1EventsKept(store: Store): Promise<void> {
  const events = (await store.events.list()).reverse();
  expect(events).toHaveLength(v1Events.length);
  events.forEach((e, i) => {
    const old = v1Events[i]!;
    expect(e).toMatchObject({
      requestId: old.requestId,
      eventType: old.eventType,
      pageName: old.pageName,
      eventNumbers: old.eventNumbers,
    });
    expect(e.receivedAt.toISOString()).toBe(old.receivedAt);
    expect([e.xdm, e.data]).toEqual([old.xdm, old.data]);
  });
  expect(events.map((e) => e.campaign)).toEqual([null, "cmp-9", "cmp-old"]);
  expect(await store.events.count({ requestId: "old-2" })).toBe(2);
  // New events go in beside the migrated ones.
  await store.events.appendBatch([sampleEvent({ requestId: "new-1" })]);
  expect(await store.events.count()).toBe(v1Events.length + 1);
  expect((await store.events.list({ limit: 1 }))[0]!.requestId).toBe("new-1");
}

const DAY1 = new Date("2026-11-20T09:00:00.000Z");
const DAY2 = new Date("2026-11-21T15:00:00.000Z");
const PAGE_VIEW = "web.webpagedetails.pageViews";
const LINK_CLICK = "web.webinteraction.linkClicks";

/** An event with every report column empty unless given. */
const reportEvent = (ecid: string, receivedAt: Date, overrides: Partial<NewEvent>): NewEvent =>
  sampleEvent({
    ecid,
    receivedAt,
    eventType: PAGE_VIEW,
    pageName: null,
    pageUrl: null,
    siteSection: null,
    eventNumbers: null,
    linkType: null,
    linkUrl: null,
    campaign: null,
    ...overrides,
  });

/**
 * Values of pc-marketing's report fields, where its reporting mapping reads them first (each
 * field's first path), merged into `xdm`: the property's own variables have no column.
 */
export function withFields(
  values: Record<string, string>,
  xdm: Record<string, unknown> = {},
): Record<string, unknown> {
  const out = structuredClone(xdm);
  for (const [name, value] of Object.entries(values)) {
    const field = REPORTING.fields.find((f) => f.name === name)!;
    const [, ...keys] = field.paths[0]!.split(".");
    let node = out;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return out;
}

/** A query for one of pc-marketing's own reports, with its mapping. */
export const pcMarketingReport = (report: string) => ({
  report,
  propertyReport: {
    report: REPORTING.reports.find((r) => r.name === report)!,
    fields: REPORTING.fields,
  },
});

/** The reports pc-marketing holds (the rest of `expectedReports` are built in). */
export const PC_MARKETING_REPORTS = REPORTING.reports.map((report) => report.name);

/** Events of three visitors over two days, plus events outside the queried scope. */
export const reportEvents: NewEvent[] = [
  reportEvent("a", DAY1, {
    pageName: "pc:home",
    xdm: withFields({ deviceType: "Desktop" }),
    campaign: "cmp-1",
  }),
  reportEvent("b", DAY1, { pageName: "pc:home", xdm: withFields({ deviceType: "Mobile" }) }),
  reportEvent("a", DAY2, {
    pageName: "pc:auto",
    xdm: withFields({ deviceType: "Desktop", searchTerm: "Auto Quote" }),
    eventNumbers: "1,18",
  }),
  reportEvent("b", DAY2, {
    pageName: "pc:search",
    xdm: withFields({ searchTerm: "auto quote" }),
    eventNumbers: "18,19",
  }),
  reportEvent("a", DAY2, {
    eventType: LINK_CLICK,
    linkType: "download",
    linkUrl: "https://www.example.test/docs/policy.pdf",
    xdm: withFields({ downloadName: "policy.pdf" }),
    eventNumbers: "9",
  }),
  reportEvent("b", DAY2, {
    eventType: LINK_CLICK,
    linkType: "exit",
    linkUrl: "https://p.test/",
    xdm: {
      web: { webInteraction: { name: "Partner site", type: "exit", URL: "https://p.test/" } },
    },
  }),
  // A scroll-depth interaction sent as a link click: no link URL, so no click in the reports.
  reportEvent("b", DAY2, {
    eventType: LINK_CLICK,
    linkType: "other",
    xdm: { web: { webInteraction: { name: "scroll 25%", type: "other" } } },
  }),
  reportEvent("b", DAY2, {
    eventType: LINK_CLICK,
    linkUrl: "https://www.example.test/form.pdf",
    eventNumbers: "9",
  }),
  reportEvent("c", DAY2, {
    pageName: "pc:404",
    pageUrl: "https://www.example.test/missing",
    eventNumbers: "17",
  }),
  reportEvent("a", DAY2, { eventType: "media.play", eventNumbers: "12" }),
  reportEvent("b", DAY2, { eventType: "media.progress", eventNumbers: "12,13,14" }),
  reportEvent("a", DAY2, { eventType: "media.complete", eventNumbers: "15,16,118" }),
  // Outside the scope: another environment, another property, another week.
  reportEvent("d", DAY2, { environmentId: "EN2", pageName: "pc:home" }),
  reportEvent("e", DAY2, { propertyId: "PR2", environmentId: "EN9", pageName: "pc:home" }),
  reportEvent("a", new Date("2026-11-10T09:00:00.000Z"), { pageName: "pc:home" }),
];

export const reportScope = {
  propertyId: "PR1",
  environmentId: "EN1",
  from: new Date("2026-11-20T00:00:00.000Z"),
  to: new Date("2026-11-22T00:00:00.000Z"),
};

/** What each report answers over `reportEvents` in `reportScope`. */
export const expectedReports: Record<string, { columns: string[]; rows: unknown[][] }> = {
  eventsOverTime: {
    columns: ["day", "events", "visitors"],
    rows: [
      ["2026-11-20", 2, 2],
      ["2026-11-21", 10, 3],
    ],
  },
  eventTypes: {
    columns: ["eventType", "events", "visitors"],
    rows: [
      [PAGE_VIEW, 5, 3],
      [LINK_CLICK, 4, 2],
      ["media.complete", 1, 1],
      ["media.play", 1, 1],
      ["media.progress", 1, 1],
    ],
  },
  topLinks: {
    columns: ["link", "clicks"],
    rows: [
      ["Partner site — https://p.test/", 1],
      ["https://www.example.test/docs/policy.pdf", 1],
      ["https://www.example.test/form.pdf", 1],
    ],
  },
  pageViewsOverTime: {
    columns: ["day", "pageViews", "visitors"],
    rows: [
      ["2026-11-20", 2, 2],
      ["2026-11-21", 3, 3],
    ],
  },
  topPages: {
    columns: ["page", "pageViews", "visitors"],
    rows: [
      ["pc:home", 2, 2],
      ["pc:404", 1, 1],
      ["pc:auto", 1, 1],
      ["pc:search", 1, 1],
    ],
  },
  linkClicksByType: {
    columns: ["linkType", "clicks"],
    rows: [
      ["download", 1],
      ["exit", 1],
      ["other", 1],
    ],
  },
  // Every report event carries sampleEvent's data, `{custom: …}`.
  dataKeys: { columns: ["key", "events", "visitors"], rows: [["custom", 12, 3]] },
  downloads: {
    columns: ["fileName", "downloads"],
    rows: [
      ["https://www.example.test/form.pdf", 1],
      ["policy.pdf", 1],
    ],
  },
  searchTerms: {
    columns: ["term", "searches", "successes", "successRate"],
    rows: [["auto quote", 2, 1, 50]],
  },
  notFound: { columns: ["url", "views"], rows: [["https://www.example.test/missing", 1]] },
  scrollFunnel: {
    columns: ["depth", "events", "visitors"],
    rows: [
      ["25%", 2, 2],
      ["50%", 1, 1],
      ["75%", 0, 0],
      ["100%", 0, 0],
    ],
  },
  videoMilestones: {
    columns: ["milestone", "events", "visitors"],
    rows: [
      ["play", 2, 2],
      ["25%", 1, 1],
      ["50%", 1, 1],
      ["75%", 1, 1],
      ["complete", 1, 1],
    ],
  },
  deviceTypes: {
    columns: ["deviceType", "pageViews", "visitors"],
    rows: [
      ["Desktop", 2, 1],
      ["Mobile", 1, 1],
    ],
  },
  campaigns: { columns: ["trackingCode", "pageViews", "visitors"], rows: [["cmp-1", 1, 1]] },
};

/**
 * The storage contract: every adapter runs these same tests (ARCHITECTURE.md §6).
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

    previewContract(() => store);

    it("migrates to the latest version and is idempotent", async () => {
      expect(await store.migrate()).toBe(latestVersion);
      expect(await store.migrate()).toBe(latestVersion);
    });

    it("reports its schema version, 0 before the first migration", async () => {
      expect(await store.schemaVersion()).toBe(latestVersion);
      const fresh = await open();
      try {
        expect(await fresh.schemaVersion()).toBe(0);
        expect(await fresh.migrate(1)).toBe(1);
        expect(await fresh.schemaVersion()).toBe(1);
      } finally {
        await fresh.close();
      }
    });

    it("stores events with every column and the full JSON, round-tripped", async () => {
      const event = sampleEvent();
      await store.events.appendBatch([event]);
      const [stored] = await store.events.list();
      expect(stored).toMatchObject({ ...event, receivedAt: event.receivedAt });
      expect(stored!.receivedAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
      expect(typeof stored!.id).toBe("number");
    });

    it("appends a batch atomically and filters by datastream, property, environment, request, ECID", async () => {
      await store.events.appendBatch([
        sampleEvent({ requestId: "a", environmentId: "EN1" }),
        sampleEvent({ requestId: "a", environmentId: "EN1", ecid: "visitor-2" }),
        sampleEvent({ requestId: "b", environmentId: "EN2", datastreamId: "ds-2" }),
        sampleEvent({ requestId: "c", propertyId: "PR2", data: null, eventType: null }),
      ]);
      expect(await store.events.count()).toBe(4);
      expect(await store.events.count({ requestId: "a" })).toBe(2);
      expect(await store.events.count({ environmentId: "EN2" })).toBe(1);
      expect(await store.events.count({ datastreamId: "ds-2" })).toBe(1);
      expect(await store.events.count({ propertyId: "PR2" })).toBe(1);
      expect(await store.events.count({ ecid: "visitor-2" })).toBe(1);
      const visitor = await store.events.list({ ecid: "visitor-2", environmentId: "EN1" });
      expect(visitor.map((e) => e.ecid)).toEqual(["visitor-2"]);
      const [latest] = await store.events.list({ limit: 1 });
      expect(latest).toMatchObject({ requestId: "c", data: null, eventType: null });
      expect(await store.events.list({ limit: 2 })).toHaveLength(2);
    });

    it("filters events by type, page URL text and time, and pages by id, newest first", async () => {
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));
      await store.events.appendBatch([
        sampleEvent({ requestId: "p1", receivedAt: at(0), pageUrl: "https://x.test/Quote?a=1" }),
        sampleEvent({ requestId: "p2", receivedAt: at(1), pageUrl: "https://x.test/100%_off" }),
        sampleEvent({
          requestId: "c1",
          receivedAt: at(2),
          eventType: "web.webinteraction.linkClicks",
          pageUrl: "https://x.test/quote",
        }),
        sampleEvent({ requestId: "p3", receivedAt: at(3), pageUrl: null }),
      ]);
      const ids = async (filter: Parameters<Store["events"]["list"]>[0]) =>
        (await store.events.list(filter)).map((e) => e.requestId);
      expect(await ids({ eventType: "web.webinteraction.linkClicks" })).toEqual(["c1"]);
      // Case-insensitive for ASCII; % and _ are literal characters, not wildcards.
      expect(await ids({ pageUrlContains: "QUOTE" })).toEqual(["c1", "p1"]);
      expect(await ids({ pageUrlContains: "0%_o" })).toEqual(["p2"]);
      expect(await ids({ pageUrlContains: "%" })).toEqual(["p2"]);
      expect(await ids({ pageUrlContains: "x_test" })).toEqual([]);
      expect(await ids({ from: at(1), to: at(3) })).toEqual(["c1", "p2"]);
      const [first, second] = await store.events.list({ limit: 2 });
      expect([first!.requestId, second!.requestId]).toEqual(["p3", "c1"]);
      expect(await ids({ beforeId: second!.id, limit: 2 })).toEqual(["p2", "p1"]);
      expect(await ids({ beforeId: second!.id, pageUrlContains: "quote" })).toEqual(["p1"]);
      expect(await store.events.count({ eventType: "web.webpagedetails.pageViews" })).toBe(3);
    });

    it("breaks events down by one or two field paths of their XDM or data", async () => {
      const at = new Date("2026-11-21T10:00:00.000Z");
      const event = (ecid: string, name: string | null, section: unknown, over = {}) =>
        sampleEvent({
          ecid,
          receivedAt: at,
          eventType: "web.webinteraction.linkClicks",
          xdm: name === null ? {} : { web: { webInteraction: { name, type: "other" } } },
          data: section === undefined ? null : { site: { pageSection: section } },
          ...over,
        });
      await store.events.appendBatch([
        event("v1", "Get a quote", "hero"),
        event("v1", "Get a quote", "footer"),
        event("v2", "Get a quote", "hero"),
        event("v2", "scroll 25%", undefined),
        event("v3", null, 7, { eventType: "web.webpagedetails.pageViews" }),
        event("v4", "Get a quote", "hero", { propertyId: "PR2" }),
      ]);
      const scope = {
        propertyId: "PR1",
        from: new Date("2026-11-21T00:00:00.000Z"),
        to: new Date("2026-11-22T00:00:00.000Z"),
      };
      const name = ["xdm", "web", "webInteraction", "name"];
      const section = ["data", "site", "pageSection"];
      expect(await store.reports.breakdown({ ...scope, field: name, measure: "events" })).toEqual({
        columns: ["xdm.web.webInteraction.name", "events"],
        rows: [
          ["Get a quote", 3],
          ["(none)", 1],
          ["scroll 25%", 1],
        ],
      });
      const visitors = await store.reports.breakdown({
        ...scope,
        field: name,
        measure: "visitors",
      });
      expect(visitors.rows[0]).toEqual(["Get a quote", 2]);
      expect(
        await store.reports.breakdown({ ...scope, field: name, by: section, measure: "events" }),
      ).toEqual({
        columns: ["xdm.web.webInteraction.name", "data.site.pageSection", "events"],
        rows: [
          ["Get a quote", "hero", 2],
          ["(none)", "7", 1],
          ["Get a quote", "footer", 1],
          ["scroll 25%", "(none)", 1],
        ],
      });
      const clicks = await store.reports.breakdown({
        ...scope,
        field: section,
        measure: "events",
        eventType: "web.webpagedetails.pageViews",
      });
      expect(clicks.rows).toEqual([["7", 1]]);
      // A path that names nothing, or an object, counts every event under (none).
      const objects = await store.reports.breakdown({
        ...scope,
        field: ["xdm", "web"],
        measure: "events",
      });
      expect(objects.rows).toEqual([["(none)", 5]]);
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

    it("reads back each event's xdm and data from its request's body", async () => {
      const body = JSON.stringify({
        events: [
          { xdm: { eventType: "a", n: 1 }, data: { x: "✓" } },
          { xdm: { eventType: "b" } },
          { data: { only: true } },
        ],
        meta: { state: { entries: [] } },
      });
      const parsed = JSON.parse(body) as { events: Array<{ xdm?: unknown; data?: unknown }> };
      await store.events.appendBatch([
        ...parsed.events.map((e, index) =>
          sampleEvent({
            requestId: "r1",
            xdm: e.xdm ?? {},
            data: e.data ?? null,
            source: { body, index },
          }),
        ),
        // A second request with the same body text is a request of its own.
        sampleEvent({ requestId: "r1", xdm: parsed.events[0]!.xdm, source: { body, index: 0 } }),
        sampleEvent({ requestId: "r2", xdm: { plain: true }, data: null }),
      ]);
      const events = (await store.events.list()).reverse();
      expect(events.map((e) => [e.requestId, e.xdm, e.data])).toEqual([
        ["r1", { eventType: "a", n: 1 }, { x: "✓" }],
        ["r1", { eventType: "b" }, null],
        ["r1", {}, { only: true }],
        ["r1", { eventType: "a", n: 1 }, { x: "✓" }],
        ["r2", { plain: true }, null],
      ]);
      expect(events[0]).not.toHaveProperty("source");
      expect(await store.events.count({ requestId: "r1" })).toBe(4);
    });

    it("answers another property's own reports through its own mapping, no column needed", async () => {
      // Its search term in a data layer (then an XDM fallback), its plan as a number.
      const fields = [
        { name: "query", label: "Query", paths: ["data.search.query", "xdm.search.keywords"] },
        { name: "plan", label: "Plan", paths: ["data.plan"] },
      ];
      const event = (ecid: string, xdm: Record<string, unknown>, data: unknown, numbers?: string) =>
        reportEvent(ecid, DAY2, {
          propertyId: "PRother",
          environmentId: "ENother",
          xdm,
          data,
          eventNumbers: numbers ?? null,
        });
      await store.events.appendBatch([
        ...reportEvents,
        event("a", {}, { search: { query: "Hail" }, plan: 2 }, "5"),
        event("b", {}, { search: { query: "hail" } }),
        event("b", { search: { keywords: "Roof" } }, { search: { query: "" }, plan: 2 }, "5,6"),
        event("c", { search: { keywords: "roof" } }, null, "6"),
        event("c", {}, { search: { query: { nested: "no" } } }),
      ]);
      const run = (report: PropertyReport) =>
        store.reports.report({
          report: report.name,
          from: reportScope.from,
          to: reportScope.to,
          propertyId: "PRother",
          propertyReport: { report, fields },
        });
      expect(
        await run({
          kind: "top",
          name: "queries",
          title: "Queries",
          label: ["query"],
          labelName: "query",
          lowercase: true,
          eventType: PAGE_VIEW,
          measures: [
            { name: "searches", of: "events" },
            { name: "withPlan", of: "visitors", eventNumber: 5 },
          ],
          rate: { name: "planRate", numerator: "withPlan", denominator: "searches" },
        }),
      ).toEqual({
        columns: ["query", "searches", "withPlan", "planRate"],
        rows: [
          ["hail", 2, 1, 50],
          ["roof", 2, 1, 50],
        ],
      });
      expect(
        await run({
          kind: "top",
          name: "plans",
          title: "Plans",
          label: ["plan", "pageName"],
          labelName: "plan",
          eventNumber: 5,
          measures: [{ name: "events", of: "events" }],
        }),
      ).toEqual({ columns: ["plan", "events"], rows: [["2", 2]] });
      expect(
        await run({
          kind: "steps",
          name: "funnel",
          title: "Funnel",
          labelName: "step",
          steps: [
            { name: "start", eventNumber: 5 },
            { name: "end", eventNumber: 6 },
          ],
        }),
      ).toEqual({
        columns: ["step", "events", "visitors"],
        rows: [
          ["start", 2, 2],
          ["end", 2, 2],
        ],
      });
    });

    it("answers every report over seeded events, scoped by property, environment and time", async () => {
      await store.events.appendBatch(reportEvents);
      // pc-marketing's own reports read its fields through its reporting mapping.
      const queryOf = (report: string) =>
        PC_MARKETING_REPORTS.includes(report) ? pcMarketingReport(report) : { report };
      for (const [report, expected] of Object.entries(expectedReports))
        expect({
          report,
          ...(await store.reports.report({ ...queryOf(report), ...reportScope })),
        }).toEqual({ report, ...expected });
      const { environmentId: _all, ...propertyWide } = reportScope;
      expect((await store.reports.report({ report: "topPages", ...propertyWide })).rows[0]).toEqual(
        ["pc:home", 3, 3],
      );
      const empty = await store.reports.report({
        ...pcMarketingReport("searchTerms"),
        ...reportScope,
        propertyId: "PR-none",
      });
      expect(empty.rows).toEqual([]);
      await expect(store.reports.report({ report: "nope", ...reportScope })).rejects.toThrow(
        /unknown report/,
      );
    });

    it("removes the days before a retention cutoff with their bodies; later days stay whole", async () => {
      const at = (iso: string, requestId: string) =>
        sampleEvent({ receivedAt: new Date(iso), requestId, pageName: requestId });
      await store.events.appendBatch([
        at("2026-11-01T10:00:00.000Z", "old-1"),
        at("2026-11-01T10:00:00.000Z", "old-1"),
        at("2026-11-02T23:59:59.999Z", "old-2"),
        at("2026-11-03T00:00:00.000Z", "kept-1"),
        at("2026-11-21T10:00:00.000Z", "kept-2"),
      ]);
      expect(await store.events.removeBefore(new Date("2026-11-03T00:00:00.000Z"))).toEqual([
        "2026-11-01",
        "2026-11-02",
      ]);
      const kept = await store.events.list();
      expect(kept.map((e) => [e.requestId, e.xdm, e.data])).toEqual([
        ["kept-2", sampleEvent().xdm, sampleEvent().data],
        ["kept-1", sampleEvent().xdm, sampleEvent().data],
      ]);
      expect(await store.events.count({ requestId: "old-1" })).toBe(0);
      const days = await store.reports.report({
        report: "eventsOverTime",
        propertyId: "PR1",
        from: new Date("2026-11-01T00:00:00.000Z"),
        to: new Date("2026-11-04T00:00:00.000Z"),
      });
      expect(days.rows).toEqual([
        ["2026-11-01", 0, 0],
        ["2026-11-02", 0, 0],
        ["2026-11-03", 1, 1],
      ]);
      expect(await store.events.removeBefore(new Date("2026-11-03T00:00:00.000Z"))).toEqual([]);
      // A late event for a removed day is stored again (its day is made anew).
      await store.events.appendBatch([at("2026-11-01T12:00:00.000Z", "late")]);
      expect((await store.events.list({ requestId: "late" })).map((e) => e.pageName)).toEqual([
        "late",
      ]);
    });

    it("stores a keyed request once within its window, answers retries with the first key, and sweeps old keys", async () => {
      const HOUR = 3_600_000;
      const t0 = new Date("2026-11-21T10:00:00.000Z");
      const key = (at: Date, fingerprint = "interact:a", ecid = "ecid-first") => ({
        datastreamId: "ds-1",
        requestId: "retried",
        fingerprint,
        ecid,
        receivedAt: at,
      });
      const events = () => [sampleEvent({ requestId: "retried" })];
      const first = key(t0);
      // Two sends in one batch: the first stores, the second answers it.
      expect(
        await store.events.appendRequests(
          [
            { key: first, events: events() },
            { key: key(t0, "interact:a", "ecid-second"), events: events() },
            { events: [sampleEvent({ requestId: "unnamed" })] },
          ],
          24 * HOUR,
        ),
      ).toEqual([{ stored: true }, { stored: false, first }, { stored: true }]);
      // A later batch within the window: the first key comes back as stored.
      const retry = key(new Date(t0.getTime() + 24 * HOUR - 1), "interact:b", "ecid-retry");
      expect(
        await store.events.appendRequests([{ key: retry, events: events() }], 24 * HOUR),
      ).toEqual([{ stored: false, first }]);
      expect(await store.events.count({ requestId: "retried" })).toBe(1);
      // A key without events (an empty request) is kept all the same.
      const empty = { ...key(t0), requestId: "empty" };
      expect(await store.events.appendRequests([{ key: empty, events: [] }], HOUR)).toEqual([
        { stored: true },
      ]);
      expect(await store.events.appendRequests([{ key: empty, events: [] }], HOUR)).toEqual([
        { stored: false, first: empty },
      ]);
      // A whole window after the first: the key is replaced and the request stored again.
      const later = key(new Date(t0.getTime() + 24 * HOUR), "interact:c", "ecid-later");
      expect(
        await store.events.appendRequests([{ key: later, events: events() }], 24 * HOUR),
      ).toEqual([{ stored: true }]);
      expect(await store.events.count({ requestId: "retried" })).toBe(2);
      expect(await store.events.count({ requestId: "unnamed" })).toBe(1);
      // The same key on another datastream is another request.
      expect(
        await store.events.appendRequests(
          [{ key: { ...later, datastreamId: "ds-2" }, events: events() }],
          24 * HOUR,
        ),
      ).toEqual([{ stored: true }]);
      // The sweep removes the keys received before its cutoff, and only those.
      expect(await store.events.removeRequestKeysBefore(later.receivedAt)).toBe(1);
      expect(await store.events.removeRequestKeysBefore(later.receivedAt)).toBe(0);
      expect(
        await store.events.appendRequests([{ key: later, events: events() }], 24 * HOUR),
      ).toEqual([{ stored: false, first: later }]);
      expect(
        await store.events.removeRequestKeysBefore(new Date(later.receivedAt.getTime() + 1)),
      ).toBe(2);
      expect(
        await store.events.appendRequests([{ key: later, events: events() }], 24 * HOUR),
      ).toEqual([{ stored: true }]);
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

    it("keeps library files with a content-derived ETag and their cache control, replaced on publish", async () => {
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
      // Without a cache control a file is served as a development one: revalidated every time.
      expect([first.cacheControl, got!.cacheControl]).toEqual(["no-cache", "no-cache"]);
      const second = await store.libraries.put({
        ...got!,
        body: Buffer.from("changed"),
        cacheControl: "public, max-age=600",
      });
      expect(second.etag).not.toBe(first.etag);
      const replaced = (await store.libraries.get("PR1", "EN1", "launch.min.js"))!;
      expect([replaced.body.toString(), replaced.etag, replaced.cacheControl]).toEqual([
        "changed",
        second.etag,
        "public, max-age=600",
      ]);
      expect(await store.libraries.get("PR1", "EN2", "launch.min.js")).toBeUndefined();
    });

    it("round-trips every string the API accepts, outside the BMP and controls included", async () => {
      const { nonBmp, replacement, controls, edges } = acceptedStrings;
      // One string, a code point in no other: the whole of the planes above the BMP.
      expect([...nonBmp]).toHaveLength(0x100000);
      const name = `${replacement}${controls}${edges}`;
      const document = {
        formatVersion: 1,
        company: { orgId: "ORG@AdobeOrg" },
        property: {
          id: "PRstrings",
          name,
          settings: { [controls]: nonBmp, [edges]: [replacement] },
        },
        environments: [{ id: "ENdev", name: edges, stage: "development" }],
        extensions: [{ name: "core", settings: { all: [replacement, controls, edges] } }],
        dataElements: [],
        rules: [{ id: "RL1", name: controls, events: [], conditions: [], actions: [] }],
      };
      const a = store.authoring;
      expect(
        await a.createProperty(
          "PRstrings",
          name,
          splitDocument(document as never),
          controls,
          edges,
        ),
      ).toBe(true);
      expect((await a.getProperty("PRstrings"))!.document).toEqual(document);
      expect((await a.listProperties()).find((p) => p.id === "PRstrings")!.name).toBe(name);
      await store.audit.append({
        user: controls,
        action: "property.create",
        propertyId: "PRstrings",
        target: edges,
        detail: { summary: name, all: nonBmp },
      });
      const [entry] = await store.audit.list({ propertyId: "PRstrings" });
      expect(entry).toMatchObject({ user: controls, target: edges });
      expect(entry!.detail).toEqual({ summary: name, all: nonBmp });
      const event = sampleEvent({
        pageName: name,
        campaign: edges,
        xdm: { web: { webPageDetails: { name, [controls]: edges } } },
        data: { all: nonBmp, [replacement]: [controls] },
      });
      await store.events.appendBatch([event]);
      const [stored] = await store.events.list();
      expect(stored).toMatchObject({ pageName: name, campaign: edges, xdm: event.xdm });
      expect(stored!.data).toEqual(event.data);
    }, 30_000);

    it("keeps the allowed host list", async () => {
      await store.hosts.add("tags.example.test");
      await store.hosts.add("tags.example.test");
      await store.hosts.add("cdn.example.test");
      expect(await store.hosts.list()).toEqual(["cdn.example.test", "tags.example.test"]);
      await store.hosts.remove("cdn.example.test");
      expect(await store.hosts.list()).toEqual(["tags.example.test"]);
    });

    it("lists events by id range, oldest first, and finds nothing where none are left", async () => {
      await store.events.appendBatch(
        ["r:1", "r:2", "r:3"].map((pageName) => sampleEvent({ pageName, requestId: pageName })),
      );
      const ids = (await store.events.list()).map((e) => e.id).sort((a, b) => a - b);
      const range = await store.events.listRange(ids[1]!, ids[2]!);
      expect(range.map((e) => [e.id, e.pageName, e.requestId])).toEqual([
        [ids[1], "r:2", "r:2"],
        [ids[2], "r:3", "r:3"],
      ]);
      expect(range[0]!.xdm).toEqual(sampleEvent().xdm);
      expect(await store.events.listRange(ids[2]! + 1, ids[2]! + 100)).toEqual([]);
    });

    it("keeps sign-in failures by key: recent within a window, newest kept, cleared, pruned", async () => {
      const failures = store.loginFailures;
      await failures.record(["address:a", "pair:x\na"], 1000, 0);
      await failures.record(["address:a"], 2000, 0);
      await failures.record(["address:a"], 3000, 0);
      expect(await failures.recent("address:a", 0, 10)).toEqual([1000, 2000, 3000]);
      expect(await failures.recent("address:a", 1000, 10)).toEqual([2000, 3000]);
      expect(await failures.recent("address:a", 0, 2)).toEqual([2000, 3000]);
      expect(await failures.recent("pair:x\na", 0, 10)).toEqual([1000]);
      await failures.clear("pair:x\na");
      expect(await failures.recent("pair:x\na", 0, 10)).toEqual([]);
      // A write prunes failures at or before its cutoff, at most `pruneLimit` of them.
      await failures.record(["address:b"], 4000, 2000, 1);
      expect(await failures.recent("address:a", 0, 10)).toEqual([2000, 3000]);
      await failures.record(["address:b"], 5000, 3000);
      expect(await failures.recent("address:a", 0, 10)).toEqual([]);
      expect(await failures.size()).toBe(2);
    });
  });
}
