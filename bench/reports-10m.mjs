#!/usr/bin/env node
// Report latency at volume on PostgreSQL: a throwaway cluster (scripts/postgres.mjs), the
// store migrated (events partitioned by day, migration 7), --events events generated in SQL
// over --days days ending now (today's share between midnight and now) for one property
// (3 environments, ~4 events per request body), ANALYZE, the report rollups built (migration
// 8, ReportRollups.ts: every closed day, and today's hours that ended 5 minutes ago), then
// every report of reportDefinitions.ts, then pc-marketing's own reports (its reporting mapping,
// properties/pc-marketing/src/reporting.ts, held by the property so they are rolled up), through
// the store's report() for the last 7 and last 30 days up to the end of today (the rest of
// today read raw), property and environment scope, --runs times each; p50 and p95.
// --no-rollups skips the build: every report is raw. --reports a,b runs only those.
// Bar (issue 21): p95 of each report ≤ 500 ms on the 2-core machine at 10 million events.
// Usage: npx tsx bench/reports-10m.mjs [--events 10000000] [--days 30] [--runs 15]
//        [--budget 20] [--statement-timeout 30] [--timeout 2400] [--hold] [--no-rollups]
//        [--reports searchTerms,topPages]
// Bounded: a report/range/scope combination stops repeating after --budget s (3 runs at
// least), each query after --statement-timeout s (counted as a miss), the whole run after
// --timeout s; the cluster and its files are removed on every exit path.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { startPostgres } from "../scripts/postgres.mjs";
import { PostgresStore } from "../apps/server/src/store/PostgresStore.ts";
import { REPORT_NAMES } from "../apps/server/src/features/reports/reportDefinitions.ts";
import { REPORTING } from "../properties/pc-marketing/src/reporting.ts";
import { splitDocument } from "../apps/server/src/features/authoring/propertyResources.ts";
import { holdBenchLock } from "./benchLock.mjs";

await holdBenchLock();

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "10000000" },
    days: { type: "string", default: "30" },
    runs: { type: "string", default: "15" },
    "statement-timeout": { type: "string", default: "30" },
    budget: { type: "string", default: "20" },
    // Keep the generated database running for EXPLAIN until Ctrl-C (or --timeout).
    hold: { type: "boolean", default: false },
    "no-rollups": { type: "boolean", default: false },
    reports: { type: "string" },
    timeout: { type: "string", default: "2400" },
  },
});
const EVENTS = Number(values.events);
const DAYS = Number(values.days);
const RUNS = Number(values.runs);
const BUDGET_MS = Number(values.budget) * 1000;
const PROPERTY = "PRpcmarketing";
const ENVIRONMENTS = ["ENproduction", "ENstaging", "ENdevelopment"];
const PER_REQUEST = 4;
const DAY_MS = 86_400_000;

const cluster = await startPostgres();
let stopped = false;
const cleanUp = () => {
  if (stopped) return;
  stopped = true;
  cluster.stop();
};
const deadline = setTimeout(
  () => {
    console.error(`reports-10m: stopped after --timeout ${values.timeout} s`);
    cleanUp();
    process.exit(2);
  },
  Number(values.timeout) * 1000,
);
deadline.unref();
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);
const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

// One day of events for the generator: requests of PER_REQUEST events, spread evenly over the
// day; a request's visitor, environment and time are functions of its number, so the request
// rows and the event rows agree without a join. Report columns follow docs/analytics-mapping.md:
// page views (with pages, sections, campaigns, event1 on searches, 404s with event17), link
// clicks (exit/download with event9), scroll milestones event18-21, video milestones
// event12-16, and other events. pc-marketing's own fields are in the bodies, where its
// mapping reads them: the device (eVar15) on every first event, a search term (eVar7) on one
// request in 20, a file name (eVar9) on every second event.
const dayRequests = (dayStart, perDay, base, span) => `
INSERT INTO requests (id, received_at, request_id, body)
SELECT ${base} + k,
  '${dayStart.toISOString()}'::timestamptz + (k * ${span / Math.ceil(perDay / PER_REQUEST)}) * interval '1 second',
  md5(${base} + k || 'r'),
  jsonb_build_object('events', jsonb_build_array(
    jsonb_build_object('xdm', jsonb_build_object('eventType', 'web.webpagedetails.pageViews'),
      'data', jsonb_build_object('__adobe', jsonb_build_object('analytics',
        jsonb_strip_nulls(jsonb_build_object('eVar15', (ARRAY['Desktop','Mobile','Tablet'])[1 + k % 3],
          'eVar7', CASE WHEN k % 20 = 0 THEN (ARRAY['auto quote','home','flood','claims','agent'])[1 + k / 20 % 5] END))),
        'pageInfo', jsonb_build_object('k', k % 7))),
    jsonb_build_object('xdm', '{}'::jsonb, 'data', jsonb_build_object('custom', k % 3,
      '__adobe', jsonb_build_object('analytics', jsonb_build_object('eVar9', 'file-' || k % 40 || '.pdf')))),
    jsonb_build_object('xdm', '{}'::jsonb, 'data', jsonb_build_object('user', 'u' || k % 11)),
    jsonb_build_object('xdm', '{}'::jsonb)))
FROM generate_series(0, ${Math.ceil(perDay / PER_REQUEST) - 1}) k`;

