#!/usr/bin/env node
// Property-scale benchmark (issue "Enterprise-size properties"): how authoring costs grow with
// the number of rules and data elements. For each size and database it starts the built
// `liftoff serve --demo` on loopback with a fresh store, exports the demo property
// (pc-marketing, 104 rules / 208 data elements) and imports a copy grown to the size by
// repeating its rules and data elements under new ids and names, then times:
//   - the import (`POST /api/properties/import`),
//   - `GET /api/properties/:pid` (time and bytes),
//   - one rule save (`PUT …/rules/:id`, a new note each time), p50 and p95 over --saves saves
//     of different rules, one after another,
//   - a development build request of a library holding every resource (`POST …/build`), and
//     the build itself as the server records it,
//   - with --studio, the studio's rules list in Chromium: sign-in done, from navigation to the
//     first rule's row visible,
//   - with --memory, the server's resident memory after 10 and after 1,000 saves (largest size).
// Bounded: each size has its own server, stopped at the end; nothing leaves loopback.
// Run: node scripts/build.mjs && node bench/property-scale.mjs [--sizes 100,500,1000,2000]
//   [--db sqlite,postgres] [--saves 20] [--studio] [--memory]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startPostgres } from "../scripts/postgres.mjs";
import { holdBenchLock } from "./benchLock.mjs";
import { root, signIn } from "./server/lib.mjs";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100,500,1000,2000" },
    db: { type: "string", default: "sqlite,postgres" },
    saves: { type: "string", default: "20" },
    studio: { type: "boolean", default: false },
    memory: { type: "boolean", default: false },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const DATABASES = values.db.split(",");
const SAVES = Number(values.saves);
const PASSWORD = "property-scale-bench-admin-1";
const DEMO = "PRpcmarketing";

await holdBenchLock();

/** `liftoff serve --demo` on a free port; resolves with its origin, pid and a stop function. */
function startServer(data, db) {
  const args = ["serve", "--port", "0", "--data", data, "--demo", "--demo-port", "0"];
  if (db) args.push("--db", db);
  const child = spawn(process.execPath, [join(root, "apps/server/bin/liftoff.mjs"), ...args], {
    env: { ...process.env, LIFTOFF_ADMIN_PASSWORD: PASSWORD, LIFTOFF_LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${out}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on (http\S+)/.exec(out);
      if (match)
        resolve({
          origin: match[1],
          pid: child.pid,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.removeAllListeners("exit");
              child.once("exit", done);
              child.kill("SIGTERM");
            }),
        });
    });
  });
}

/**
 * The demo property grown to `rules` rules and twice as many data elements: copies of its own
 * rules and data elements with new ids and names (tokens still name the originals, which stay).
 */
function grown(demo, rules, id) {
  const doc = structuredClone(demo);
  doc.property = { ...doc.property, id, name: `Scale ${rules}` };
  const baseRules = demo.rules;
  const baseElements = demo.dataElements;
  for (let i = 0; doc.rules.length < rules; i++) {
    const rule = structuredClone(baseRules[i % baseRules.length]);
    const copy = Math.floor(i / baseRules.length) + 1;
    rule.id = `${rule.id}x${copy}`;
    rule.name = `${rule.name} (${copy})`;
    for (const kind of ["events", "conditions", "actions"])
      for (const component of rule[kind]) component.id = `${component.id}x${copy}`;
    doc.rules.push(rule);
  }
  for (let i = 0; doc.dataElements.length < 2 * rules; i++) {
    const element = structuredClone(baseElements[i % baseElements.length]);
    const copy = Math.floor(i / baseElements.length) + 1;
    element.id = `${element.id}x${copy}`;
    element.name = `${element.name} (${copy})`;
    doc.dataElements.push(element);
  }
  return doc;
}

