/**
 * A small HTTPS test edge for browser tests of the Web SDK, following edge-protocol.md §5
 * ("minimal compatible server contract"). It is a fixture, not the product server
 * (apps/server): it records every request so tests can compare what two SDKs sent.
 *
 * - A self-signed certificate for `*.example.test` is made with the `openssl` CLI in a
 *   temp folder; Chromium runs with `--ignore-certificate-errors` and
 *   `--host-resolver-rules="MAP * 127.0.0.1:<port>"` (see `browserArgs`), so
 *   `https://www.example.test/…` (pages) and `https://edge.example.test/ee/…` (edge) both
 *   reach this one loopback server on port 0.
 * - Edge: `POST /<base>[/<hint>]/v1/{interact|collect|identity/acquire|privacy/set-consent}`
 *   answers `{requestId, handle}` with `identity:result` and `state:store` (identity,
 *   cluster `or2`, and for set-consent `general=in|out`), `x-adobe-edge: OR2;9` and the
 *   CORS headers; `collect` answers 204. The ECID is reused from the cookie,
 *   `meta.state.entries` or `xdm.identityMap.ECID`, else minted.
 * - Pages: whatever the test registers with `serve(path, type, body)`; every other path is
 *   treated as an edge call.
 * - `override(fn)` lets a test answer a request itself (retries, errors).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface EdgeRequest {
  /** The Host the page addressed (every host reaches this server; see `browserArgs`). */
  host: string;
  action: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  cookie: string;
  body: any;
}

export interface Answer {
  /** 0: close the connection without answering (the browser sees a network error). */
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface TestEdge {
  port: number;
  /** `http://127.0.0.1:<port>`: the same routes without TLS (not remapped by Chromium). */
  httpOrigin: string;
  requests: EdgeRequest[];
  serve(path: string, type: string, body: string | Buffer): void;
  override(fn: ((request: EdgeRequest) => Answer | undefined) | undefined): void;
  browserArgs: string[];
  close(): Promise<void>;
}

export const ORG = "5BFE274A5F6980A50A495C08@AdobeOrg";
const COOKIE = `kndctr_${ORG.replace("@", "_")}_`;

const encodeIdentity = (ecid: string) =>
  Buffer.concat([Buffer.from([0x0a, ecid.length]), Buffer.from(ecid)]).toString("base64");
const decodeIdentity = (value: string | undefined) => {
  if (!value) return undefined;
  const bytes = Buffer.from(decodeURIComponent(value), "base64");
  return bytes[0] === 0x0a ? bytes.subarray(2, 2 + bytes[1]!).toString() : undefined;
};
const mintEcid = () =>
  Array.from({ length: 38 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join("");

/** Consent translation of the MSW handler described in edge-protocol.md §4, simplified. */
const general = (
  consent: Array<{ standard?: string; version?: string; value?: any; gdprApplies?: boolean }>,
) => {
  for (const item of consent) {
    if (item.standard === "Adobe" && item.version === "1.0" && item.value?.general === "out")
      return "out";
    if (item.standard === "Adobe" && item.version === "2.0" && item.value?.collect?.val === "n")
      return "out";
  }
  return "in";
};

function makeCertificate(dir: string) {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-subj",
      "/CN=example.test",
      "-addext",
      "subjectAltName=DNS:*.example.test,DNS:example.test,DNS:localhost,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
}

export async function startTestEdge(): Promise<TestEdge> {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-test-edge-"));
  const files = new Map<string, { type: string; body: string | Buffer }>();
  const requests: EdgeRequest[] = [];
  let custom: ((request: EdgeRequest) => Answer | undefined) | undefined;

  const answerEdge = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? "/", "https://edge.example.test");
    const match =
      /^\/[^/]+(?:\/([a-z0-9]+))?\/v1\/(interact|collect|identity\/acquire|privacy\/set-consent)$/.exec(
        url.pathname,
      );
    const cors = {
      "Access-Control-Allow-Origin": req.headers.origin ?? "*",
      "Access-Control-Allow-Credentials": "true",
      "Access-Control-Expose-Headers": "x-adobe-edge, Retry-After",
    };
    if (!match) {
      res.writeHead(404, cors).end();
      return;
    }
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const request: EdgeRequest = {
      host: (req.headers.host ?? "").replace(/:\d+$/, ""),
      action: match[2]!,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: req.headers["content-type"],
      cookie: req.headers.cookie ?? "",
      body,
    };
    requests.push(request);
    const answer = custom?.(request);
    if (answer?.status === 0) {
      res.socket?.destroy();
      return;
    }
    if (answer) {
      res.writeHead(answer.status, { ...cors, ...answer.headers }).end(answer.body);
      return;
    }
    if (request.action === "collect") {
      res.writeHead(204, cors).end();
      return;
    }
    const fromCookie = /kndctr_[^=]+_identity=([^;]+)/.exec(request.cookie)?.[1];
    const fromEntries = (body?.meta?.state?.entries ?? []).find((e: { key: string }) =>
      e.key.endsWith("_identity"),
    )?.value;
    const ecid =
      decodeIdentity(fromCookie) ??
      decodeIdentity(fromEntries) ??
      body?.xdm?.identityMap?.ECID?.[0]?.id ??
      mintEcid();
    const store = [
      { key: `${COOKIE}identity`, value: encodeIdentity(ecid), maxAge: 34128000 },
      { key: `${COOKIE}cluster`, value: "or2", maxAge: 1800 },
    ];
    if (request.action === "privacy/set-consent")
      store.push({
        key: `${COOKIE}consent`,
        value: `general=${general(body.consent)}`,
        maxAge: 15552000,
      });
    const handle: unknown[] = [
      { type: "identity:result", payload: [{ id: ecid, namespace: { code: "ECID" } }] },
      { type: "state:store", payload: store },
    ];
    if (request.action === "interact")
      handle.push({ type: "personalization:decisions", payload: [], eventIndex: 0 });
    res
      .writeHead(200, { ...cors, "Content-Type": "application/json", "x-adobe-edge": "OR2;9" })
      .end(JSON.stringify({ requestId: request.query.requestId, handle }));
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "https://x").pathname;
      const file = files.get(path);
      if (!file) return answerEdge(req, res, Buffer.concat(chunks).toString());
      res.writeHead(200, { "Content-Type": file.type, "Cache-Control": "no-store" }).end(file.body);
    });
  };
  const server = createServer(makeCertificate(dir), handler);
  // The same edge over plain http, for the `edgeOrigin` development extension.
  const plain = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    httpOrigin: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`,
    requests,
    serve: (path, type, body) => void files.set(path, { type, body }),
    override: (fn) => void (custom = fn),
    browserArgs: [
      "--ignore-certificate-errors",
      `--host-resolver-rules=MAP * 127.0.0.1:${port}, EXCLUDE 127.0.0.1`,
    ],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        plain.closeAllConnections();
        plain.close();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
