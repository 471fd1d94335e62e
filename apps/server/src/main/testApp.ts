import { randomUUID } from "node:crypto";
import createApp, { type AppOptions, type LiftoffApp } from "./createApp.ts";
import type { Datastream } from "../store/Store.ts";

export const ORIGIN = "https://www.example.test";
export const DS = "pc-marketing-production";
export const ORG_ID = "5LIFTOFF0PCMARKETING0001@AdobeOrg";
export const ORG_COOKIE = "kndctr_5LIFTOFF0PCMARKETING0001_AdobeOrg";

/** The datastreams edge tests send to: pc-marketing's three, accepting pages on ORIGIN. */
export const testDatastreams: Datastream[] = (
  ["development", "staging", "production"] as const
).map((stage) => ({
  id: `pc-marketing-${stage}`,
  orgId: ORG_ID,
  propertyId: "PRpcmarketing",
  environmentId: `ENpcmarketing${stage}`,
  stage,
  allowedOrigins: [ORIGIN],
}));

/** Test helper: an app on an in-memory store with testDatastreams in it once ready. */
export function testApp(options: AppOptions = {}): LiftoffApp {
  // The read routes these tests check (/api/events, /api/reports) are a viewer's; the access
  // access of every route is tested in http/routeAccess.test.ts.
  const app = createApp({ rateLimitPerSecond: 0, auth: "off-for-tests", ...options });
  app.addHook("onReady", async () => {
    for (const datastream of testDatastreams) await app.store.datastreams.put(datastream);
  });
  return app;
}

export const pageView = (name = "pc:home", extra: Record<string, unknown> = {}) => ({
  xdm: {
    eventType: "web.webpagedetails.pageViews",
    web: { webPageDetails: { name, URL: "https://www.example.test/", siteSection: "Home" } },
    ...extra,
  },
  data: { custom: 1 },
});

/**
 * Posts to the edge as alloy does: `configId` and a new `requestId` each time unless `query`
 * says otherwise (a repeated `requestId` is a retry, answered from the first: server.md,
 * Retries).
 */
export function post(
  app: LiftoffApp,
  path: string,
  body: unknown,
  options: { query?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: "POST",
    url: `/ee/${path}?${options.query ?? `configId=${DS}&requestId=${randomUUID()}`}`,
    headers: { "content-type": "text/plain; charset=UTF-8", origin: ORIGIN, ...options.headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
}
