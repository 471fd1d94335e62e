import { SECRET_CLOSE, SECRET_OPEN, type OutboundHost, type PlannedRequest } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { sendPlanned } from "./sendPlanned.ts";
import { closeTestServers, startTestServer, type TestServer } from "./testServer.ts";

const ref = (name: string) => `${SECRET_OPEN}${name}${SECRET_CLOSE}`;
const secrets = new Map([
  ["token", "tok-S3CRET"],
  ["apiKey", "key-9f8e7d"],
]);
const ALLOW_HINT = "an admin allows hosts on the property's Forwarding settings";
const PRIVATE_HINT =
  "an admin can allow private addresses for this host on the property's Forwarding settings";

const plan = (url: string, extra: Partial<PlannedRequest> = {}): PlannedRequest => ({
  method: "POST",
  url,
  query: [],
  headers: [],
  body: null,
  ...extra,
});

/** Answers every name with 127.0.0.1, as a hostile or misconfigured DNS would. */
const toLoopback = () => Promise.resolve(["127.0.0.1"]);
/** A resolver that must not be asked. */
const noLookup = (name: string): Promise<string[]> =>
  Promise.reject(new Error(`resolver asked for ${name}`));

/** Sends a request the server must receive: proof that an earlier refused one never came. */
async function sentinel(server: TestServer) {
  const next = server.nextRequest();
  const outcome = await sendPlanned(plan(`${server.origin}/sentinel`), {
    secrets,
    hosts: [{ host: `127.0.0.1:${server.port}`, allowPrivate: true }],
  });
  expect(outcome.status).toBe(200);
  await next;
}

afterEach(closeTestServers);

describe("sendPlanned: host allowance", () => {
  it("refuses a host no allowance names, saying where an admin allows it", async () => {
    const outcome = await sendPlanned(plan("https://evil.example/collect"), {
      secrets,
      hosts: [{ host: "graph.facebook.com" }, { host: "*.example.com" }],
      lookup: noLookup,
    });
    expect(outcome).toMatchObject({
      error: `host evil.example is not allowed for this property; ${ALLOW_HINT}`,
      permanent: true,
    });
  });

  it("refuses a port the allowance does not name", async () => {
    const server = await startTestServer();
    const outcome = await sendPlanned(plan(server.origin), {
      secrets,
      hosts: [{ host: `127.0.0.1:${server.port + 1}`, allowPrivate: true }],
    });
    expect(outcome.error).toBe(
      `host 127.0.0.1:${server.port} is not allowed for this property; ${ALLOW_HINT}`,
    );
    await sentinel(server);
    expect(server.seen.map((seen) => seen.url)).toEqual(["/sentinel"]);
  });

  it("refuses schemes other than http and https", async () => {
    for (const url of [
      "ftp://files.example.com/x",
      "file:///etc/passwd",
      "gopher://a.example.com/",
    ]) {
      const outcome = await sendPlanned(plan(url), {
        secrets,
        hosts: [{ host: "*.example.com", allowPrivate: true }, { host: "files.example.com" }],
        lookup: noLookup,
      });
      expect(outcome.permanent, url).toBe(true);
      expect(outcome.error, url).toMatch(/^scheme "\w+" is not allowed; only http and https$/);
    }
  });
});

