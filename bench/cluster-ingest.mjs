#!/usr/bin/env node
// Edge ingest into one PostgreSQL: events/s of one node alone, then through nginx
// (deploy/nginx/liftoff.conf) with one node behind it, then with two, in the same run. Every node is the built server
// (`node scripts/build.mjs` first); PostgreSQL and nginx are throwaway (scripts/postgres.mjs,
// scripts/nginx.mjs). Loopback only, bounded: --warmup + --seconds per configuration.
// Usage: node bench/cluster-ingest.mjs [--seconds 20] [--warmup 5] [--connections 50] [--events 1]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { edgeLoad } from "../e2e/cluster/edgeLoad.mjs";
import { startNginx } from "../scripts/nginx.mjs";
import { startPostgres } from "../scripts/postgres.mjs";
import { root } from "./server/lib.mjs";
import { holdBenchLock } from "./benchLock.mjs";

await holdBenchLock();

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    events: { type: "string", default: "1" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const events = Number(values.events);
const PASSWORD = "bench-admin-password";

function startNode(db) {
  const data = mkdtempSync(join(tmpdir(), "liftoff-bench-node-"));
  const child = spawn(
    process.execPath,
    [
      join(root, "apps/server/bin/liftoff.mjs"),
      ...["serve", "--port", "0", "--db", db, "--data", data],
      ...["--trust-proxy", "127.0.0.1", "--rate-limit", "0"],
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LIFTOFF_ADMIN_PASSWORD: PASSWORD, LIFTOFF_LOG_LEVEL: "warn" },
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      const match = /listening on (http\S+)/.exec(out);
      if (match)
        resolve({
          origin: match[1],
          address: new URL(match[1]).host,
          stop: () =>
            new Promise((done) => {
              child.once("exit", () => {
                rmSync(data, { recursive: true, force: true });
                done();
              });
              child.kill("SIGTERM");
            }),
        });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`node exited ${code}: ${out}`)));
  });
}

/** Signs in and creates a property; answers its development datastream id. */
async function datastreamOf(origin) {
  const headers = { origin, "content-type": "application/json" };
  const session = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  const { csrfToken } = await session.json();
  const auth = {
    ...headers,
    cookie: session.headers.get("set-cookie").split(";")[0],
    "x-csrf-token": csrfToken,
  };
  const created = await fetch(`${origin}/api/properties`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ name: "Ingest bench", orgId: "0123456789ABCDEF01234567@AdobeOrg" }),
  });
  const pid = (await created.json()).document.property.id;
  const { datastreams: streams } = await (
    await fetch(`${origin}/api/datastreams`, { headers: auth })
  ).json();
  return streams.find((d) => d.propertyId === pid && d.stage === "development").id;
}

async function measure(origin, datastream) {
  await edgeLoad(origin, datastream, { seconds: Number(values.warmup), connections, events });
  const run = await edgeLoad(origin, datastream, { seconds, connections, events });
  const ok = run.outcomes.filter((o) => o.status === 200).length;
  return {
    requestsPerS: Math.round(ok / seconds),
    eventsPerS: Math.round((ok * events) / seconds),
    failed: run.outcomes.length - ok + run.errors,
  };
}

const postgres = await startPostgres();
const nodes = [];
let nginx;
try {
  nodes.push(...(await Promise.all([startNode(postgres.url), startNode(postgres.url)])));
  const datastream = await datastreamOf(nodes[0].origin);
  // The same node without nginx first: what the proxy and TLS cost.
  const direct = await measure(nodes[0].origin, datastream);
  nginx = await startNginx([nodes[0].address]);
  console.log(
    `cluster ingest: ${events} event(s)/request, ${connections} connections, ${values.warmup} s warm-up + ${seconds} s, through nginx (TLS) to PostgreSQL, all on this machine`,
  );
  console.log(
    `| 1 node, no nginx | ${direct.requestsPerS} | ${direct.eventsPerS} | ${direct.failed} |`,
  );
  const one = await measure(nginx.origin, datastream);
  console.log(`| 1 node behind nginx | ${one.requestsPerS} | ${one.eventsPerS} | ${one.failed} |`);
  nginx.reload(nodes.map((n) => n.address));
  const two = await measure(nginx.origin, datastream);
  console.log(`| 2 nodes behind nginx | ${two.requestsPerS} | ${two.eventsPerS} | ${two.failed} |`);
} finally {
  await nginx?.stop();
  await Promise.all(nodes.map((n) => n.stop()));
  postgres.stop();
}
