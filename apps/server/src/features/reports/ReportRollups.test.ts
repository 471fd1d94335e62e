import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStore } from "../../store/PostgresStore.ts";
import type { NewEvent, ReportQuery, ReportTable } from "../../store/Store.ts";
import {
  PC_MARKETING_REPORTS,
  pcMarketingReport,
  sampleEvent,
  withFields,
} from "../../store/storeContract.ts";
import type { PropertyDocument } from "@liftoff/schema";
import { REPORTING } from "@liftoff/pc-marketing";
import { documentOf } from "../authoring/AuthoringRepository.ts";
import { splitDocument } from "../authoring/propertyResources.ts";
import { propertyRollup } from "./propertyRollups.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { CLOSE_AFTER_MS, HOUR_MS, HOUR_SETTLE_MS } from "./rollupPeriods.ts";
import { REPORT_NAMES, REPORTS } from "./reportDefinitions.ts";
import startRollups from "./startRollups.ts";
import { HyperLogLog } from "./HyperLogLog.ts";
import rollupSql from "./rollupSql.ts";

const cluster = useTestPostgres();
const DAY_MS = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** A time at which every day before today is closed, and today's first two hours ended. */
const NOW = new Date(TODAY + 2 * HOUR_MS + HOUR_SETTLE_MS);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** Four closed days and today. */
const DAYS = [4, 3, 2, 1, 0].map((n) => TODAY - n * DAY_MS);

/** A small deterministic generator (mulberry32), so every run stores the same events. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Events of every kind the reports read: hundreds of visitors per label, two scopes. */
function generate(perDay: number): NewEvent[] {
  const r = random(21);
  const pick = <T>(values: T[]) => values[Math.floor(r() * values.length)]!;
  const events: NewEvent[] = [];
  for (const day of DAYS)
    for (let i = 0; i < perDay; i++) {
      const kind = r();
      const pageView = kind < 0.5;
      const click = !pageView && kind < 0.75;
      events.push(
        sampleEvent({
          // Today's events fall in its first seconds: the test never waits for them.
          receivedAt: new Date(day + Math.floor((i / perDay) * (day === TODAY ? 1000 : DAY_MS))),
          requestId: `r${day}-${i}`,
          environmentId: r() < 0.7 ? "EN1" : "EN2",
          ...(r() < 0.1 ? { propertyId: "PR2", environmentId: "EN9" } : {}),
          ecid: `visitor-${Math.floor(r() * 900)}`,
          eventType: pageView
            ? "web.webpagedetails.pageViews"
            : click
              ? "web.webinteraction.linkClicks"
              : pick(["media.play", "web.scroll", "web.custom"]),
          // Six frequent pages and 70 rare ones: topPages is cut at 50, ties included.
          pageName: !pageView
            ? null
            : r() < 0.8
              ? pick(["home", "auto", "quote", "claims", "agent", "über"])
              : `page-${Math.floor(r() * 70)}`,
          pageUrl: pick(["https://p.test/a", "https://p.test/b", null]),
          campaign: pageView ? pick(["cmp-1", "cmp-2", null, null]) : null,
          eventNumbers: pick(["1", "9", "17", "18", "18,19", "18,19,20,21", "12,13", "16", null]),
          linkType: click ? pick(["exit", "download", null]) : null,
          linkUrl: click ? pick(["https://x.test/1", "https://x.test/2", null]) : null,
          xdm: {},
          data: pick([{ a: 1 }, { b: 2, c: 3 }, "text", null, { rare: true }]),
        }),
      );
    }
  return events;
}

/** Visitors columns of a report (counted distinct, estimated over several days). */
const visitorColumns = (report: string) =>
  REPORTS[report as keyof typeof REPORTS].columns
    .map((c, i) => (c === "visitors" ? i : -1))
    .filter((i) => i >= 0);

/** Labels and counts equal; visitors within 5 %, and exact up to 20. */
function expectClose(report: string, rolled: ReportTable, raw: ReportTable): void {
  expect(rolled.columns).toEqual(raw.columns);
  expect(rolled.rows.map((row) => row[0])).toEqual(raw.rows.map((row) => row[0]));
  const visitors = visitorColumns(report);
  rolled.rows.forEach((row, r) =>
    row.forEach((value, c) => {
      const want = raw.rows[r]![c]!;
      if (!visitors.includes(c) || Number(want) <= 20)
        expect({ report, label: row[0], column: c, value }).toEqual({
          report,
          label: row[0],
          column: c,
          value: want,
        });
      else expect(Math.abs(Number(value) - Number(want))).toBeLessThanOrEqual(0.05 * Number(want));
    }),
  );
}