describe("sendPlanned: addresses", () => {
  it("refuses loopback unless the allowance allows private addresses", async () => {
    const server = await startTestServer();
    const outcome = await sendPlanned(plan(server.origin), {
      secrets,
      hosts: [{ host: `127.0.0.1:${server.port}` }],
    });
    expect(outcome).toMatchObject({
      error: `address 127.0.0.1 (loopback), refused; ${PRIVATE_HINT}`,
      permanent: true,
    });
    await sentinel(server);
    expect(server.seen.map((seen) => seen.url)).toEqual(["/sentinel"]);
  });

  it("refuses a name that resolves to 127.0.0.1, and connects to that checked address when allowed", async () => {
    const server = await startTestServer();
    const url = `http://hooks.example.test:${server.port}/hook`;
    const refused = await sendPlanned(plan(url), {
      secrets,
      hosts: [{ host: "*.example.test" }],
      lookup: toLoopback,
    });
    expect(refused).toMatchObject({
      error: `hooks.example.test resolves to 127.0.0.1 (loopback), refused; ${PRIVATE_HINT}`,
      permanent: true,
    });
    const asked: string[] = [];
    const allowed = await sendPlanned(plan(url), {
      secrets,
      hosts: [{ host: "hooks.example.test", allowPrivate: true }],
      lookup: (name) => {
        asked.push(name);
        return Promise.resolve(["127.0.0.1"]);
      },
    });
    expect(allowed.status).toBe(200);
    expect(asked).toEqual(["hooks.example.test"]);
    // Only the allowed send arrived, with the name (not the address) as its Host.
    expect(server.seen.map((seen) => [seen.url, seen.headers["host"]])).toEqual([
      ["/hook", `hooks.example.test:${server.port}`],
    ]);
  });

  it("refuses a name with one private address among public ones", async () => {
    const outcome = await sendPlanned(plan("https://mixed.example.com/"), {
      secrets,
      hosts: [{ host: "mixed.example.com" }],
      lookup: () => Promise.resolve(["93.184.216.34", "10.0.0.7"]),
    });
    expect(outcome.error).toBe(
      `mixed.example.com resolves to 10.0.0.7 (private), refused; ${PRIVATE_HINT}`,
    );
  });

  it("refuses the metadata address and metadata names, without resolving them", async () => {
    const cases: Array<[string, OutboundHost[], string]> = [
      [
        "http://169.254.169.254/latest/meta-data/",
        [{ host: "169.254.169.254" }],
        "address 169.254.169.254 (linkLocal)",
      ],
      [
        "http://[::ffff:169.254.169.254]/latest/meta-data/",
        [{ host: "::ffff:169.254.169.254" }],
        "address ::ffff:a9fe:a9fe (linkLocal)",
      ],
      [
        "http://[fd00:ec2::254]/latest/meta-data/",
        [{ host: "[fd00:ec2::254]" }],
        "address fd00:ec2::254 (uniqueLocal)",
      ],
      [
        "http://metadata.google.internal/computeMetadata/v1/",
        [{ host: "*.google.internal" }],
        "host metadata.google.internal is a cloud metadata service",
      ],
      ["http://10.0.0.5:8080/", [{ host: "10.0.0.5" }], "address 10.0.0.5 (private)"],
      ["http://100.64.1.2/", [{ host: "100.64.1.2" }], "address 100.64.1.2 (carrierGradeNat)"],
      ["http://0.0.0.0:9/", [{ host: "0.0.0.0" }], "address 0.0.0.0 (unspecified)"],
      ["http://[::1]:9/", [{ host: "::1" }], "address ::1 (loopback)"],
      // The URL parser reads these as 127.0.0.1 before anything else sees them.
      ["http://2130706433/", [{ host: "127.0.0.1" }], "address 127.0.0.1 (loopback)"],
      ["http://0x7f.1/", [{ host: "127.0.0.1" }], "address 127.0.0.1 (loopback)"],
    ];
    for (const [url, hosts, error] of cases) {
      const outcome = await sendPlanned(plan(url), { secrets, hosts, lookup: noLookup });
      expect(outcome.permanent, url).toBe(true);
      expect(outcome.error, url).toBe(`${error}, refused; ${PRIVATE_HINT}`);
    }
  });
});

