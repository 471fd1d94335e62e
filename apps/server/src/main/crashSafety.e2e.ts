import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

// Crash safety of the built `liftoff serve`: kill -9 in the middle of a bounded loopback
// load, restart on the same data directory, and check that every event of every request
// that got a 2xx is in the database (a 2xx means committed).
const root = join(dirname(fileURLToPath(import.meta.url)), "../../../..");
const DS = "pc-marketing-production";
const EVENTS_PER_REQUEST = 10;
const CONCURRENCY = 8;
const MAX_REQUESTS = 4000;
// Enough acknowledged requests that the kill lands in steady load, few enough for a busy machine.
const ACKED_BEFORE_KILL = 150;

function start(data: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      join(root, "apps/server/bin/liftoff.mjs"),
      "serve",
      "--port",
      "0",
      "--data",
      data,
      "--rate-limit",
      "0",
      // The demo's datastreams to send to; requests without an Origin header are accepted.
      "--demo",
      "--demo-port",
      "0",
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LIFTOFF_LOG_LEVEL: "warn" } },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http\S+)/.exec(out);
      if (match) resolve({ origin: match[1]!, child });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

const body = (requestId: string) =>
  JSON.stringify({
    events: Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => ({
      xdm: {
        eventType: "web.webpagedetails.pageViews",
        web: { webPageDetails: { name: `crash:${i}`, URL: "https://www.example.test/" } },
      },
      data: { requestId, index: i },
    })),
  });

test("kill -9 under load loses no acknowledged event", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(join(tmpdir(), "liftoff-crash-"));
  try {
    const first = await start(data);
    const acked: string[] = [];
    let sent = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && sent < MAX_REQUESTS) {
        sent++;
        const requestId = randomUUID();
        try {
          const res = await fetch(
            `${first.origin}/ee/v1/interact?configId=${DS}&requestId=${requestId}`,
            { method: "POST", headers: { "content-type": "text/plain" }, body: body(requestId) },
          );
          if (res.status === 200) acked.push(requestId);
          await res.arrayBuffer();
        } catch {
          // The connection died with the server: this request was never acknowledged.
        }
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Kill once a good amount is acknowledged, while requests are still in flight.
    await expect
      .poll(() => acked.length, { timeout: 60_000, intervals: [20] })
      .toBeGreaterThan(ACKED_BEFORE_KILL);
    const exited = new Promise((r) => first.child.once("exit", r));
    // Workers keep sending until the process is gone, so requests are in flight at the kill.
    first.child.kill("SIGKILL");
    await exited;
    killed = true;
    await load;
    expect(acked.length).toBeGreaterThan(ACKED_BEFORE_KILL);

    // Restart on the same data: WAL recovery, migrations are a no-op, the edge answers again.
    const second = await start(data);
    const res = await fetch(`${second.origin}/ee/v1/interact?configId=${DS}`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: body("after-restart"),
    });
    expect(res.status).toBe(200);
    const stopped = new Promise((r) => second.child.once("exit", r));
    second.child.kill("SIGTERM");
    await stopped;

    const db = new Database(join(data, "liftoff.db"), { readonly: true });
    const counts = new Map(
      (
        db
          .prepare(
            `SELECT r.request_id AS id, COUNT(*) AS n FROM events e
             JOIN requests r ON r.id = e.request_row GROUP BY r.request_id`,
          )
          .all() as {
          id: string;
          n: number;
        }[]
      ).map((r) => [r.id, r.n]),
    );
    db.close();
    const missing = acked.filter((id) => counts.get(id) !== EVENTS_PER_REQUEST);
    console.log(
      `crash test: ${sent} sent, ${acked.length} acknowledged, ${counts.size - 1} request ids stored, ${missing.length} acknowledged but missing`,
    );
    expect(missing).toEqual([]);
    // Stored but unacknowledged requests are fine (committed, answer lost); partial ones are not.
    for (const n of counts.values()) expect(n).toBe(EVENTS_PER_REQUEST);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});
