import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import useTestPostgres from "../../db/testPostgres.ts";
import {
  ADMIN_PASSWORD,
  buildAllChanged,
  fixtureDocument,
  signIn,
  useTwoApiNodes,
} from "../../main/testSupport.ts";
import { forwardingDocument, Receiver } from "./forwardingTestSupport.ts";

const cluster = useTestPostgres();
const ORIGIN = "https://www.example.test";
const WEB = "PRfixture";
const EDGE = "PRforward";
const DATASTREAM = `${WEB}-${WEB}dev`;
const EVENTS = 60;

describe("event forwarding on two nodes of one PostgreSQL", { timeout: 60_000 }, () => {
  // Each node sends at most two at a time, so neither can take the whole queue at once.
  const nodes = useTwoApiNodes(cluster, "forwarding_nodes", {
    forwarding: { ephemeralSecrets: true, workerOptions: { maxInFlight: 2 } },
  });
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    receiver.delayMs = 20;
    const admin = await signIn(nodes.a(), "admin", ADMIN_PASSWORD);
    for (const document of [fixtureDocument(WEB), forwardingDocument(`http://${receiver.host}`)])
      expect((await admin.call("POST", "/api/properties/import", document)).statusCode).toBe(201);
    await buildAllChanged(admin, EDGE, `${EDGE}dev`);
    for (const [path, body] of [
      [`/api/datastreams/${DATASTREAM}/allowed-origins`, { allowedOrigins: [ORIGIN] }],
      [`/api/datastreams/${DATASTREAM}/forwarding`, { propertyId: EDGE }],
      [
        `/api/properties/${EDGE}/forwarding/hosts`,
        { hosts: [{ host: receiver.host, allowPrivate: true }] },
      ],
    ] as const)
      expect((await admin.call("PUT", path, body)).statusCode).toBe(200);
  });

  afterAll(() => receiver.close());

  it("shares the queue: every event sent once, by both nodes", async () => {
    const sends = Array.from({ length: EVENTS }, (_, i) =>
      nodes.a().inject({
        method: "POST",
        url: `/ee/v1/interact?configId=${DATASTREAM}&requestId=${randomUUID()}`,
        headers: { "content-type": "text/plain", origin: ORIGIN },
        payload: JSON.stringify({
          events: [
            {
              xdm: {
                eventType: "web.webpagedetails.pageViews",
                web: { webPageDetails: { name: `n${i}`, URL: `https://www.example.test/${i}` } },
              },
            },
          ],
        }),
      }),
    );
    for (const res of await Promise.all(sends)) expect(res.statusCode).toBe(200);
    await receiver.waitFor((r) => new Set(r.map((x) => x.url)).size >= EVENTS, 30_000);
    const urls = receiver.received.map((r) => r.url);
    expect(new Set(urls).size).toBe(EVENTS);
    expect(urls.length).toBe(EVENTS);
    // The receiver answers before each node records its attempt: wait for the records.
    const delivered = () => [nodes.a(), nodes.b()].map((n) => n.forwarding.worker.counts.delivered);
    await vi.waitFor(() => expect(delivered()[0]! + delivered()[1]!).toBe(EVENTS), {
      timeout: 10_000,
      interval: 20,
    });
    const [a, b] = delivered();
    expect(a! + b!).toBe(EVENTS);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });
});
