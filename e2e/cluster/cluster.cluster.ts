/**
 * Two `liftoff serve` nodes on one PostgreSQL behind nginx (deploy/nginx/liftoff.conf), as
 * docs/deployment.md sets them up: sessions, the sign-in limiter, publishing and the live
 * stream hold across nodes, and under load a node killed or stopped fails no request and
 * stores each one exactly once (nginx repeats edge POSTs; the edge stores them by requestId).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import type { EnvironmentInfo, ItemSaved, LibraryInfo, PropertyState } from "@liftoff/schema";
import { TEST_ADMIN_PASSWORD } from "../startServer.ts";
import { edgeBody, edgeLoad, type Outcome } from "./edgeLoad.mjs";
import { startCluster, startNodeOn, type Cluster } from "./startCluster.ts";

let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster(2);
});
test.afterAll(async () => {
  await cluster?.stop();
});

interface Client {
  api: APIRequestContext;
  call<T>(method: string, path: string, data?: unknown): Promise<T>;
  cookie: string;
}

/** Signs in at `origin` (nginx or one node) and calls the studio API with the session. */
async function signIn(origin: string, username = "admin", password = TEST_ADMIN_PASSWORD) {
  const api = await request.newContext({
    baseURL: origin,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { origin },
  });
  const res = await api.post("/api/session", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = (res.headers()["set-cookie"] ?? "").split(";")[0]!;
  const client: Client = {
    api,
    cookie,
    async call<T>(method: string, path: string, data?: unknown) {
      const answer = await api.fetch(path, {
        method,
        data,
        headers: { "x-csrf-token": csrfToken },
      });
      expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(
        true,
      );
      return (await answer.json()) as T;
    },
  };
  return Object.assign(client, { setCookie: res.headers()["set-cookie"] ?? "" });
}

/** A property with a rule that marks the page, its development environment and datastream. */
async function makeProperty(client: Client, name: string) {
  const property = await client.call<PropertyState>("POST", "/api/properties", {
    name,
    orgId: "0123456789ABCDEF01234567@AdobeOrg",
  });
  const pid = property.document.property.id;
  const environments = await client.call<EnvironmentInfo[]>(
    "GET",
    `/api/properties/${pid}/environments`,
  );
  const development = environments.find((e) => e.stage === "development")!;
  const { datastreams } = await client.call<{
    datastreams: Array<{ id: string; environmentId: string }>;
  }>("GET", "/api/datastreams");
  const datastream = datastreams.find((d) => d.environmentId === development.id)!;
  return { pid, development, datastream: datastream.id };
}

const markRule = (mark: string) => ({
  name: "Mark the page",
  events: [{ modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
  conditions: [],
  actions: [
    {
      modulePath: "core/src/lib/actions/customCode.js",
      settings: { language: "javascript", source: `window.__mark = ${JSON.stringify(mark)};` },
    },
  ],
});

test("nodes started together migrated the fresh database once, and both are ready", async () => {
  const versions = await cluster.sql<{ version: number; n: string }>(
    "SELECT version, count(*) AS n FROM schema_migrations GROUP BY version ORDER BY version",
  );
  expect(versions.length).toBeGreaterThan(4);
  expect(versions.every((v) => v.n === "1")).toBe(true);
  for (const node of cluster.nodes) {
    const ready = await fetch(`${node.origin}/readyz`);
    expect(ready.status, await ready.text()).toBe(200);
  }
});

test("through nginx, requests alternate between the nodes and the session holds", async () => {
  const admin = await signIn(cluster.origin);
  // nginx terminates TLS; the node trusts its X-Forwarded-Proto, so the cookie is Secure.
  expect(admin.setCookie).toMatch(/;\s*Secure/i);
  const served = new Set<string>();
  for (let i = 0; i < 8; i++) {
    const res = await admin.api.get("/api/session");
    expect(res.status()).toBe(200);
    served.add(res.headers()["x-liftoff-upstream"] ?? "");
  }
  expect([...served].sort()).toEqual(cluster.nodes.map((n) => n.address).sort());
  await admin.api.dispose();
});

test("the sign-in limiter counts failures made on either node", async () => {
  const admin = await signIn(cluster.origin);
  await admin.call("POST", "/api/users", {
    username: "limited",
    password: "a-long-enough-password-1",
    role: "viewer",
  });
  const api = await request.newContext({
    baseURL: cluster.origin,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { origin: cluster.origin },
  });
  const attempt = (password: string) =>
    api.post("/api/session", { data: { username: "limited", password } });
  const served = new Set<string>();
  // Five failures for one account from one address (perPair), spread over both nodes.
  for (let i = 0; i < 5; i++) {
    const res = await attempt("wrong-password");
    expect(res.status()).toBe(401);
    served.add(res.headers()["x-liftoff-upstream"] ?? "");
  }
  expect(served.size).toBe(2);
  // The sixth, even with the right password, waits, whichever node answers.
  for (let i = 0; i < 2; i++) {
    const res = await attempt("a-long-enough-password-1");
    expect(res.status(), await res.text()).toBe(429);
  }
  await api.dispose();
  await admin.api.dispose();
});

test("a library published on one node is served by the other at once", async () => {
  const [a, b] = cluster.nodes;
  const onA = await signIn(a!.origin);
  const onB = await signIn(b!.origin);
  const { pid, development } = await makeProperty(onA, "Published across nodes");
  const rule = await onA.call<ItemSaved>("POST", `/api/properties/${pid}/rules`, {
    rule: markRule("first"),
  });
  const ruleId = rule.saved.id;
  const library = await onA.call<LibraryInfo>("POST", `/api/properties/${pid}/libraries`, {
    name: "Across nodes",
    environmentId: development.id,
    addAllChanged: true,
  });
  await onA.call("POST", `/api/properties/${pid}/libraries/${library.id}/build`);
  const path = new URL(development.libraryUrl).pathname;
  expect(await (await fetch(`${b!.origin}${path}`)).text()).toContain('"first"');

  // Changed and rebuilt on B: A serves the new bytes on its next request.
  const current = await onB.call<PropertyState>("GET", `/api/properties/${pid}`);
  const stored = current.document.rules.find((r) => r.id === ruleId)!;
  await onB.call("PUT", `/api/properties/${pid}/rules/${ruleId}`, {
    revision: current.resources.find((r) => r.id === ruleId)!.revision,
    rule: { ...stored, ...markRule("second") },
  });
  await onB.call("POST", `/api/properties/${pid}/libraries/${library.id}/build`);
  const again = await (await fetch(`${a!.origin}${path}`)).text();
  expect(again).toContain('"second"');
  expect(again).not.toContain('"first"');
  await onA.api.dispose();
  await onB.api.dispose();
});

test("an event stored through node A appears in node B's live stream within 1 s", async () => {
  const [a, b] = cluster.nodes;
  const onB = await signIn(b!.origin);
  const { pid, datastream } = await makeProperty(onB, "Live across nodes");
  const stream = await fetch(`${b!.origin}/api/live?propertyId=${pid}`, {
    headers: { cookie: onB.cookie },
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  let text = "";
  const requestId = crypto.randomUUID();
  // The stream is open (its first bytes came) before the event is sent.
  text += new TextDecoder().decode((await reader.read()).value);
  const sent = Date.now();
  const posted = await fetch(
    `${a!.origin}/ee/v1/interact?configId=${datastream}&requestId=${requestId}`,
    { method: "POST", headers: { "content-type": "text/plain" }, body: edgeBody(1) },
  );
  expect(posted.status).toBe(200);
  while (!text.includes(requestId)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  expect(text).toContain(requestId);
  expect(Date.now() - sent).toBeLessThan(1_000);
  await reader.cancel();
  await onB.api.dispose();
});

test("under load, a node killed and a node stopped: no request fails, none is stored twice or lost", async () => {
  test.setTimeout(180_000);
  const admin = await signIn(cluster.origin);
  const { datastream } = await makeProperty(admin, "Under load");
  await admin.api.dispose();
  const [first, b] = cluster.nodes;
  let a = first;
  const portOf = (node: typeof a) => Number(node!.address.split(":")[1]);

  // 10 s through nginx; after 3 s node A dies without a chance to finish anything. nginx
  // sends what A had in flight (on kept-alive connections) to B: the edge stores a request
  // once per requestId, so a request A stored but never answered is answered by B from it.
  const killed = await edgeLoad(cluster.origin, datastream, {
    seconds: 10,
    at: [{ ms: 3_000, run: () => a!.server.process.kill("SIGKILL") }],
  });
  cluster.nodes[0] = a = await startNodeOn(cluster.db, portOf(a));
  // nginx leaves a failed node alone for fail_timeout (10 s) after its last failure: B must
  // not stop before nginx sends A work again, or nginx has no node to send anything to.
  const probe = await request.newContext({ baseURL: cluster.origin, ignoreHTTPSErrors: true });
  await expect
    .poll(async () => (await probe.get("/healthz")).headers()["x-liftoff-upstream"], {
      timeout: 30_000,
      intervals: [250],
    })
    .toBe(a.address);
  await probe.dispose();

  // 10 s more; after 3 s node B is asked to stop: it answers what it accepted, keeps idle
  // connections longer than nginx does, and what its kernel had queued unread is reset and
  // sent to A by nginx.
  let stopped: Promise<void> | undefined;
  const drained = await edgeLoad(cluster.origin, datastream, {
    seconds: 10,
    at: [
      {
        ms: 3_000,
        run: () => {
          stopped = b!.server.stop();
        },
      },
    ],
  });
  await stopped;
  expect(b!.server.process.exitCode).toBe(0);
  cluster.nodes[1] = await startNodeOn(cluster.db, portOf(b));

  const notOk = (list: Outcome[]) => list.filter((o) => o.status !== 200);
  expect(killed.outcomes.length).toBeGreaterThan(100);
  expect(drained.outcomes.length).toBeGreaterThan(100);
  // No failed request: every request answered, and answered 200.
  expect([killed.errors, killed.timeouts, drained.errors, drained.timeouts]).toEqual([0, 0, 0, 0]);
  expect(notOk(killed.outcomes)).toEqual([]);
  expect(notOk(drained.outcomes)).toEqual([]);

  // Each request sent once by the client is stored exactly once, whatever nginx repeated.
  const sent = [...killed.outcomes, ...drained.outcomes].map((o) => o.id);
  const rows = await cluster.sql<{ request_id: string; n: string }>(
    "SELECT request_id, count(*) AS n FROM requests WHERE request_id = ANY($1) GROUP BY request_id",
    [sent],
  );
  const duplicates = rows.filter((r) => r.n !== "1");
  expect(duplicates).toEqual([]);
  const stored = new Set(rows.map((r) => r.request_id));
  const lost = sent.filter((id) => !stored.has(id));
  expect(lost).toEqual([]);
  // nginx's error log names each edge request a node failed (nginx then sent it to the
  // other): the kill and the stop did hit requests in flight.
  const failedOnANode = readFileSync(join(cluster.nginx.dir, "logs/error.log"), "utf8")
    .split("\n")
    .filter((line) => /upstream/.test(line) && /request: "POST \/ee\//.test(line)).length;
  console.log(
    `load: ${killed.outcomes.length} + ${drained.outcomes.length} requests, all answered 200 ` +
      `and stored once (${duplicates.length} duplicates, ${lost.length} lost); nginx sent ` +
      `${failedOnANode} edge requests to the other node after one failed them`,
  );
});