const dayEvents = (dayStart, perDay, base, span) => `
INSERT INTO events (request_row, event_index, received_at, datastream_id, property_id,
  environment_id, ecid, event_type, page_name, page_url, site_section, event_numbers, link_type,
  link_url, campaign)
SELECT ${base} + k, i,
  '${dayStart.toISOString()}'::timestamptz + (k * ${span / Math.ceil(perDay / PER_REQUEST)}) * interval '1 second',
  'DS' || env, '${PROPERTY}', env, lpad(visitor::text, 38, '0'),
  CASE WHEN kind < 0.40 THEN 'web.webpagedetails.pageViews'
       WHEN kind < 0.60 THEN 'web.webinteraction.linkClicks'
       WHEN kind < 0.80 THEN 'web.webinteraction.scroll'
       WHEN kind < 0.90 THEN (ARRAY['media.play','media.progress','media.complete'])[1 + (visitor % 3)]
       ELSE 'web.custom' || (visitor % 5) END,
  CASE WHEN kind < 0.40 THEN 'pc:page-' || page END,
  CASE WHEN kind < 0.40 THEN 'https://www.example.test/p/' || page END,
  CASE WHEN kind < 0.40 THEN 'section-' || page % 12 END,
  CASE WHEN kind < 0.40 AND x < 0.05 THEN CASE WHEN y < 0.7 THEN '1' END
       WHEN kind < 0.40 AND x < 0.06 THEN '17'
       WHEN kind < 0.60 AND x < 0.30 THEN '9'
       WHEN kind < 0.80 THEN (ARRAY['18','18,19','18,19,20','18,19,20,21'])[1 + floor(y * 4)::int]
       WHEN kind < 0.90 THEN (ARRAY['12','12,13','13,14','15','16'])[1 + floor(y * 5)::int] END,
  CASE WHEN kind >= 0.40 AND kind < 0.60 THEN (ARRAY['exit','download','other'])[1 + floor(x * 3)::int] END,
  CASE WHEN kind >= 0.40 AND kind < 0.60 THEN 'https://www.example.test/l/' || page END,
  CASE WHEN kind < 0.40 AND y < 0.10 THEN 'cmp-' || page % 25 END
FROM (
  SELECT g / ${PER_REQUEST} AS k, g % ${PER_REQUEST} AS i, random() AS kind, random() AS x,
    random() AS y, floor(200 * power(random(), 3))::int AS page,
    abs(hashint8(g / ${PER_REQUEST} + ${base}::bigint)) % 1000000 AS visitor,
    (ARRAY['${ENVIRONMENTS.join("','")}'])[CASE WHEN abs(hashint4(g / ${PER_REQUEST})) % 100 < 90 THEN 1
      WHEN abs(hashint4(g / ${PER_REQUEST})) % 100 < 97 THEN 2 ELSE 3 END] AS env
  FROM generate_series(0, ${perDay - 1}) g) s`;

const dayPartitions = (dayStart) => {
  const [from, to] = [dayStart, new Date(dayStart.getTime() + DAY_MS)].map((t) =>
    t.toISOString().slice(0, 10),
  );
  const suffix = from.replaceAll("-", "");
  return ["events", "requests"]
    .map(
      (table) =>
        `CREATE TABLE ${table}_p${suffix} PARTITION OF ${table} FOR VALUES FROM ('${from} 00:00:00+00') TO ('${to} 00:00:00+00');`,
    )
    .join("\n");
};

