import type { DeliveryInfo, PropertyState } from "@liftoff/schema";
import { propertyState } from "../../test/fixtures.ts";

/** An event forwarding property (platform `edge`) with a development and a production environment. */
export function edgeState(): PropertyState {
  const state = propertyState();
  state.document.property = { id: "EP1", name: "Forwarding", settings: { platform: "edge" } };
  state.document.environments = [
    { id: "ENedev", name: "Development", stage: "development" },
    { id: "ENeprod", name: "Production", stage: "production" },
  ];
  state.document.dataElements = [];
  state.document.rules = [];
  return state;
}

export function delivery(overrides: Partial<DeliveryInfo> = {}): DeliveryInfo {
  return {
    id: "DL1",
    propertyId: "EP1",
    environmentId: "ENeprod",
    datastreamId: "DS1",
    requestId: "req-1",
    eventIndex: 0,
    ruleId: "RL9",
    ruleName: "Purchase to Meta",
    actionIndex: 0,
    destination: "meta",
    host: "graph.facebook.com",
    purpose: "share",
    idempotencyKey: "k3y",
    state: "delivered",
    attempts: 1,
    createdAt: "2026-11-29T09:00:00.000Z",
    deliveredAt: "2026-11-29T09:00:01.000Z",
    lastStatus: 200,
    lastLatencyMs: 120,
    request: {
      method: "POST",
      url: "https://graph.facebook.com/v21.0/123/events",
      query: [["access_token", "{{secret:meta token}}"]],
      headers: [["Content-Type", "application/json"]],
      body: '{"data":[{"event_name":"Purchase"}]}',
    },
    ...overrides,
  };
}