const queries = (): ReportQuery[] => {
  const ranges: Array<[Date, Date]> = [
    // Whole days: four rolled up, today's first two hours rolled up, the rest raw.
    [new Date(DAYS[0]!), new Date(TODAY + DAY_MS)],
    // A partial first and last day around rolled-up days.
    [new Date(DAYS[0]! + 6 * 3_600_000), new Date(DAYS[3]! + 18 * 3_600_000)],
  ];
  const scopes = [{ propertyId: "PR1" }, { propertyId: "PR1", environmentId: "EN2" }, {}];
  return REPORT_NAMES.flatMap((report) =>
    ranges.flatMap(([from, to]) => scopes.map((scope) => ({ report, from, to, ...scope }))),
  );
};

describe("report rollups on PostgreSQL", () => {
  const schema = cluster.schema("rollup");
  let a: PostgresStore;
  let b: PostgresStore;
  /** The test's own connection to the stores' schema, to look at the rollup tables. */
  let sql: pg.Client;
  const raw = new Map<ReportQuery, ReportTable>();
  const all = queries();

  beforeAll(async () => {
    a = new PostgresStore(cluster.url(), { schema, max: 3 });
    b = new PostgresStore(cluster.url(), { schema, max: 3 });
    await a.migrate();
    sql = new pg.Client({ connectionString: cluster.url(), options: `-c search_path=${schema}` });
    await sql.connect();
    const events = generate(1500);
    for (let i = 0; i < events.length; i += 1000)
      await a.events.appendBatch(events.slice(i, i + 1000));
    // Before any rollup every report is the exact raw query.
    for (const query of all) raw.set(query, await a.reports.report(query));
  }, 60_000);
  afterAll(async () => {
    await sql.end();
    await a.close();
    await b.close();
  });

  it("rolls each closed day up once when two nodes build together", async () => {
    const built = await Promise.all([a.rollups.build(NOW), b.rollups.build(NOW)]);
    const periods = [...DAYS.slice(0, 4).map(dayOf), `${dayOf(TODAY)}T00`, `${dayOf(TODAY)}T01`];
    expect(built.flat().sort()).toEqual(periods);
    expect(await a.rollups.build(NOW)).toEqual([]);
    const { rows } = await sql.query<{ start: Date; hours: number; n: string }>(
      "SELECT start, hours, COUNT(*) AS n FROM report_rollup_periods GROUP BY 1, 2 ORDER BY 1",
    );
    expect(rows).toEqual([
      ...DAYS.slice(0, 4).map((d) => ({
        start: new Date(d),
        hours: 24,
        n: String(REPORT_NAMES.length),
      })),
      ...[0, 1].map((h) => ({
        start: new Date(TODAY + h * HOUR_MS),
        hours: 1,
        n: String(REPORT_NAMES.length),
      })),
    ]);
  });

  it("answers every report from rollups as the raw query does", async () => {
    for (const query of all) {
      // Every range holds rolled-up periods, so the rollups answer (undefined would mean raw).
      const rolled = await b.rollups.report(query);
      expect(rolled).toBeDefined();
      expectClose(query.report, rolled!, raw.get(query)!);
      expect(await b.reports.report(query)).toEqual(rolled);
    }
  });

  it("drops a closed day's rollup when events for it arrive, and builds it again", async () => {
    const late = sampleEvent({
      receivedAt: new Date(DAYS[2]! + 3_600_000),
      requestId: "late",
      propertyId: "PR1",
      environmentId: "EN2",
      ecid: "late-visitor",
      eventType: "web.webpagedetails.pageViews",
      pageName: "late-page",
      campaign: "late-campaign",
    });
    await a.events.appendBatch([late]);
    const query = {
      report: "campaigns",
      from: new Date(DAYS[0]!),
      to: new Date(TODAY + DAY_MS),
      propertyId: "PR1",
      environmentId: "EN2",
    };
    const find = (t: ReportTable) => t.rows.find((row) => row[0] === "late-campaign");
    expect(find(await b.reports.report(query))).toEqual(["late-campaign", 1, 1]);
    expect(await b.rollups.build(NOW)).toEqual([dayOf(DAYS[2]!)]);
    expect(find(await b.reports.report(query))).toEqual(["late-campaign", 1, 1]);
  });

  it("folds hash lists into the same registers as the rollup SQL fills", async () => {
    // A temporary events table of this connection only, shadowing the schema's.
    await sql.query(`CREATE TEMP TABLE events (property_id text, environment_id text,
      ecid text, received_at timestamptz, event_type text)`);
    try {
      for (const n of [300, 5000]) {
        await sql.query("TRUNCATE events");
        await sql.query(
          `INSERT INTO events SELECT 'P', 'E', 'v' || g || '-' || $1::int, $2, 'x'
           FROM generate_series(1, $1::int) g`,
          [n, new Date(DAYS[0]!)],
        );
        const { rows } = await sql.query<{ sketches: Buffer[] }>(
          rollupSql(REPORTS.eventTypes, ["e.received_at >= $1", "e.received_at < $2"]),
          [new Date(DAYS[0]!), new Date(DAYS[0]! + DAY_MS)],
        );
        const registers = new HyperLogLog();
        registers.merge(rows[0]!.sketches[0]!);
        const hashes = await sql.query<{ h: number }>("SELECT hashtext(ecid) AS h FROM events");
        const list = Buffer.alloc(1 + 4 * n);
        list[0] = 1;
        hashes.rows.forEach((r, i) => list.writeUInt32BE(r.h >>> 0, 1 + 4 * i));
        const folded = new HyperLogLog();
        folded.merge(list);
        expect(folded.estimate()).toBe(n);
        // Merging any register set turns the list into registers.
        folded.merge(Buffer.alloc(0));
        expect(folded.estimate()).toBe(registers.estimate());
        expect(Math.abs(registers.estimate() - n)).toBeLessThanOrEqual(0.05 * n);
      }
    } finally {
      await sql.query("DROP TABLE pg_temp.events");
    }
  });

  it("removes the rollups of the days retention removes", async () => {
    await a.events.removeBefore(new Date(DAYS[2]!));
    const { rows } = await sql.query<{ day: string }>(
      `SELECT DISTINCT start::date::text AS day FROM report_rollups
       UNION SELECT start::date::text FROM report_rollup_periods ORDER BY 1`,
    );
    expect(rows.map((r) => r.day)).toEqual([dayOf(DAYS[2]!), dayOf(DAYS[3]!), dayOf(TODAY)]);
  });
});

