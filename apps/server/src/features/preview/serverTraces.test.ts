import { SECRET_CLOSE, SECRET_OPEN, type DeliveryInfo, type PreviewTrace } from "@liftoff/schema";
import { expect, it, vi } from "vitest";
import type { PreviewPlanned } from "../forwarding/ForwardingWorker.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";
import {
  deliveryTrace,
  forwardingTrace,
  previewForwardingHooks,
  SHOWN_BODY_MAX,
} from "./serverTraces.ts";

const secret = (name: string) => `${SECRET_OPEN}${name}${SECRET_CLOSE}`;

const delivery = (extra: Partial<DeliveryInfo> = {}): DeliveryInfo => ({
  id: "17",
  propertyId: "PRforward",
  environmentId: "PRforwarddev",
  datastreamId: "DS1",
  requestId: "r1",
  eventIndex: 0,
  ruleId: "RLmeta",
  ruleName: "Purchases to Meta",
  actionIndex: 0,
  destination: "meta",
  host: "graph.facebook.com",
  purpose: "share",
  idempotencyKey: "k".repeat(32),
  state: "pending",
  attempts: 0,
  createdAt: "2026-11-29T10:00:00.000Z",
  request: {
    method: "POST",
    url: "https://graph.facebook.com/v21.0/123/events",
    query: [["access_token", secret("meta token")]],
    headers: [["authorization", `Bearer ${secret("meta token")}`]],
    body: '{"data":[]}',
  },
  previewSessionId: "0123456789abcdef0123456789abcdef",
  ...extra,
});

const planned = (deliveries: DeliveryInfo[]): PreviewPlanned => ({
  sessionId: "0123456789abcdef0123456789abcdef",
  propertyId: "PRforward",
  environmentId: "PRforwarddev",
  requestId: "r1",
  eventIndex: 0,
  eventType: "commerce.purchases",
  outcomes: [
    { ruleId: "RLmeta", ruleName: "Purchases to Meta", ran: true },
    {
      ruleId: "RLli",
      ruleName: "Purchases to LinkedIn",
      ran: true,
      withheld: [{ actionIndex: 0, purpose: "share", reason: "xdm.consent.share.val is n" }],
    },
  ],
  deliveries,
});

it("shows the planned requests with secrets as placeholders", () => {
  const trace = forwardingTrace(planned([delivery()]), 1_700_000_000_000);
  expect(trace).toMatchObject({
    type: "forwarding",
    pageId: "server",
    at: 1_700_000_000_000,
    seq: 1_700_000_000_000,
    requestId: "r1",
    eventType: "commerce.purchases",
    propertyId: "PRforward",
  });
  expect(trace.outcomes[1]!.withheld).toEqual([
    { actionIndex: 0, purpose: "share", reason: "xdm.consent.share.val is n" },
  ]);
  expect(trace.deliveries).toEqual([
    {
      id: "17",
      ruleId: "RLmeta",
      ruleName: "Purchases to Meta",
      actionIndex: 0,
      destination: "meta",
      host: "graph.facebook.com",
      state: "pending",
      request: {
        method: "POST",
        url: "https://graph.facebook.com/v21.0/123/events",
        query: [["access_token", "{{secret:meta token}}"]],
        headers: [["authorization", "Bearer {{secret:meta token}}"]],
        body: '{"data":[]}',
      },
    },
  ]);
  expect(JSON.stringify(trace)).not.toContain(SECRET_OPEN);
});

it("cuts a long body and says how much was left out", () => {
  const body = "x".repeat(SHOWN_BODY_MAX + 10);
  const long = delivery({ request: { ...delivery().request, body } });
  const shown = forwardingTrace(planned([long]), 1).deliveries[0]!.request;
  expect(shown.body).toHaveLength(SHOWN_BODY_MAX);
  expect(shown.bodyCut).toBe(10);
});

it("numbers attempts and says when the next one is and why", () => {
  const at = "2026-11-29T10:00:01.000Z";
  const retry = deliveryTrace(
    delivery({ attempts: 1 }),
    {
      state: "pending",
      nextMs: Date.parse("2026-11-29T10:00:03.000Z"),
      reason: "HTTP 503",
      attempt: { at, status: 503, latencyMs: 12, excerpt: "busy" },
    },
    5,
  );
  expect(retry).toEqual({
    type: "delivery",
    pageId: "server",
    at: 5,
    seq: 5,
    requestId: "r1",
    eventIndex: 0,
    deliveryId: "17",
    attempt: 2,
    state: "pending",
    status: 503,
    latencyMs: 12,
    excerpt: "busy",
    reason: "HTTP 503",
    nextAt: "2026-11-29T10:00:03.000Z",
  });
  const dead = deliveryTrace(
    delivery(),
    { state: "dead", reason: "host not allowed", attempt: { at, error: "refused", latencyMs: 0 } },
    6,
  );
  expect(dead).toMatchObject({
    attempt: 1,
    state: "dead",
    error: "refused",
    reason: "host not allowed",
  });
  expect(dead).not.toHaveProperty("nextAt");
  const done = deliveryTrace(
    delivery(),
    { state: "delivered", attempt: { at, status: 200, latencyMs: 3 } },
    7,
  );
  expect(done).not.toHaveProperty("reason");
});

it("keeps records through the session store, and only logs a failed write", async () => {
  const kept: Array<[string, PreviewTrace[]]> = [];
  const addTraces = vi.fn((id: string, traces: PreviewTrace[]) => {
    kept.push([id, traces]);
    return Promise.resolve(id !== "ended");
  });
  const log = vi.fn();
  const hooks = previewForwardingHooks({ addTraces } as unknown as PreviewSessions, log, () => 9);
  hooks.planned({ ...planned([]), sessionId: "ended" });
  hooks.attempt("s1", delivery(), {
    state: "delivered",
    attempt: { at: "", status: 200, latencyMs: 1 },
  });
  expect(kept.map(([id, t]) => [id, t[0]!.type, t[0]!.seq])).toEqual([
    ["ended", "forwarding", 9],
    ["s1", "delivery", 9],
  ]);
  addTraces.mockImplementationOnce(() => Promise.reject(new Error("disk full")));
  hooks.planned(planned([]));
  await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1));
  expect(log.mock.calls[0]![0]).toBe("preview: a server rule record was not kept");
});
