import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlannedRequest } from "@liftoff/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendPlanned } from "./sendPlanned.ts";
import { closeTestServers, startTestServer, type TestServer } from "./testServer.ts";

const secrets = new Map<string, string>();
const plan = (url: string): PlannedRequest => ({
  method: "POST",
  url,
  query: [],
  headers: [],
  body: "{}",
});
const loopback = (server: TestServer) => [{ host: `127.0.0.1:${server.port}`, allowPrivate: true }];

afterEach(closeTestServers);

const TEN_MB = 10 * 1024 * 1024;

/**
 * Answers with 10 MB in 64 KiB chunks, one per timer tick; resolves, once the connection is
 * gone, with the bytes the server had written. Paced because on loopback the kernels' socket
 * buffers take several megabytes at once: an unpaced writer would measure them, not the
 * client. Paced, each chunk reaches the client before the next is written, as from a
 * destination at the far end of a real network.
 */
function hugeAnswer() {
  let resolveWritten!: (bytes: number) => void;
  const written = new Promise<number>((resolve) => (resolveWritten = resolve));
  const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    let bytes = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    res.on("close", () => resolveWritten(bytes));
    res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": TEN_MB });
    const next = () => {
      if (res.destroyed) return;
      if (bytes >= TEN_MB) return void res.end();
      bytes += chunk.length;
      if (res.write(chunk)) setTimeout(next, 1);
      else res.once("drain", () => setTimeout(next, 1));
    };
    next();
  };
  return { handler, written };
}

describe("sendPlanned: limits", () => {
  it("reads a 10 MB answer no further than the cap, then closes the connection", async () => {
    const huge = hugeAnswer();
    const server = await startTestServer(huge.handler);
    const outcome = await sendPlanned(plan(server.origin), {
      secrets,
      hosts: loopback(server),
      maxResponseBytes: 64 * 1024,
    });
    expect(outcome.status).toBe(200);
    expect(outcome.excerpt).toBe("a".repeat(1024));
    const written = await huge.written;
    // The cap, and at most the few chunks written while the close was on its way.
    expect(written).toBeGreaterThanOrEqual(64 * 1024);
    expect(written).toBeLessThan(512 * 1024);
  });

  it("(control) reads the whole 10 MB when the cap is above it", async () => {
    const huge = hugeAnswer();
    const server = await startTestServer(huge.handler);
    const outcome = await sendPlanned(plan(server.origin), {
      secrets,
      hosts: loopback(server),
      maxResponseBytes: 2 * TEN_MB,
    });
    expect(outcome.status).toBe(200);
    expect(await huge.written).toBe(TEN_MB);
  });

  it("cuts a slow-drip answer at timeoutMs and closes its connection", async () => {
    let dripped = 0;
    let closed!: Promise<void>;
    const server = await startTestServer((_req, res) => {
      closed = new Promise((resolve) => res.on("close", () => resolve()));
      res.writeHead(200, { "Content-Type": "text/plain" });
      const drip = setInterval(() => {
        dripped++;
        res.write(".");
      }, 50);
      res.on("close", () => clearInterval(drip));
    });
    const started = Date.now();
    const outcome = await sendPlanned(plan(server.origin), {
      secrets,
      hosts: loopback(server),
      timeoutMs: 400,
    });
    const elapsed = Date.now() - started;
    expect(outcome.error).toBe("timed out after 400 ms");
    expect(outcome.status).toBeUndefined();
    expect(outcome.permanent).toBeUndefined();
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(399);
    expect(elapsed).toBeLessThan(2000);
    await closed;
    expect(dripped).toBeLessThan(20);
  });

  it("times out a server that never answers", async () => {
    const server = await startTestServer(() => {
      // Holds the request open.
    });
    const outcome = await sendPlanned(plan(server.origin), {
      secrets,
      hosts: loopback(server),
      timeoutMs: 200,
    });
    expect(outcome.error).toBe("timed out after 200 ms");
  });

  it("times out a resolver that does not answer", async () => {
    const outcome = await sendPlanned(plan("https://slow-dns.example.com/"), {
      secrets,
      hosts: [{ host: "slow-dns.example.com" }],
      lookup: () => new Promise(() => {}),
      timeoutMs: 100,
    });
    expect(outcome.error).toBe("timed out after 100 ms");
  });
});

describe("sendPlanned: TLS to a checked address", () => {
  let dir: string;
  let tls: { key: string; cert: string };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "outbound-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=hooks.example.test",
        "-addext",
        "subjectAltName=DNS:hooks.example.test",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    tls = {
      key: readFileSync(join(dir, "key.pem"), "utf8"),
      cert: readFileSync(join(dir, "cert.pem"), "utf8"),
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sends the name as SNI and checks the certificate against the name, not the address", async () => {
    const server = await startTestServer(undefined, tls);
    const hosts = [{ host: "hooks.example.test", allowPrivate: true }];
    const lookup = () => Promise.resolve(["127.0.0.1"]);
    const url = `https://hooks.example.test:${server.port}/hook`;
    const outcome = await sendPlanned(plan(url), { secrets, hosts, lookup, ca: tls.cert });
    expect(outcome).toMatchObject({ status: 200, excerpt: "ok" });
    expect(server.seen[0]?.servername).toBe("hooks.example.test");
    expect(server.seen[0]?.headers["host"]).toBe(`hooks.example.test:${server.port}`);

    const untrusted = await sendPlanned(plan(url), { secrets, hosts, lookup });
    expect(untrusted.error).toMatch(/^TLS error with hooks\.example\.test:\d+: /);
    expect(untrusted.permanent).toBeUndefined();

    // The certificate names hooks.example.test, not 127.0.0.1.
    const byAddress = await sendPlanned(plan(`https://127.0.0.1:${server.port}/`), {
      secrets,
      hosts: loopback(server),
      ca: tls.cert,
    });
    expect(byAddress.error).toMatch(
      /^TLS error with 127\.0\.0\.1:\d+: .*IP: 127\.0\.0\.1 is not in the cert's list/,
    );
  });
});