describe("sendPlanned: redirects", () => {
  it("re-checks a redirect's address: a redirect to a private address is refused", async () => {
    const internal = await startTestServer();
    const front = await startTestServer((_req, res) =>
      res.writeHead(302, { Location: `http://internal.example.test:${internal.port}/admin` }).end(),
    );
    const outcome = await sendPlanned(plan(`${front.origin}/hook`), {
      secrets,
      hosts: [
        { host: `127.0.0.1:${front.port}`, allowPrivate: true },
        { host: "internal.example.test" },
      ],
      lookup: toLoopback,
    });
    expect(outcome).toMatchObject({
      permanent: true,
      error: `redirect to http://internal.example.test:${internal.port}: internal.example.test resolves to 127.0.0.1 (loopback), refused; ${PRIVATE_HINT}`,
    });
    await sentinel(internal);
    expect(internal.seen.map((seen) => seen.url)).toEqual(["/sentinel"]);
  });

  it("re-checks a redirect's host and refuses the metadata address", async () => {
    const front = await startTestServer((req, res) =>
      res
        .writeHead(301, {
          Location:
            req.url === "/meta"
              ? "http://169.254.169.254/latest/meta-data/"
              : "https://elsewhere.example/",
        })
        .end(),
    );
    const options = {
      secrets,
      hosts: [{ host: `127.0.0.1:${front.port}`, allowPrivate: true }, { host: "169.254.169.254" }],
      lookup: noLookup,
    };
    expect((await sendPlanned(plan(`${front.origin}/away`), options)).error).toBe(
      `redirect to https://elsewhere.example: host elsewhere.example is not allowed for this property; ${ALLOW_HINT}`,
    );
    expect((await sendPlanned(plan(`${front.origin}/meta`), options)).error).toBe(
      `redirect to http://169.254.169.254: address 169.254.169.254 (linkLocal), refused; ${PRIVATE_HINT}`,
    );
  });

  it("keeps method and body on 307/308, turns 303 into a GET without body", async () => {
    const server = await startTestServer((req, res) => {
      if (req.url === "/307") return res.writeHead(307, { Location: "/landed" }).end();
      if (req.url === "/303") return res.writeHead(303, { Location: "/landed" }).end("see other");
      res.end("landed");
    });
    const hosts = [{ host: `127.0.0.1:${server.port}`, allowPrivate: true }];
    const request = (path: string) =>
      plan(`${server.origin}${path}`, {
        headers: [["Content-Type", "application/json"]],
        body: '{"a":1}',
      });
    expect(await sendPlanned(request("/307"), { secrets, hosts })).toMatchObject({
      status: 200,
      excerpt: "landed",
    });
    expect(await sendPlanned(request("/303"), { secrets, hosts })).toMatchObject({ status: 200 });
    const landed = server.seen.filter((seen) => seen.url === "/landed");
    expect(landed.map((seen) => [seen.method, seen.body, seen.headers["content-type"]])).toEqual([
      ["POST", '{"a":1}', "application/json"],
      ["GET", "", undefined],
    ]);
    expect(landed[1]?.headers["content-length"]).toBeUndefined();
  });

  it("stops after maxRedirects", async () => {
    const server = await startTestServer((req, res) => {
      const n = Number(req.url?.slice(1) || 0);
      res.writeHead(302, { Location: `/${n + 1}` }).end();
    });
    const outcome = await sendPlanned(plan(`${server.origin}/0`), {
      secrets,
      hosts: [{ host: `127.0.0.1:${server.port}`, allowPrivate: true }],
      maxRedirects: 2,
    });
    expect(outcome).toMatchObject({
      status: 302,
      permanent: true,
      error: `stopped after 2 redirects (the next was to ${server.origin})`,
    });
    expect(server.seen.map((seen) => seen.url)).toEqual(["/0", "/1", "/2"]);
  });

  it("drops Authorization, cookies and secret-bearing headers on a cross-origin redirect only", async () => {
    const target = await startTestServer((_req, res) => res.end("target"));
    const front = await startTestServer((req, res) => {
      const location =
        req.url === "/same" ? "/after-same" : `http://localhost:${target.port}/after-cross`;
      res.writeHead(307, { Location: location }).end();
    });
    const request = (path: string) =>
      plan(`${front.origin}${path}`, {
        headers: [
          ["Authorization", "Basic dXNlcjpwdw=="],
          ["Cookie", "session=1"],
          ["X-Api-Key", ref("apiKey")],
          [`X-${ref("token")}`, "named by a secret"],
          ["X-Trace", "keep-me"],
        ],
        body: '{"public":true}',
      });
    const options = {
      secrets,
      hosts: [
        { host: `127.0.0.1:${front.port}`, allowPrivate: true },
        { host: `localhost:${target.port}`, allowPrivate: true },
      ],
      lookup: toLoopback,
    };
    expect(await sendPlanned(request("/same"), options)).toMatchObject({ status: 200 });
    expect(await sendPlanned(request("/cross"), options)).toMatchObject({
      status: 200,
      excerpt: "target",
    });
    const same = front.seen.find((seen) => seen.url === "/after-same")!;
    expect(same.headers).toMatchObject({
      authorization: "Basic dXNlcjpwdw==",
      cookie: "session=1",
      "x-api-key": "key-9f8e7d",
      "x-tok-s3cret": "named by a secret",
      "x-trace": "keep-me",
    });
    const [cross] = target.seen;
    expect(cross?.url).toBe("/after-cross");
    expect(cross?.body).toBe('{"public":true}');
    expect(cross?.headers["x-trace"]).toBe("keep-me");
    for (const name of ["authorization", "cookie", "x-api-key", "x-tok-s3cret"]) {
      expect(cross?.headers[name], name).toBeUndefined();
    }
  });

  it("does not resend a body that holds a secret to another origin", async () => {
    const target = await startTestServer();
    const front = await startTestServer((_req, res) =>
      res.writeHead(308, { Location: `http://localhost:${target.port}/x` }).end(),
    );
    const outcome = await sendPlanned(
      plan(front.origin, { body: JSON.stringify({ access_token: ref("token") }) }),
      {
        secrets,
        hosts: [
          { host: "127.0.0.1", allowPrivate: true },
          { host: "localhost", allowPrivate: true },
        ],
        lookup: toLoopback,
      },
    );
    expect(outcome).toMatchObject({
      status: 308,
      permanent: true,
      error: `redirect from ${front.origin} to http://localhost:${target.port} not followed: it would send a body that holds a secret to another origin`,
    });
    await sentinel(target);
    expect(target.seen.map((seen) => seen.url)).toEqual(["/sentinel"]);
  });
});
