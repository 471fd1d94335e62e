import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { DS, ORIGIN, pageView, testDatastreams } from "./testApp.ts";
import { SqliteStore } from "../store/SqliteStore.ts";

const CLI = new URL("./cli.ts", import.meta.url).href;
const REPO = fileURLToPath(new URL("../../../..", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "liftoff-shutdown-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const PASSWORD = "shutdown-test-password";

/** `liftoff serve` from the source in a child process; resolves with its origin once it listens. */
function startServe(dataDir: string) {
  const script = join(root, "serve.mjs");
  writeFileSync(
    script,
    `const { main } = await import(${JSON.stringify(CLI)});
const code = await main(["serve", "--port", "0", "--rate-limit", "0", "--data", ${JSON.stringify(dataDir)}]);
if (code !== 0) process.exit(code);
`,
  );
  const child = spawn(
    process.execPath,
    ["--conditions=liftoff:source", "--import", "tsx", script],
    {
      cwd: REPO,
      env: { ...process.env, LIFTOFF_ADMIN_PASSWORD: PASSWORD },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const origin = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(({ code }) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { child, origin, exited, output: () => output };
}

interface Outcome {
  requestId: string;
  status?: number;
  error?: string;
  startedAt: number;
  endedAt: number;
}

/** One edge request (two page views) on a keep-alive connection. */
function interact(origin: string, agent: Agent): Promise<Outcome> {
  const requestId = randomUUID();
  const startedAt = Date.now();
  const body = JSON.stringify({ events: [pageView("shutdown:1"), pageView("shutdown:2")] });
  return new Promise((resolve) => {
    const req = request(
      `${origin}/ee/v1/interact?configId=${DS}&requestId=${requestId}`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "text/plain; charset=UTF-8", origin: ORIGIN },
      },
      (res) => {
        res.resume();
        res.once("end", () =>
          resolve({ requestId, status: res.statusCode, startedAt, endedAt: Date.now() }),
        );
        res.once("error", (error: NodeJS.ErrnoException) =>
          resolve({
            requestId,
            error: error.code ?? error.message,
            startedAt,
            endedAt: Date.now(),
          }),
        );
      },
    );
    req.once("error", (error: NodeJS.ErrnoException) =>
      resolve({ requestId, error: error.code ?? error.message, startedAt, endedAt: Date.now() }),
    );
    req.end(body);
  });
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** An open `/api/live` stream; `ended` resolves when the server ends it. */
function openLive(origin: string, cookie: string) {
  return new Promise<{ ended: Promise<string> }>((resolve, reject) => {
    const req = request(`${origin}/api/live`, { headers: { cookie } }, (res: IncomingMessage) => {
      expect(res.statusCode).toBe(200);
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      const ended = new Promise<string>((done) => res.once("close", () => done(text)));
      resolve({ ended });
    });
    req.once("error", reject);
    req.end();
  });
}

describe("liftoff serve on SIGTERM", () => {
  it("finishes accepted edge requests, stores their events, ends live streams and exits 0", async () => {
    const dataDir = join(root, "data");
    const seed = new SqliteStore(join(dataDir, "liftoff.db"));
    await seed.migrate();
    for (const datastream of testDatastreams) await seed.datastreams.put(datastream);
    await seed.close();

    const server = startServe(dataDir);
    const origin = await server.origin;
    const live = await openLive(origin, await signIn(origin));
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    let signalledAt = 0;
    // Eight clients send one request after another until the server is gone.
    const client = async () => {
      for (;;) {
        const outcome = await interact(origin, agent);
        outcomes.push(outcome);
        if (outcome.error) return;
        if (outcomes.length >= 200 && signalledAt === 0) {
          signalledAt = Date.now();
          server.child.kill("SIGTERM");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    const exit = await server.exited;
    agent.destroy();
    expect(await live.ended).toMatch(/: server shutting down\n\n$/);

    expect(exit.code, server.output()).toBe(0);
    expect(server.output()).toContain("liftoff: SIGTERM: finishing accepted requests");
    // The open live stream did not hold the shutdown.
    expect(exit.at - signalledAt).toBeLessThan(5_000);
    const answered = outcomes.filter((o) => o.status !== undefined);
    expect(answered.filter((o) => o.status !== 200)).toEqual([]);
    for (const failed of outcomes.filter((o) => o.error))
      expect(["ECONNREFUSED", "ECONNRESET", "EPIPE"]).toContain(failed.error);
    // Requests sent before the signal and answered after it: the drain finished them.
    const drained = answered.filter((o) => o.startedAt <= signalledAt && o.endedAt >= signalledAt);
    expect(drained.length).toBeGreaterThan(0);

    const db = new Database(join(dataDir, "liftoff.db"), { readonly: true });
    try {
      const count = db.prepare(
        "SELECT COUNT(*) AS n FROM events e JOIN requests r ON r.id = e.request_row WHERE r.request_id = ?",
      );
      const missing = answered.filter((o) => (count.get(o.requestId) as { n: number }).n !== 2);
      expect(missing).toEqual([]);
      const total = db.prepare("SELECT COUNT(*) AS n FROM events").get() as { n: number };
      expect(total.n).toBeGreaterThanOrEqual(answered.length * 2);
    } finally {
      db.close();
    }
  }, 60_000);
});
