import type { ItemSaved, LibraryInfo } from "@liftoff/schema";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDemoSite } from "./pcMarketingModules.ts";
import { startServer, TEST_ADMIN_PASSWORD, type RunningServer } from "./startServer.ts";

// A development library builds the latest revision of its resources and is served
// `no-cache`: edit a rule, build, and ONE reload of the demo page runs the new behaviour —
// then edit it again and build the same library, and one more reload runs that.
interface PageGlobals {
  _satellite?: { buildInfo?: { buildDate: string } };
  __teamMarker?: string;
}
const buildDate = () => (window as PageGlobals)._satellite?.buildInfo?.buildDate;
const marker = () => (window as PageGlobals).__teamMarker;

const pid = "PRpcmarketing";
const devEnv = "ENpcmarketingdevelopment";
let server: RunningServer;
let demo: ReturnType<Awaited<ReturnType<typeof loadDemoSite>>["createDemoServer"]>;
let demoOrigin: string;
let api: APIRequestContext;
let csrf: string;

test.beforeAll(async () => {
  server = await startServer(
    ["--demo", "--demo-port", "0", "--data", mkdtempSync(join(tmpdir(), "liftoff-devlib-e2e-"))],
    {
      LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LIFTOFF_LOG_LEVEL: "warn",
    },
  );
  const { createDemoServer } = await loadDemoSite();
  demo = createDemoServer({ libraryUrl: `${server.origin}/libs/${pid}/${devEnv}/launch.min.js` });
  await new Promise<void>((done) => demo.listen(0, "127.0.0.1", () => done()));
  demoOrigin = `http://127.0.0.1:${(demo.address() as { port: number }).port}`;
  api = await request.newContext({ baseURL: server.origin });
  const session = await api.post("/api/session", {
    data: { username: "admin", password: TEST_ADMIN_PASSWORD },
  });
  csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
});
test.afterAll(async () => {
  await api?.dispose();
  await new Promise<void>((done) => (demo ? demo.close(() => done()) : done()));
  await server?.stop();
});

async function call<T>(method: string, path: string, data?: unknown): Promise<T> {
  const res = await api.fetch(path, { method, data, headers: { "x-csrf-token": csrf } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const markerRule = (marker: string) => ({
  name: "Team marker",
  events: [{ modulePath: "core/src/lib/events/domReady.js", settings: {} }],
  conditions: [],
  actions: [
    {
      modulePath: "core/src/lib/actions/customCode.js",
      settings: {
        language: "javascript",
        source: `window.__teamMarker = ${JSON.stringify(marker)};`,
      },
    },
  ],
});

test("edit a rule, build the development library, and one reload runs it", async ({ page }) => {
  await page.goto(`${demoOrigin}/`);
  await page.waitForFunction(buildDate);
  const seededBuild = await page.evaluate(buildDate);
  expect(await page.evaluate(marker)).toBe(undefined);

  const created = await call<ItemSaved>("POST", `/api/properties/${pid}/rules`, {
    rule: markerRule("v1"),
  });
  const ruleId = created.saved.id;
  const library = await call<LibraryInfo>("POST", `/api/properties/${pid}/libraries`, {
    name: "Team marker",
    environmentId: devEnv,
    resources: [{ kind: "rule", id: ruleId }],
  });
  await call<LibraryInfo>("POST", `/api/properties/${pid}/libraries/${library.id}/build`);

  const libraryResponse = page.waitForResponse((r) => r.url().includes(`/libs/${pid}/${devEnv}/`));
  await page.reload();
  expect((await libraryResponse).headers()["cache-control"]).toBe("no-cache");
  await expect.poll(() => page.evaluate(marker), { timeout: 10_000 }).toBe("v1");
  const firstBuild = await page.evaluate(buildDate);
  expect(firstBuild).not.toBe(seededBuild);

  // The library is still in development: it builds the rule's latest revision.
  await call<ItemSaved>("PUT", `/api/properties/${pid}/rules/${ruleId}`, {
    revision: created.saved.revision,
    rule: { ...markerRule("v2"), id: ruleId },
  });
  await call<LibraryInfo>("POST", `/api/properties/${pid}/libraries/${library.id}/build`);
  await page.reload();
  await expect.poll(() => page.evaluate(marker), { timeout: 10_000 }).toBe("v2");
  expect(await page.evaluate(buildDate)).not.toBe(firstBuild);
});
