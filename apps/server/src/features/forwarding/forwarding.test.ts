import { randomUUID } from "node:crypto";
import type { DatastreamInfo, DeliveryInfo, DeliveryPage } from "@liftoff/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import useTestPostgres from "../../db/testPostgres.ts";
import type { LiftoffApp } from "../../main/createApp.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  buildAllChanged,
  clientWith,
  fixtureDocument,
  signIn,
  type Client,
} from "../../main/testSupport.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { Store } from "../../store/Store.ts";
import { forwardingDocument, Receiver, secretForwardingDocument } from "./forwardingTestSupport.ts";

const cluster = useTestPostgres();
const ORIGIN = "https://www.example.test";
const WEB = "PRfixture";
const EDGE = "PRforward";
const DATASTREAM = `${WEB}-${WEB}dev`;
const CONSENT_COOKIE = "kndctr_5LIFTOFF0FIXTURE00000001_AdobeOrg_consent";

const pageView = (name: string) => ({
  xdm: {
    eventType: "web.webpagedetails.pageViews",
    web: { webPageDetails: { name, URL: `https://www.example.test/${name}` } },
  },
});

const stores: Array<[string, () => Store]> = [
  ["SQLite", () => new SqliteStore(":memory:")],
  [
    "PostgreSQL",
    () => new PostgresStore(cluster.url(), { schema: cluster.schema("forwarding"), max: 4 }),
  ],
];