describe("startRollups", () => {
  it("builds the closed days at start and logs them", async () => {
    const store = new PostgresStore(cluster.url(), { schema: cluster.schema("job"), max: 2 });
    try {
      await store.migrate();
      const days = [TODAY - 2 * DAY_MS, TODAY - DAY_MS];
      await store.events.appendBatch(
        days.map((t, i) => sampleEvent({ receivedAt: new Date(t + 1000), requestId: `j${i}` })),
      );
      const lines: string[] = [];
      const now = new Date(TODAY + CLOSE_AFTER_MS);
      const job = startRollups(
        store.rollups,
        (line) => lines.push(line),
        () => now,
      );
      await job.ran;
      job.stop();
      expect(lines).toEqual([`report rollups: built ${days.map(dayOf).join(", ")}`]);
      expect(await store.rollups.build(now)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe("a property's own reports, rolled up on PostgreSQL", () => {
  const schema = cluster.schema("property_rollup");
  let store: PostgresStore;
  const raw = new Map<ReportQuery, ReportTable>();
  const from = new Date(DAYS[0]!);
  const to = new Date(TODAY + DAY_MS);
  const queries = PC_MARKETING_REPORTS.flatMap((report) =>
    [{}, { environmentId: "EN2" }].map((scope): ReportQuery => ({
      ...pcMarketingReport(report),
      from,
      to,
      propertyId: "PR1",
      ...scope,
    })),
  );
  /** The visitors columns of a property report: measures counting visitors, or a step's. */
  const visitorsOf = (query: ReportQuery) =>
    query.propertyReport!.report.kind === "steps"
      ? [2]
      : query.propertyReport!.report.measures.flatMap((m, i) =>
          m.of === "visitors" ? [i + 1] : [],
        );
  const target = (query: ReportQuery) => propertyRollup("PR1", query.propertyReport!);

  /** pc-marketing's variables in every event, and PR2's events carrying the same ones. */
  function events(perDay: number): NewEvent[] {
    const r = random(7);
    const pick = <T>(values: T[]) => values[Math.floor(r() * values.length)]!;
    return DAYS.flatMap((day) =>
      Array.from({ length: perDay }, (_, i) =>
        sampleEvent({
          receivedAt: new Date(day + Math.floor((i / perDay) * (day === TODAY ? 1000 : DAY_MS))),
          requestId: `p${day}-${i}`,
          ...(r() < 0.15 ? { propertyId: "PR2" } : { propertyId: "PR1" }),
          environmentId: r() < 0.6 ? "EN1" : "EN2",
          ecid: `visitor-${Math.floor(r() * 400)}`,
          eventType: pick(["web.webpagedetails.pageViews", "web.webinteraction.linkClicks"]),
          pageUrl: pick(["https://p.test/missing", "https://p.test/gone", null]),
          linkUrl: pick(["https://p.test/form.pdf", null]),
          eventNumbers: pick(["1", "9", "17", "18", "18,19", "18,19,20,21", "12,13,14", null]),
          xdm: withFields(
            Object.fromEntries(
              [
                ["searchTerm", pick(["Roof", "roof", "Auto Quote", "flood", null])],
                ["deviceType", pick(["Desktop", "Mobile", "Tablet", null])],
                ["downloadName", pick(["policy.pdf", "claim-form.pdf", null])],
              ].filter((entry): entry is [string, string] => entry[1] !== null),
            ),
          ),
          data: null,
        }),
      ),
    );
  }

  beforeAll(async () => {
    store = new PostgresStore(cluster.url(), { schema, max: 3 });
    await store.migrate();
    const document = {
      formatVersion: 1,
      company: { orgId: "ORG@AdobeOrg" },
      property: { name: "P", id: "PR1", settings: { reporting: REPORTING } },
      environments: [],
      extensions: [],
      dataElements: [],
      rules: [],
    } as PropertyDocument;
    await store.authoring.createProperty("PR1", "P", splitDocument(document), "test", "created");
    const all = events(400);
    for (let i = 0; i < all.length; i += 1000)
      await store.events.appendBatch(all.slice(i, i + 1000));
    // Before any rollup each report is the exact raw query.
    for (const query of queries) raw.set(query, await store.reports.report(query));
  }, 60_000);
  afterAll(() => store.close());

  it("rolls them up with the built-in ones, each kept to its property, and answers as the raw query", async () => {
    expect(await store.rollups.report(queries[0]!, target(queries[0]!))).toBeUndefined();
    expect(await store.rollups.build(NOW)).toHaveLength(6);
    for (const query of queries) {
      const rolled = await store.rollups.report(query, target(query));
      // Every range holds rolled-up periods, so the rollups answer (undefined would mean raw).
      expect(rolled, query.report).toBeDefined();
      const want = raw.get(query)!;
      expect(rolled!.rows.length, query.report).toBeGreaterThan(0);
      expect(rolled!.columns).toEqual(want.columns);
      expect(rolled!.rows.map((row) => row[0])).toEqual(want.rows.map((row) => row[0]));
      rolled!.rows.forEach((row, i) =>
        row.forEach((value, c) => {
          const exact = want.rows[i]![c]!;
          if (visitorsOf(query).includes(c) && Number(exact) > 20)
            expect(Math.abs(Number(value) - Number(exact))).toBeLessThanOrEqual(
              0.05 * Number(exact),
            );
          else
            expect({ report: query.report, row: row[0], c, value }).toEqual({
              report: query.report,
              row: row[0],
              c,
              value: exact,
            });
        }),
      );
      expect(await store.reports.report(query)).toEqual(rolled);
    }
  });

  it("builds a period again when the property changes one of its reports", async () => {
    const changed = structuredClone(REPORTING);
    const deviceTypes = changed.reports.find((r) => r.name === "deviceTypes")!;
    if (deviceTypes.kind === "top") deviceTypes.lowercase = true;
    const head = (await store.authoring.snapshot("PR1"))!;
    const settings = splitDocument({
      ...documentOf(head),
      property: { ...documentOf(head).property, settings: { reporting: changed } },
    })[0]!;
    await store.authoring.saveChange(
      "PR1",
      [{ ...settings, position: 0, from: 1, deleted: false }],
      "test",
      "reporting",
    );
    // Every period misses the changed report's current rollup, so every one is built again.
    expect(await store.rollups.build(NOW)).toHaveLength(6);
    const query: ReportQuery = {
      ...queries.find((q) => q.report === "deviceTypes")!,
      propertyReport: { report: deviceTypes, fields: changed.fields },
    };
    const rolled = await store.rollups.report(query, target(query));
    // Lower-cased labels, read from the rebuilt rollups, and what the store answers.
    expect(rolled!.rows.map((row) => row[0]).sort()).toEqual(["desktop", "mobile", "tablet"]);
    expect(rolled).toEqual(await store.reports.report(query));
  });
});
