/**
 * Preview in real Chromium: a site page embeds the published library (parser-blocking, as
 * Launch's embed code does); the library and the preview build are served from another
 * origin, as the Liftoff server serves them. With `?liftoff_preview=<id>` the tab runs the
 * preview build, which sends trace batches to `/preview/<id>/trace` on the library's origin and
 * removes the parameter from the address bar; a tab without it runs the published library.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import type { PreviewTrace, PropertyDocument, RuleTrace } from "@liftoff/schema";
import buildLibrary from "../src/buildLibrary.ts";
import { DEV, PROD, smallProperty } from "./fixtureProperty.ts";

const SESSION = "5f0c6f1e2d3c4b5a69788796a5b4c3d2";
const LIB = "/libs/PRfixture/ENprod";

/** The fixture with Core only, plus a rule whose path condition the trace must explain. */
function property(): PropertyDocument {
  const doc = smallProperty();
  doc.extensions = doc.extensions.filter((e) => e.name === "core");
  doc.dataElements = doc.dataElements.filter((e) => !e.modulePath.startsWith("web-sdk/"));
  doc.rules.push({
    id: "RLquote",
    name: "Auto quote",
    events: [{ id: "RLquote-e0", modulePath: "core/src/lib/events/libraryLoaded.js" }],
    conditions: [
      {
        id: "RLquote-c0",
        modulePath: "core/src/lib/conditions/path.js",
        settings: { paths: [{ value: "^/pcg/auto", valueIsRegex: true }] },
      },
    ],
    actions: [
      {
        id: "RLquote-a0",
        modulePath: "core/src/lib/actions/customCode.js",
        settings: {
          language: "javascript",
          source: "window.__quote = _satellite.environment.stage;",
        },
      },
    ],
  });
  return doc;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

let site: Server;
let liftoff: Server;
let siteOrigin: string;
const served: string[] = [];
const batches: PreviewTrace[][] = [];

test.beforeAll(async () => {
  const [published, preview] = await Promise.all([
    buildLibrary(property(), { environmentId: PROD, buildDate: "2025-03-26T00:00:00Z" }),
    buildLibrary(property(), {
      environmentId: DEV,
      buildDate: "2025-04-01T12:00:00Z",
      preview: { sessionId: SESSION, label: "Spring release" },
    }),
  ]);
  liftoff = createServer((request, response) => {
    const url = request.url || "";
    served.push(url);
    if (request.method === "POST" && url === `/preview/${SESSION}/trace`) {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        batches.push(JSON.parse(body) as PreviewTrace[]);
        response.writeHead(204, { "Access-Control-Allow-Origin": "*" }).end();
      });
      return;
    }
    const code =
      url === `${LIB}/launch.min.js`
        ? published.code
        : url === `${LIB}/preview-${SESSION}.js`
          ? preview.code
          : undefined;
    if (code === undefined) return void response.writeHead(404).end();
    response.writeHead(200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
    });
    response.end(code);
  });
  const liftoffOrigin = await listen(liftoff);
  // Pages under /async/ embed the library with `async`, as Launch's asynchronous embed code does.
  site = createServer((request, response) => {
    const embed = request.url?.startsWith("/async/")
      ? `<script async src="${liftoffOrigin}${LIB}/launch.min.js"></script>`
      : `<script src="${liftoffOrigin}${LIB}/launch.min.js"></script><script>_satellite.pageBottom()</script>`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Auto quote</title>${embed}<body><h1>Quote</h1>`);
  });
  siteOrigin = await listen(site);
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => liftoff.close(resolve));
});

const pageState = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any)._satellite;
    return {
      stage: s.environment.stage as string,
      buildDate: s.buildInfo.buildDate as string,
      quote: (window as any).__quote as string | undefined,
      search: location.search,
      kept: sessionStorage.getItem("liftoff_preview"),
    };
  });

const ruleTraces = () =>
  batches.flat().filter((r): r is RuleTrace => r.type === "rule" && r.ruleName === "Auto quote");

test("a tab with the preview link runs the preview build and reports why the rule fired", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${siteOrigin}/pcg/auto/quote?step=1&liftoff_preview=${SESSION}`);
  await page.waitForFunction(() => (window as any).__quote !== undefined);
  expect(await pageState(page)).toEqual({
    stage: "development",
    buildDate: "2025-04-01T12:00:00Z",
    quote: "development",
    search: "?step=1",
    kept: SESSION,
  });
  // Written in place of the parser-blocking embed, before the page's next script.
  expect(
    await page.evaluate(
      () =>
        (
          document.querySelector('script[src$="launch.min.js"]')!
            .nextElementSibling as HTMLScriptElement
        ).src,
    ),
  ).toMatch(new RegExp(`/preview-${SESSION}\\.js$`));
  await expect.poll(() => ruleTraces().length, { timeout: 5000 }).toBe(1);
  expect(ruleTraces()[0]).toMatchObject({
    outcome: "fired",
    conditions: [
      {
        outcome: "met",
        compared: { left: "/pcg/auto/quote", operator: "matches regex", right: "^/pcg/auto" },
      },
    ],
    actions: [{ outcome: "ran" }],
  });
  const page1 = batches.flat().find((r) => r.type === "page");
  expect(page1).toMatchObject({
    url: `${siteOrigin}/pcg/auto/quote?step=1`,
    title: "Auto quote",
    buildInfo: { buildDate: "2025-04-01T12:00:00Z" },
    environment: { id: DEV, stage: "development" },
  });
  // The badge ends preview in this tab: the reload runs the published library.
  const end = page.getByRole("button", { name: "End preview and return to the published site" });
  await expect(page.getByText("Liftoff preview · Spring release")).toBeVisible();
  await end.click();
  await page.waitForFunction(() => (window as any).__quote === "production");
  expect(await pageState(page)).toMatchObject({ stage: "production", kept: null });
  expect(errors).toEqual([]);
  await context.close();
});

