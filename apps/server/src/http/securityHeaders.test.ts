import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, apiApp, signIn } from "../main/testSupport.ts";
import type { LiftoffApp } from "../main/createApp.ts";

/**
 * The headers every document and every studio API answer carries (docs/server.md, Response
 * headers): the studio and the landing page under a strict Content-Security-Policy, nothing
 * under /api kept by a browser or proxy cache — the CSRF token of `GET /api/session` least of
 * all.
 */

// The studio's index.html as `vite build` writes it with `html.cspNonce` set
// (apps/studio/vite.config.ts): the placeholder in a meta tag and on every tag it adds.
const PLACEHOLDER = "__LIFTOFF_CSP_NONCE__";
const studioDir = mkdtempSync(join(tmpdir(), "liftoff-headers-"));
writeFileSync(
  join(studioDir, "index.html"),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${PLACEHOLDER}">` +
    `<script type="module" crossorigin src="/studio/assets/index.js" nonce="${PLACEHOLDER}"></script>` +
    `</head><body><div id="root"></div></body></html>`,
);
mkdirSync(join(studioDir, "assets"));
writeFileSync(join(studioDir, "assets", "index.js"), "console.log(1)");
afterAll(() => rmSync(studioDir, { recursive: true, force: true }));

/** Response headers, as `app.inject` and `node:http` both give them. */
type HeaderMap = Record<string, unknown>;

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

/** A Content-Security-Policy header as directive name → its sources. */
function policyOf(headers: HeaderMap): Map<string, string[]> {
  const header = headers["content-security-policy"];
  expect(typeof header, "content-security-policy").toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What both the studio and the landing page must hold to, whatever else they allow. */
function expectStrictDocument(headers: HeaderMap): Map<string, string[]> {
  const policy = policyOf(headers);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("script-src")).toEqual(["'self'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  for (const sources of policy.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain("*");
  }
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  return policy;
}

/** The nonce a document's policy allows for styles, which must be the one in its body. */
function styleNonceOf(policy: Map<string, string[]>): string {
  const sources = policy.get("style-src") ?? [];
  expect(sources).toContain("'self'");
  const nonce = sources.find((source) => source.startsWith("'nonce-"));
  expect(nonce, "style-src nonce").toBeDefined();
  return nonce!.slice("'nonce-".length, -1);
}

function expectNoStore(headers: HeaderMap, what: string): void {
  expect(headers["cache-control"], what).toBe("no-store");
  expect(headers["referrer-policy"], what).toBe("same-origin");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
}

describe("the studio's documents", () => {
  it("answers /studio/ and its client routes under a strict policy with a fresh style nonce", async () => {
    app = apiApp({ studioDir });
    const nonces = new Set<string>();
    for (const url of ["/studio/", "/studio/properties/PRx/rules", "/studio/index.html"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const nonce = styleNonceOf(expectStrictDocument(res.headers));
      // Base64 of 16 random bytes; the build's placeholder is replaced everywhere.
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).not.toContain(PLACEHOLDER);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).toContain(`src="/studio/assets/index.js" nonce="${nonce}"`);
      // A document holding a nonce is never reused from a cache.
      expect(res.headers["cache-control"]).toBe("no-store");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("serves the studio's scripts as scripts only (nosniff)", async () => {
    app = apiApp({ studioDir });
    const res = await app.inject({ url: "/studio/assets/index.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-type"]).toContain("text/javascript");
  });

  it("answers the landing page under the same policy", async () => {
    app = apiApp({ studioDir });
    const res = await app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    expect(policyOf(res.headers).get("style-src")).toEqual(["'self'"]);
    expectStrictDocument(res.headers);
  });
});

describe("the studio API", () => {
  it("answers GET /api/session no-store, signed in (it holds the CSRF token) or not", async () => {
    app = apiApp({ studioDir });
    const anonymous = await app.inject({ url: "/api/session" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["content-type"]).toContain("application/problem+json");
    expectNoStore(anonymous.headers, "signed out");

    const signedIn = await app.inject({
      method: "POST",
      url: "/api/session",
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty("csrfToken");
    expectNoStore(signedIn.headers, "POST /api/session");

    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const session = await admin.call("GET", "/api/session");
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ csrfToken: admin.session.csrfToken });
    expectNoStore(session.headers, "signed in");
  });

  it("answers every problem no-store: a bad field, unknown route, bad URL, refused hook, bad body", async () => {
    app = apiApp({ studioDir });
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const cases = [
      // A handler's 400 naming the field.
      { res: await admin.call("GET", "/api/events?limit=0"), status: 400 },
      // No such route under /api: the router's 404.
      { res: await admin.call("GET", "/api/no-such-thing"), status: 404 },
      // The router's own refusals, before any hook: an undecodable URL, an over-long segment.
      { res: await admin.call("GET", "/api/events/%zz"), status: 400 },
      { res: await admin.call("GET", `/api/properties/${"P".repeat(101)}`), status: 414 },
      // A change without the CSRF token: refused by a hook before the route runs.
      {
        res: await app.inject({
          method: "POST",
          url: "/api/users",
          headers: { cookie: admin.cookie, "content-type": "application/json" },
          payload: "{}",
        }),
        status: 403,
      },
      // A body the parser refuses.
      {
        res: await admin.call("POST", "/api/users", "{", { "content-type": "application/json" }),
        status: 400,
      },
    ];
    for (const { res, status } of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expectNoStore(res.headers, `${status} ${res.body}`);
    }
  });

  it("opens the live stream (SSE, written on the raw response) no-store", async () => {
    app = apiApp({ studioDir });
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    const headers = await new Promise<HeaderMap>((resolve, reject) => {
      const request = get(`${origin}/api/live`, { headers: { cookie: admin.cookie } }, (res) => {
        resolve(res.headers);
        res.destroy();
      });
      request.on("error", reject);
    });
    expect(headers["content-type"]).toContain("text/event-stream");
    expectNoStore(headers, "GET /api/live");
    // The hook's other headers reach the stream too, as on every other answer.
    expect(headers["x-request-id"]).toEqual(expect.any(String));
  });
});