/** Milliseconds a call takes, with its answer. */
async function timed(call) {
  const t0 = performance.now();
  const answer = await call();
  return { ms: performance.now() - t0, answer };
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Resident memory of a process in MB (Linux). */
function residentMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Saves `count` rules one after another (a new note each time); answers each save's ms. */
async function saveRules(api, pid, count, round) {
  const state = await api("GET", `/api/properties/${pid}`);
  const revisions = new Map(state.resources.map((r) => [`${r.kind}/${r.id}`, r.revision]));
  const rules = state.document.rules;
  const times = [];
  for (let i = 0; i < count; i++) {
    const rule = rules[(i * 7919) % rules.length];
    const key = `rule/${rule.id}`;
    const { ms, answer } = await timed(() =>
      api("PUT", `/api/properties/${pid}/rules/${rule.id}`, {
        revision: revisions.get(key),
        rule: { ...rule, description: `round ${round}, save ${i}` },
      }),
    );
    const saved = answer.resources?.find((r) => r.kind === "rule" && r.id === rule.id);
    revisions.set(key, saved ? saved.revision : revisions.get(key) + 1);
    rule.description = `round ${round}, save ${i}`;
    times.push(ms);
  }
  return times;
}

/** The studio's rules list in Chromium: ms from navigation to the first rule's row visible. */
async function studioList(origin, pid, firstRuleName) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${origin}/studio/`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Properties" }).waitFor();
    const t0 = performance.now();
    await page.goto(`${origin}/studio/properties/${pid}/rules`);
    await page.getByRole("link", { name: firstRuleName, exact: true }).first().waitFor();
    return performance.now() - t0;
  } finally {
    await browser.close();
  }
}

async function measure(size, db, demoDocument) {
  const data = mkdtempSync(join(tmpdir(), "liftoff-scale-bench-"));
  const server = await startServer(data, db);
  try {
    const { api, cookie } = await signIn(server.origin, "admin", PASSWORD);
    const demo =
      demoDocument ?? (await api("GET", `/api/properties/${DEMO}/export?format=liftoff`));
    const pid = `PRscale${size}`;
    const doc = grown(demo, size, pid);
    const imported = await timed(() => api("POST", "/api/properties/import", doc));
    const read = await timed(async () => {
      const res = await fetch(`${server.origin}/api/properties/${pid}`, { headers: { cookie } });
      return (await res.arrayBuffer()).byteLength;
    });
    const saves = await saveRules(api, pid, SAVES, 1);
    const development = (await api("GET", `/api/properties/${pid}/environments`)).find(
      (e) => e.stage === "development",
    );
    const library = await api("POST", `/api/properties/${pid}/libraries`, {
      name: "Everything",
      environmentId: development.id,
      addAllChanged: true,
    });
    const build = await timed(() =>
      api("POST", `/api/properties/${pid}/libraries/${library.id}/build`),
    );
    const built = await api("GET", `/api/properties/${pid}/libraries/${library.id}`);
    const row = {
      db: db ? "PostgreSQL" : "SQLite",
      rules: doc.rules.length,
      dataElements: doc.dataElements.length,
      importMs: imported.ms,
      readMs: read.ms,
      readMb: read.answer / 1e6,
      saveP50: percentile(saves, 50),
      saveP95: percentile(saves, 95),
      buildRequestMs: build.ms,
      buildMs: built.builds.at(-1)?.durationMs,
    };
    if (values.studio) row.listMs = await studioList(server.origin, pid, doc.rules[0].name);
    if (values.memory && size === Math.max(...SIZES)) {
      await saveRules(api, pid, 10, 2);
      row.rssAfter10 = residentMb(server.pid);
      await saveRules(api, pid, 990, 3);
      row.rssAfter1000 = residentMb(server.pid);
    }
    return { row, demo };
  } finally {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

async function freshDatabase(url, name) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}

const fmt = (n, digits = 0) => (n === undefined ? "—" : n.toFixed(digits));
const rows = [];
let demo;
for (const database of DATABASES) {
  const postgres = database === "postgres" ? await startPostgres() : undefined;
  try {
    for (const size of SIZES) {
      const db = postgres ? await freshDatabase(postgres.url, `scale${size}`) : undefined;
      const result = await measure(size, db, demo);
      demo = result.demo;
      rows.push(result.row);
      const r = result.row;
      console.log(
        `${r.db} ${r.rules} rules / ${r.dataElements} data elements: import ${fmt(r.importMs)} ms, ` +
          `GET property ${fmt(r.readMs)} ms (${fmt(r.readMb, 1)} MB), rule save p50 ${fmt(r.saveP50)} ms ` +
          `p95 ${fmt(r.saveP95)} ms, dev build request ${fmt(r.buildRequestMs)} ms ` +
          `(build ${fmt(r.buildMs)} ms)` +
          (r.listMs === undefined ? "" : `, studio list ${fmt(r.listMs)} ms`) +
          (r.rssAfter10 === undefined
            ? ""
            : `, RSS after 10 saves ${fmt(r.rssAfter10)} MB, after 1,000 ${fmt(r.rssAfter1000)} MB`),
      );
    }
  } finally {
    postgres?.stop();
  }
}

console.log(
  "\n| database | rules / data elements | import ms | GET property ms (MB) | rule save p50 / p95 ms | dev build request ms (build) | studio list ms |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.db} | ${r.rules.toLocaleString("en")} / ${r.dataElements.toLocaleString("en")} | ${fmt(r.importMs)} | ` +
      `${fmt(r.readMs)} (${fmt(r.readMb, 1)}) | ${fmt(r.saveP50)} / ${fmt(r.saveP95)} | ` +
      `${fmt(r.buildRequestMs)} (${fmt(r.buildMs)}) | ${fmt(r.listMs)} |`,
  );
for (const database of new Set(rows.map((r) => r.db))) {
  const mine = rows.filter((r) => r.db === database);
  const small = mine[0];
  const large = mine.find((r) => r.rules >= 2000) ?? mine.at(-1);
  console.log(
    `${database}: save p50 at ${large.rules} rules is ${(large.saveP50 / small.saveP50).toFixed(1)}× ` +
      `that at ${small.rules} (goal ≤ 1.5×)` +
      (large.rssAfter10 === undefined
        ? ""
        : `; memory after 1,000 saves ${(large.rssAfter1000 / large.rssAfter10).toFixed(2)}× that after 10 (goal ≤ 1.2×)`),
  );
}