test("the preview stays for the tab's next pages; other tabs run the published library", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${siteOrigin}/pcg/auto/quote?liftoff_preview=${SESSION}`);
  await page.waitForFunction(() => (window as any).__quote !== undefined);
  await page.goto(`${siteOrigin}/pcg/auto/details`);
  await page.waitForFunction(() => (window as any).__quote !== undefined);
  expect(await pageState(page)).toMatchObject({ stage: "development", kept: SESSION });

  const other = await browser.newContext();
  const visitor = await other.newPage();
  const before = served.filter((u) => u.includes("preview-")).length;
  const requested: string[] = [];
  visitor.on("request", (request) => requested.push(request.url()));
  await visitor.goto(`${siteOrigin}/pcg/auto/quote`);
  // The rule's action has run: the library decided not to switch long before.
  await visitor.waitForFunction(() => (window as any).__quote !== undefined);
  expect(await pageState(visitor)).toEqual({
    stage: "production",
    buildDate: "2025-03-26T00:00:00Z",
    quote: "production",
    search: "",
    kept: null,
  });
  expect(await visitor.evaluate(() => "__liftoffPreview" in (window as any)._satellite)).toBe(
    false,
  );
  expect(requested.filter((u) => u.includes("preview-") || u.includes("/trace"))).toEqual([]);
  expect(served.filter((u) => u.includes("preview-")).length).toBe(before);
  await context.close();
  await other.close();
});

test("an async embed loads the preview build as an appended script", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${siteOrigin}/async/pcg/auto/quote?liftoff_preview=${SESSION}`);
  // The fixture's Page View rule fires on every page (the path rule is not for /async/).
  await page.waitForFunction(() => (window as any).__fired?.length > 0);
  expect(await pageState(page)).toMatchObject({ stage: "development", search: "", kept: SESSION });
  const appended = await page.evaluate(() => {
    const last = document.head.lastElementChild as HTMLScriptElement;
    return { src: last.src, async: last.async };
  });
  expect(appended).toEqual({
    src: expect.stringMatching(/\/preview-[0-9a-f]{32}\.js$/),
    async: true,
  });
  await context.close();
});
