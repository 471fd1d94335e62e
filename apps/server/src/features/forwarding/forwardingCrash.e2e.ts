import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { forwardingDocument } from "./forwardingTestSupport.ts";

// kill -9 of the built `liftoff serve` while forwarding requests are in flight: after a
// restart on the same data, every event the edge acknowledged reaches the destination, and
// only the requests that were in flight at the kill are sent twice.
const root = join(dirname(fileURLToPath(import.meta.url)), "../../../../..");
const PASSWORD = "crash test password 1";
const DS = "pc-marketing-development";
const EDGE = "PRforward";
const ANSWERED_FIRST = 10;
const EVENTS = 40;
const LEASE_SECONDS = 15;

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
      "--demo",
      "--demo-port",
      "0",
      "--forwarding-lease-seconds",
      String(LEASE_SECONDS),
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LIFTOFF_LOG_LEVEL: "warn", LIFTOFF_ADMIN_PASSWORD: PASSWORD },
    },
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

/** A destination that answers the first requests, then holds the rest unanswered. */
function startReceiver() {
  const names: string[] = [];
  const held: Array<{ name: string; response: ServerResponse }> = [];
  let holding = true;
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? "/", "http://x").searchParams.get("page") ?? "";
    request.resume();
    request.on("end", () => {
      names.push(name);
      if (holding && names.length > ANSWERED_FIRST) held.push({ name, response });
      else response.writeHead(200).end();
    });
  });
  return {
    names,
    held,
    release: () => {
      holding = false;
    },
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
      ),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function signIn(origin: string) {
  const res = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${origin}${path}`, {
      method,
      headers: {
        cookie,
        "x-csrf-token": csrfToken,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    expect(answer.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
}

const pageView = (name: string) =>
  JSON.stringify({
    events: [
      {
        xdm: {
          eventType: "web.webpagedetails.pageViews",
          web: { webPageDetails: { name, URL: `https://www.example.test/${name}` } },
        },
      },
    ],
  });

test("kill -9 during forwarding loses nothing acknowledged and re-sends only the in-flight", async () => {
  test.setTimeout(120_000);
  const data = mkdtempSync(join(tmpdir(), "liftoff-forwarding-crash-"));
  const receiver = startReceiver();
  try {
    const port = await receiver.listen();
    const first = await start(data);
    const call = await signIn(first.origin);
    await call("POST", "/api/properties/import", forwardingDocument(`http://127.0.0.1:${port}`));
    const library = await call("POST", `/api/properties/${EDGE}/libraries`, {
      name: "First",
      environmentId: `${EDGE}dev`,
      addAllChanged: true,
    });
    await call("POST", `/api/properties/${EDGE}/libraries/${String(library.id)}/build`);
    await call("PUT", `/api/properties/${EDGE}/forwarding/hosts`, {
      hosts: [{ host: `127.0.0.1:${port}`, allowPrivate: true }],
    });
    await call("PUT", `/api/datastreams/${DS}/forwarding`, { propertyId: EDGE });

    const acked: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const name = `crash-${i}`;
      const res = await fetch(
        `${first.origin}/ee/v1/interact?configId=${DS}&requestId=${randomUUID()}`,
        { method: "POST", headers: { "content-type": "text/plain" }, body: pageView(name) },
      );
      expect(res.status).toBe(200);
      acked.push(name);
    }
    // The first answered, then the destination's four concurrent sends held in flight.
    await expect.poll(() => receiver.held.length, { timeout: 30_000, intervals: [20] }).toBe(4);
    const inFlight = receiver.held.map((h) => h.name);
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    receiver.release();
    for (const { response } of receiver.held) response.destroy();

    const second = await start(data);
    try {
      await expect
        .poll(() => acked.filter((name) => !receiver.names.includes(name)), {
          timeout: (LEASE_SECONDS + 30) * 1000,
          intervals: [100],
        })
        .toEqual([]);
      // The sentinel: an event after the restart is delivered after everything before it
      // was; by then any further duplicate would have been sent.
      await fetch(`${second.origin}/ee/v1/interact?configId=${DS}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: pageView("sentinel"),
      });
      await expect.poll(() => receiver.names.includes("sentinel"), { timeout: 30_000 }).toBe(true);
    } finally {
      const stopped = new Promise((resolve) => second.child.once("exit", resolve));
      second.child.kill("SIGTERM");
      await stopped;
    }
    const twice = [...new Set(receiver.names.filter((n, i) => receiver.names.indexOf(n) !== i))];
    console.log(
      `forwarding crash: ${acked.length} acknowledged, ${inFlight.length} in flight at the kill, ${twice.length} sent twice (${twice.join(", ")})`,
    );
    expect(twice.every((name) => inFlight.includes(name))).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(inFlight.length);
  } finally {
    await receiver.close();
    rmSync(data, { recursive: true, force: true });
  }
});