describe.each(stores)("event forwarding on %s", (_name, openStore) => {
  let app: LiftoffApp;
  let store: Store;
  let admin: Client;
  let editor: Client;
  const receiver = new Receiver();

  const send = (events: unknown[], cookie?: string) =>
    app.inject({
      method: "POST",
      url: `/ee/v1/interact?configId=${DATASTREAM}&requestId=${randomUUID()}`,
      headers: {
        "content-type": "text/plain; charset=UTF-8",
        origin: ORIGIN,
        "user-agent": "forwarding-test",
        ...(cookie ? { cookie } : {}),
      },
      payload: JSON.stringify({ events, meta: {} }),
    });

  const deliveries = async (query = "") =>
    (await editor.call("GET", `/api/properties/${EDGE}/deliveries${query}`)).json<DeliveryPage>();

  beforeAll(async () => {
    await receiver.start();
    store = openStore();
    app = apiApp({ store, forwarding: { ephemeralSecrets: true } });
    await app.ready();
    admin = await signIn(app, "admin", ADMIN_PASSWORD);
    editor = await clientWith(app, admin, "editor");
    for (const document of [fixtureDocument(WEB), forwardingDocument(`http://${receiver.host}`)]) {
      const imported = await editor.call("POST", "/api/properties/import", document);
      expect(imported.statusCode, imported.body).toBe(201);
    }
    await buildAllChanged(editor, EDGE, `${EDGE}dev`);
    const origins = await admin.call("PUT", `/api/datastreams/${DATASTREAM}/allowed-origins`, {
      allowedOrigins: [ORIGIN],
    });
    expect(origins.statusCode, origins.body).toBe(200);
    const linked = await admin.call("PUT", `/api/datastreams/${DATASTREAM}/forwarding`, {
      propertyId: EDGE,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<DatastreamInfo>().forwarding).toEqual({
      propertyId: EDGE,
      environmentId: `${EDGE}dev`,
    });
    const hosts = await admin.call("PUT", `/api/properties/${EDGE}/forwarding/hosts`, {
      hosts: [{ host: receiver.host, allowPrivate: true }],
    });
    expect(hosts.statusCode, hosts.body).toBe(200);
  }, 60_000);

  afterEach(() => {
    receiver.received.length = 0;
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await receiver.close();
  });

  it("sends an event to the receiver with its tokens filled", async () => {
    const res = await send([pageView("home")]);
    expect(res.statusCode, res.body).toBe(200);
    const [got] = await receiver.waitFor((r) => r.length >= 1);
    expect(got!.method).toBe("POST");
    expect(got!.url).toBe("/collect?page=home");
    expect(got!.headers["x-page-name"]).toBe("home");
    expect(got!.headers["idempotency-key"]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const body = JSON.parse(got!.body) as { url: string; name: string; ecid: string };
    expect(body.url).toBe("https://www.example.test/home");
    expect(body.name).toBe("home");
    expect(body.ecid).toMatch(/^\d{38}$/);
    const page = await deliveries("?state=delivered");
    expect(page.deliveries.some((d) => d.idempotencyKey === got!.headers["idempotency-key"])).toBe(
      true,
    );
  });

  it("retries after a 503 and records both attempts", async () => {
    receiver.answer({ status: 503, headers: { "retry-after": "0" } });
    await send([pageView("quote")]);
    const got = await receiver.waitFor((r) => r.length >= 2);
    expect(got[0]!.url).toBe("/collect?page=quote");
    expect(got[1]!.url).toBe("/collect?page=quote");
    // The same delivery, sent again: the destination can tell the retry by its key.
    expect(got[1]!.headers["idempotency-key"]).toBe(got[0]!.headers["idempotency-key"]);
    const key = String(got[0]!.headers["idempotency-key"]);
    const delivered = await waitForDelivery(key, (d) => d.state === "delivered");
    expect(delivered.attempts).toBe(2);
    expect(delivered.attemptLog?.map((a) => a.status)).toEqual([503, 200]);
  });

  it("never sends an event whose consent is out, and sends the next that is in", async () => {
    const out = await send([pageView("declined")], `${CONSENT_COOKIE}=general=out`);
    expect(out.statusCode).toBe(200);
    // The sentinel: sent after, planned after (the inbox is planned in order), consent in.
    await send([pageView("sentinel")], `${CONSENT_COOKIE}=general=in`);
    const got = await receiver.waitFor((r) => r.some((x) => x.url === "/collect?page=sentinel"));
    expect(got.map((r) => r.url)).not.toContain("/collect?page=declined");
    const all = await deliveries("?limit=200");
    expect(all.deliveries.map((d) => d.request.url)).not.toContain("declined");
    expect(JSON.stringify(all.deliveries)).not.toContain("declined");
  });

  it("dead-letters a 400 at once, and replays it on request", async () => {
    receiver.answer(400);
    await send([pageView("rejected")]);
    await receiver.waitFor((r) => r.length >= 1);
    const key = String(receiver.received[0]!.headers["idempotency-key"]);
    const dead = await waitForDelivery(key, (d) => d.state === "dead");
    expect(dead.reason).toMatch(/400/);
    const replay = await editor.call(
      "POST",
      `/api/properties/${EDGE}/deliveries/${dead.id}/replay`,
    );
    expect(replay.statusCode, replay.body).toBe(200);
    await receiver.waitFor((r) => r.length >= 2);
    const delivered = await waitForDelivery(key, (d) => d.state === "delivered");
    expect(delivered.attemptLog?.map((a) => a.status)).toEqual([400, 200]);
    const again = await editor.call("POST", `/api/properties/${EDGE}/deliveries/${dead.id}/replay`);
    expect(again.statusCode).toBe(409);
  });

  it("refuses a host the admin did not allow, naming it", async () => {
    const narrowed = await admin.call("PUT", `/api/properties/${EDGE}/forwarding/hosts`, {
      hosts: [{ host: "hooks.example.com" }],
    });
    expect(narrowed.statusCode).toBe(200);
    try {
      await send([pageView("unlisted")]);
      const dead = await waitFor(async () => {
        const page = await deliveries("?state=dead");
        return page.deliveries.find((d) => d.request.query.some(([, v]) => v === "unlisted"));
      });
      expect(dead.reason).toContain(receiver.host.split(":")[0]!);
      expect(receiver.received).toEqual([]);
    } finally {
      await admin.call("PUT", `/api/properties/${EDGE}/forwarding/hosts`, {
        hosts: [{ host: receiver.host, allowPrivate: true }],
      });
    }
  });

  it("keeps a secret's value out of every answer, stored request and the audit log", async () => {
    const SECRET = `s3cr3t-${randomUUID()}`;
    const stage = `${WEB}-${WEB}stage`;
    const imported = await editor.call(
      "POST",
      "/api/properties/import",
      secretForwardingDocument(`http://${receiver.host}`, "PRsecret"),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    await buildAllChanged(editor, "PRsecret", "PRsecretdev");
    for (const [path, body] of [
      [`/api/datastreams/${stage}/allowed-origins`, { allowedOrigins: [ORIGIN] }],
      [
        `/api/datastreams/${stage}/forwarding`,
        { propertyId: "PRsecret", environmentId: "PRsecretdev" },
      ],
      [
        "/api/properties/PRsecret/forwarding/hosts",
        { hosts: [{ host: receiver.host, allowPrivate: true }] },
      ],
    ] as const)
      expect((await admin.call("PUT", path, body)).statusCode).toBe(200);
    const set = await editor.call(
      "PUT",
      "/api/properties/PRsecret/forwarding/secrets/PRsecretdev/api%20key",
      { value: SECRET },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.body).not.toContain(SECRET);
    receiver.echo = true;
    try {
      await app.inject({
        method: "POST",
        url: `/ee/v1/interact?configId=${stage}`,
        headers: { "content-type": "text/plain", origin: ORIGIN },
        payload: JSON.stringify({ events: [pageView("secret")], meta: {} }),
      });
      const [got] = await receiver.waitFor((r) => r.length >= 1);
      // The destination gets the value…
      expect(got!.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(got!.url).toContain(`key=${SECRET}`);
      // …and nothing a person or a log can read holds it.
      const key = String(got!.headers["idempotency-key"]);
      const delivery = await waitFor(async () => {
        const page = (
          await editor.call("GET", "/api/properties/PRsecret/deliveries")
        ).json<DeliveryPage>();
        const found = page.deliveries.find(
          (d) => d.idempotencyKey === key && d.state === "delivered",
        );
        return (
          found && (await editor.call("GET", `/api/properties/PRsecret/deliveries/${found.id}`))
        );
      });
      expect(delivery.body).toContain("{{secret:api key}}");
      expect(delivery.body).toContain("••••");
      expect(delivery.body).not.toContain(SECRET);
      const listed = await editor.call("GET", "/api/properties/PRsecret/forwarding/secrets");
      expect(
        listed.json<{ secrets: Array<{ name: string }> }>().secrets.map((s) => s.name),
      ).toEqual(["api key"]);
      expect(listed.body).not.toContain(SECRET);
      const audit = await admin.call("GET", "/api/audit?propertyId=PRsecret&limit=100");
      expect(audit.body).toContain("forwarding.secret");
      expect(audit.body).not.toContain(SECRET);
      const exported = await editor.call("GET", "/api/properties/PRsecret/export");
      expect(exported.body).not.toContain(SECRET);
    } finally {
      receiver.echo = false;
    }
  });

  it("keeps each host's limits, and names a bad one", async () => {
    const limited = {
      host: receiver.host,
      allowPrivate: true,
      maxPerSecond: 500,
      maxConcurrent: 8,
    };
    const set = await admin.call("PUT", `/api/properties/${EDGE}/forwarding/hosts`, {
      hosts: [limited],
    });
    expect(set.statusCode, set.body).toBe(200);
    const read = await editor.call("GET", `/api/properties/${EDGE}/forwarding/hosts`);
    expect(read.json<{ hosts: unknown[] }>().hosts).toEqual([limited]);
    const bad = await admin.call("PUT", `/api/properties/${EDGE}/forwarding/hosts`, {
      hosts: [{ host: receiver.host, maxPerSecond: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Array<{ path: string }> }>().errors[0]!.path).toBe(
      "hosts[0].maxPerSecond",
    );
    await send([pageView("limited")]);
    await receiver.waitFor((r) => r.some((x) => x.url === "/collect?page=limited"));
  });

  it("keeps a property's platform", async () => {
    const property = await editor.call("GET", `/api/properties/${EDGE}`);
    const { revision } = property.json<{ revision: number }>();
    const changed = await editor.call("PUT", `/api/properties/${EDGE}/settings`, {
      revision,
      settings: { platform: "web" },
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json<{ errors: Array<{ path: string }> }>().errors[0]!.path).toBe(
      "property.settings.platform",
    );
  });

  async function waitForDelivery(
    key: string,
    predicate: (d: DeliveryInfo) => boolean,
  ): Promise<DeliveryInfo> {
    return waitFor(async () => {
      const page = await deliveries("?limit=200");
      const found = page.deliveries.find((d) => d.idempotencyKey === key);
      if (!found || !predicate(found)) return undefined;
      return (
        await editor.call("GET", `/api/properties/${EDGE}/deliveries/${found.id}`)
      ).json<DeliveryInfo>();
    });
  }
});

/** What `probe` finds once it finds something (vitest polls it), within `timeoutMs`. */
function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`not within ${timeoutMs} ms`);
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}
