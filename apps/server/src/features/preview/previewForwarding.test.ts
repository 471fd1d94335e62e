import { randomUUID } from "node:crypto";
import type { DeliveryTrace, ForwardingTrace, PreviewSession, PreviewTrace } from "@liftoff/schema";
import { afterAll, beforeAll, expect, it } from "vitest";
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
import { SqliteStore } from "../../store/SqliteStore.ts";
import { forwardingDocument, Receiver } from "../forwarding/forwardingTestSupport.ts";
import { watch } from "./previewTestSupport.ts";

// Server rules in preview (docs/preview.md, "Server rules"): a preview tab's edge requests
// carry `liftoff_preview=<session id>`; the session hears what the forwarding property's
// rules did with each event, and each attempt of the deliveries they made.
const ORIGIN = "https://www.example.test";
const WEB = "PRfixture";
const EDGE = "PRforward";
const DATASTREAM = `${WEB}-${WEB}dev`;

const pageView = (name: string) => ({
  xdm: {
    eventType: "web.webpagedetails.pageViews",
    web: { webPageDetails: { name, URL: `https://www.example.test/${name}` } },
  },
});

let app: LiftoffApp;
let store: SqliteStore;
let editor: Client;
let origin: string;
const receiver = new Receiver();

const send = (events: unknown[], session?: string) => {
  const requestId = randomUUID();
  const preview = session ? `&liftoff_preview=${session}` : "";
  return app
    .inject({
      method: "POST",
      url: `/ee/v1/interact?configId=${DATASTREAM}&requestId=${requestId}${preview}`,
      headers: { "content-type": "text/plain; charset=UTF-8", origin: ORIGIN },
      payload: JSON.stringify({ events, meta: {} }),
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return requestId;
    });
};

const startPreview = async () => {
  const res = await editor.call("POST", `/api/properties/${WEB}/previews`, {
    url: `${ORIGIN}/`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PreviewSession>();
};

/** Reads a session's stream until `done` holds for the records it carried. */
async function tracesUntil(
  stream: ReturnType<typeof watch>,
  done: (traces: PreviewTrace[]) => boolean,
): Promise<PreviewTrace[]> {
  const traces = () =>
    stream.messages.filter((m) => m.event === "traces").flatMap((m) => m.data as PreviewTrace[]);
  while (!done(traces())) await stream.received(stream.messages.length + 1);
  return traces();
}

beforeAll(async () => {
  await receiver.start();
  store = new SqliteStore(":memory:");
  app = apiApp({ store, forwarding: { ephemeralSecrets: true } });
  await app.ready();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  editor = await clientWith(app, admin, "editor");
  for (const document of [fixtureDocument(WEB), forwardingDocument(`http://${receiver.host}`)]) {
    const imported = await editor.call("POST", "/api/properties/import", document);
    expect(imported.statusCode, imported.body).toBe(201);
  }
  await buildAllChanged(editor, EDGE, `${EDGE}dev`);
  for (const [url, body] of [
    [`/api/datastreams/${DATASTREAM}/allowed-origins`, { allowedOrigins: [ORIGIN] }],
    [`/api/datastreams/${DATASTREAM}/forwarding`, { propertyId: EDGE }],
    [
      `/api/properties/${EDGE}/forwarding/hosts`,
      { hosts: [{ host: receiver.host, allowPrivate: true }] },
    ],
  ] as const) {
    const res = await admin.call("PUT", url, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  origin = await app.listen({ port: 0, host: "127.0.0.1" });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  await receiver.close();
});

it("shows a preview tab's server rules and then each delivery attempt as it happens", async () => {
  const session = await startPreview();
  const stream = watch(origin, session.id, editor);
  expect(await stream.opened).toBe(200);
  try {
    // Another tab's request (no parameter) goes first: the session must not hear of it.
    const elsewhere = await send([pageView("elsewhere")]);
    await receiver.waitFor((r) => r.some((got) => got.url === "/collect?page=elsewhere"));
    receiver.answer({ status: 503, headers: { "retry-after": "0" } });
    const requestId = await send(
      [pageView("quote"), { xdm: { eventType: "web.formFilledOut" } }],
      session.id,
    );
    const traces = await tracesUntil(stream, (all) =>
      all.some((t) => t.type === "delivery" && t.state === "delivered"),
    );
    const server = traces.filter((t) => t.type === "forwarding" || t.type === "delivery");
    expect(server.every((t) => t.requestId === requestId && t.pageId === "server")).toBe(true);
    expect(traces.some((t) => JSON.stringify(t).includes(elsewhere))).toBe(false);

    const forwarding = traces.filter((t): t is ForwardingTrace => t.type === "forwarding");
    expect(forwarding.map((t) => [t.eventIndex, t.eventType])).toEqual([
      [0, "web.webpagedetails.pageViews"],
      [1, "web.formFilledOut"],
    ]);
    const [view, form] = forwarding;
    expect(view).toMatchObject({ propertyId: EDGE, environmentId: `${EDGE}dev` });
    expect(view!.outcomes).toEqual([
      { ruleId: "RLpageviews", ruleName: "Page views to the receiver", ran: true },
    ]);
    expect(form!.outcomes[0]).toMatchObject({ ruleId: "RLpageviews", ran: false });
    expect(form!.outcomes[0]!.reason).toContain("web.formFilledOut");
    expect(form!.deliveries).toEqual([]);
    expect(view!.deliveries).toHaveLength(1);
    const delivery = view!.deliveries[0]!;
    expect(delivery).toMatchObject({
      ruleId: "RLpageviews",
      destination: "http",
      host: receiver.host,
      state: "pending",
    });
    expect(delivery.request.method).toBe("POST");
    expect(delivery.request.url).toBe(`http://${receiver.host}/collect`);
    expect(delivery.request.query).toEqual([["page", "quote"]]);
    expect(delivery.request.headers).toContainEqual(["x-page-name", "quote"]);
    expect(JSON.parse(delivery.request.body!)).toMatchObject({
      url: "https://www.example.test/quote",
    });

    const attempts = traces.filter((t): t is DeliveryTrace => t.type === "delivery");
    expect(attempts.map((a) => [a.deliveryId, a.attempt, a.state, a.status])).toEqual([
      [delivery.id, 1, "pending", 503],
      [delivery.id, 2, "delivered", 200],
    ]);
    expect(attempts[0]!.reason).toBeTruthy();
    expect(attempts[0]!.nextAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(attempts[1]!.excerpt).toBe('{"ok":true}');
    expect(attempts[1]!.latencyMs).toBeGreaterThanOrEqual(0);
  } finally {
    stream.close();
  }
});

it("keeps nothing for a session that ended, or one that never was", async () => {
  const session = await startPreview();
  const ended = await editor.call("DELETE", `/api/previews/${session.id}`);
  expect(ended.statusCode, ended.body).toBe(200);
  receiver.received.length = 0;
  await send([pageView("after-end")], session.id);
  await send([pageView("unknown")], "0123456789abcdef0123456789abcdef");
  // The sentinel: a request after both, delivered after both were planned (the inbox is
  // planned in order, so their hooks have been called by then).
  await send([pageView("sentinel")]);
  await receiver.waitFor((r) => r.some((got) => got.url === "/collect?page=sentinel"));
  expect(receiver.received.map((r) => r.url)).toContain("/collect?page=after-end");
  expect(await store.previews.traces(session.id)).toEqual([]);
});