try {
  const store = new PostgresStore(cluster.url, { max: 2 });
  await store.migrate();
  // The property holds pc-marketing's mapping, so the builder rolls its own reports up too.
  await store.authoring.createProperty(
    PROPERTY,
    "pc-marketing",
    splitDocument({
      formatVersion: 1,
      company: { orgId: "5LIFTOFF0PCMARKETING0001@AdobeOrg" },
      property: { name: "pc-marketing", id: PROPERTY, settings: { reporting: REPORTING } },
      environments: [],
      extensions: [],
      dataElements: [],
      rules: [],
    }),
    "bench",
    "created",
  );
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const perDay = Math.ceil(EVENTS / DAYS);
  console.log(
    `reports at volume: ${EVENTS.toLocaleString("en")} events over ${DAYS} days ` +
      `(${perDay.toLocaleString("en")}/day, ${PER_REQUEST}/request), PostgreSQL ${
        (await client.query("SHOW server_version")).rows[0].server_version
      }`,
  );
  const t0 = performance.now();
  for (let d = 0; d < DAYS; d++) {
    // Day DAYS-1 is today: the ranges below end at the next midnight.
    const dayStart = new Date(today - (DAYS - 1 - d) * DAY_MS);
    // The day's partitions, as the store's on-demand path names them.
    await client.query(dayPartitions(dayStart));
    const base = (d + 1) * 100_000_000;
    // Today's events are spread over the part of it that has passed: none is in the future.
    const span = d === DAYS - 1 ? Math.max(60, Math.floor((Date.now() - today) / 1000)) : 86_400;
    await client.query(dayRequests(dayStart, perDay, base, span));
    await client.query(dayEvents(dayStart, perDay, base, span));
    if (d % 5 === 4) console.log(`  ${d + 1} days generated (${seconds(t0)} s)`);
  }
  await client.query("SELECT setval('requests_id_seq', (SELECT MAX(id) FROM requests))");
  const t1 = performance.now();
  await client.query("VACUUM ANALYZE events");
  await client.query("VACUUM ANALYZE requests");
  const size = await client.query(
    `SELECT pg_size_pretty(pg_total_relation_size('events') + (SELECT SUM(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'events'::regclass)) AS events,
            pg_size_pretty((SELECT SUM(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'requests'::regclass)) AS requests,
            (SELECT COUNT(*) FROM events) AS n`,
  );
  console.log(
    `generated in ${seconds(t0)} s, VACUUM ANALYZE ${seconds(t1)} s; ` +
      `${Number(size.rows[0].n).toLocaleString("en")} events, events ${size.rows[0].events}, request bodies ${size.rows[0].requests}`,
  );
  if (!values["no-rollups"]) {
    const t2 = performance.now();
    const built = await store.rollups.build();
    await client.query("VACUUM ANALYZE report_rollups");
    const rollups = await client.query(
      `SELECT COUNT(*) AS n, pg_size_pretty(pg_total_relation_size('report_rollups')) AS size
       FROM report_rollups`,
    );
    console.log(
      `rollups of ${built.filter((p) => p.length === 10).length} closed days and ` +
        `${built.filter((p) => p.length > 10).length} hours of today built in ${seconds(t2)} s; ` +
        `${Number(rollups.rows[0].n).toLocaleString("en")} rows, ${rollups.rows[0].size}`,
    );
  }
  await client.query(`ALTER SYSTEM SET statement_timeout = '${values["statement-timeout"]}s'`);
  await client.query("SELECT pg_reload_conf()");
  await client.end();
  await store.close();
  if (values.hold) {
    console.log(`holding ${cluster.url} until Ctrl-C`);
    // A ref'd timer keeps the process (and so the cleanup) alive until --timeout.
    await new Promise((resolve) => setTimeout(resolve, Number(values.timeout) * 1000));
  }

  const reader = new PostgresStore(cluster.url, { max: 1 });
  const to = new Date(today + DAY_MS);
  const ranges = [
    ["7 days", new Date(today - 6 * DAY_MS)],
    ["30 days", new Date(today - 29 * DAY_MS)],
  ];
  const scopes = [
    ["property", { propertyId: PROPERTY }],
    ["environment", { propertyId: PROPERTY, environmentId: ENVIRONMENTS[0] }],
  ];
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join("/");
  console.log(`\nqueries start, load ${load()}`);
  console.log(`\n| report | range | scope | runs | p50 ms | p95 ms | rows | ≤ 500 ms |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  let misses = 0;
  const only = values.reports?.split(",");
  const own = REPORTING.reports.map((report) => report.name);
  const names = [...REPORT_NAMES, ...own].filter((name) => !only || only.includes(name));
  const specOf = (name) => {
    const report = REPORTING.reports.find((r) => r.name === name);
    return report ? { propertyReport: { report, fields: REPORTING.fields } } : {};
  };
  for (const report of names)
    for (const [range, from] of ranges)
      for (const [scopeName, scope] of scopes) {
        const times = [];
        let rows = 0;
        let failed = "";
        const began = performance.now();
        // A slow combination stops after --budget s (at least 3 runs): the run stays bounded.
        for (
          let r = 0;
          r < RUNS && !failed && (r < 3 || performance.now() - began < BUDGET_MS);
          r++
        ) {
          const start = performance.now();
          try {
            rows = (await reader.reports.report({ report, from, to, ...scope, ...specOf(report) }))
              .rows.length;
            times.push(performance.now() - start);
          } catch (error) {
            failed = error instanceof Error ? error.message : String(error);
          }
        }
        times.sort((a, b) => a - b);
        const p95 = failed ? Infinity : quantile(times, 0.95);
        if (!(p95 <= 500)) misses++;
        console.log(
          `| ${report} | ${range} | ${scopeName} | ${times.length} | ${
            failed ? "—" : Math.round(quantile(times, 0.5))
          } | ${failed ? failed : Math.round(p95)} | ${rows} | ${p95 <= 500 ? "yes" : "**no**"} |`,
        );
      }
  await reader.close();
  console.log(`\nqueries end, load ${load()}`);
  console.log(`\n${misses} of ${names.length * 4} report/range/scope combinations over 500 ms p95`);
} finally {
  cleanUp();
}
