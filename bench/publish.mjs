#!/usr/bin/env node
// Publishing benchmark: the built `liftoff serve` on loopback with a fresh SQLite data dir
// (`--demo`: the seeded pc-marketing property, published once). Each round changes 50 resources
// (rules and data elements: their notes), creates a library with "add all changed
// resources", then times build (development), submit (staging), approve and publish
// (production) through the API, as the studio calls them. Bar: build + publish ≤ 2 s.
// Run: node scripts/build.mjs && node bench/publish.mjs [rounds]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { signIn } from "./server/lib.mjs";
import { holdBenchLock } from "./benchLock.mjs";

await holdBenchLock();

const ROUNDS = Number(process.argv[2] ?? 5);
const CHANGES = 50;
const PASSWORD = "publish-bench-admin-1";
const PID = "PRpcmarketing";
const root = fileURLToPath(new URL("..", import.meta.url));

function start(data) {
  const child = spawn(
    process.execPath,
    [
      join(root, "apps/server/bin/liftoff.mjs"),
      "serve",
      "--port",
      "0",
      "--data",
      data,
      "--demo",
      "--demo-port",
      "0",
    ],
    {
      env: { ...process.env, LIFTOFF_ADMIN_PASSWORD: PASSWORD, LIFTOFF_LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on (http\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({ origin: match[1], stop: () => child.kill("SIGTERM") });
    });
  });
}

/** Gives 50 resources a new revision (their notes), one save each. */
async function change50(api, round) {
  const state = await api("GET", `/api/properties/${PID}`);
  const revision = (kind, id) =>
    state.resources.find((r) => r.kind === kind && r.id === id).revision;
  const rules = state.document.rules.slice(0, 25);
  const elements = state.document.dataElements.slice(0, CHANGES - rules.length);
  for (const rule of rules)
    await api("PUT", `/api/properties/${PID}/rules/${rule.id}`, {
      revision: revision("rule", rule.id),
      rule: { ...rule, description: `round ${round}` },
    });
  for (const element of elements)
    await api("PUT", `/api/properties/${PID}/data-elements/${element.id}`, {
      revision: revision("dataElement", element.id),
      dataElement: { ...element, description: `round ${round}` },
    });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const data = mkdtempSync(join(tmpdir(), "liftoff-publish-bench-"));
const server = await start(data);
try {
  const { api } = await signIn(server.origin, "admin", PASSWORD);
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await change50(api, round);
    const library = await api("POST", `/api/properties/${PID}/libraries`, {
      name: `Round ${round}`,
      environmentId: "ENpcmarketingdevelopment",
      addAllChanged: true,
    });
    if (library.resources.length !== CHANGES)
      throw new Error(`expected ${CHANGES} changed resources, got ${library.resources.length}`);
    const times = {};
    for (const step of ["build", "submit", "approve", "publish"]) {
      const t0 = performance.now();
      await api("POST", `/api/properties/${PID}/libraries/${library.id}/${step}`);
      times[step] = performance.now() - t0;
    }
    const total = Object.values(times).reduce((a, b) => a + b, 0);
    const published = await api("GET", `/api/properties/${PID}/libraries/${library.id}`);
    const gzip = published.builds.at(-1).gzipBytes;
    rows.push({ ...times, total, gzip });
    console.log(
      `round ${round}: build ${times.build.toFixed(0)} ms, submit ${times.submit.toFixed(0)} ms, ` +
        `approve ${times.approve.toFixed(0)} ms, publish ${times.publish.toFixed(0)} ms, ` +
        `total ${total.toFixed(0)} ms (production library ${gzip} B gzip -9)`,
    );
  }
  const col = (k) => rows.map((r) => r[k]);
  console.log(
    `\n${CHANGES} changed resources, ${ROUNDS} rounds — median build ${median(col("build")).toFixed(0)} ms, ` +
      `submit ${median(col("submit")).toFixed(0)} ms, approve ${median(col("approve")).toFixed(0)} ms, ` +
      `publish ${median(col("publish")).toFixed(0)} ms; build + submit + approve + publish: ` +
      `median ${median(col("total")).toFixed(0)} ms, max ${Math.max(...col("total")).toFixed(0)} ms (bar 2,000 ms)`,
  );
} finally {
  server.stop();
  rmSync(data, { recursive: true, force: true });
}
