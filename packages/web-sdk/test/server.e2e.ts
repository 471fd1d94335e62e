/**
 * Our dist/web-sdk.min.js and the real @adobe/alloy 2.26.0 against the real Liftoff server
 * (`liftoff serve --https`, apps/server, started from its build like e2e/startServer.ts
 * does): the same commands give the same results, and the server stores what ours sent.
 * The pages still come from the test-edge fixture on www.example.test; only
 * edge.example.test is mapped to the server.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type Browser } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import {
  repoRoot,
  signedInApi,
  startServer,
  TEST_ADMIN_PASSWORD,
  type RunningServer,
} from "../../../e2e/startServer.ts";
import buildAlloyPeer from "./buildAlloyPeer.ts";
import bundle from "./bundle.ts";
import { normalise, openPage, runSteps, type Outcome, type Step } from "./harness.ts";
import { startTestEdge, type TestEdge } from "./testEdge.ts";

// The datastream and org of the spec's property, created by `liftoff serve --demo`
// (docs/server.md); the test pages' origin is added to the datastream's allowed origins.
const DATASTREAM = "pc-marketing-production";
const ORG = "5LIFTOFF0PCMARKETING0001@AdobeOrg";
const built = existsSync(join(repoRoot, "apps/server/dist/liftoff.mjs"));

let site: TestEdge;
let server: RunningServer;
let browser: Browser;
let data: string;
const sdks: Record<string, string> = {};

test.skip(!built, "the server is not built: run `npm run build` first");

test.beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), "liftoff-web-sdk-server-"));
  site = await startTestEdge();
  server = await startServer(
    ["--https", "--data", data, "--rate-limit", "0", "--demo", "--demo-port", "0"],
    { LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
  );
  api = await signedInApi(server.origin);
  const { allowedOrigins } = (await api(`/api/datastreams/${DATASTREAM}`)) as {
    allowedOrigins: string[];
  };
  await api(`/api/datastreams/${DATASTREAM}/allowed-origins`, {
    method: "PUT",
    body: { allowedOrigins: [...allowedOrigins, "https://www.example.test"] },
  });
  const port = new URL(server.origin).port;
  sdks.ours = await bundle("dist/web-sdk.min.js");
  sdks.alloy = await buildAlloyPeer();
  browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...launchOptions.args,
      "--ignore-certificate-errors",
      `--host-resolver-rules=MAP edge.example.test 127.0.0.1:${port}, MAP * 127.0.0.1:${site.port}, EXCLUDE 127.0.0.1`,
    ],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
  if (data) rmSync(data, { recursive: true, force: true });
});

/** GET from the server's API, signed in (self-signed certificate, loopback). */
let api: Awaited<ReturnType<typeof signedInApi>>;

const config = {
  datastreamId: DATASTREAM,
  orgId: ORG,
  edgeDomain: "edge.example.test",
  thirdPartyCookiesEnabled: false,
  clickCollectionEnabled: false,
};

const steps = (name: string): Step[] => [
  ["configure", config],
  [
    "sendEvent",
    { xdm: { eventType: "web.webpagedetails.pageViews", web: { webPageDetails: { name } } } },
  ],
  ["getIdentity"],
  [
    "sendEvent",
    {
      type: "web.webinteraction.linkClicks",
      xdm: { web: { webInteraction: { name: "cta", linkClicks: { value: 1 } } } },
    },
  ],
  ["setConsent", { consent: [{ standard: "Adobe", version: "1.0", value: { general: "out" } }] }],
  ["sendEvent", { xdm: { eventType: "after-out" } }],
];

test("the same results as alloy against the real server, and our events are stored", async () => {
  const raw: Record<string, Outcome[]> = {};
  for (const sdk of ["alloy", "ours"]) {
    const { page, close } = await openPage(browser, site, sdks[sdk]!);
    raw[sdk] = await runSteps(page, steps(`web-sdk-server:${sdk}`));
    await close();
  }
  expect(normalise(raw.ours)).toEqual(normalise(raw.alloy));
  const identity = raw.ours![2]!.ok as { identity: { ECID: string }; edge: unknown };
  expect(identity).toEqual({
    identity: { ECID: expect.stringMatching(/^\d{38}$/) },
    edge: { regionId: 1 },
  });
  // Both events of our visitor are stored under its one ECID: the server read it back from
  // the identity cookie the SDK wrote, on the second request.
  const { events } = (await api(`/api/events?datastreamId=${DATASTREAM}&limit=1000`)) as {
    events: Array<{ ecid: string; eventType: string; pageName: string | null }>;
  };
  const visitor = events.filter((e) => e.ecid === identity.identity.ECID).map((e) => e.eventType);
  expect(visitor.sort()).toEqual(["web.webinteraction.linkClicks", "web.webpagedetails.pageViews"]);
  expect(events.some((e) => e.pageName === "web-sdk-server:ours")).toBe(true);
  expect(events.some((e) => e.eventType === "after-out")).toBe(false);
});
