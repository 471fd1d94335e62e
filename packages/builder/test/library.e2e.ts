/**
 * Golden test: a library the builder writes runs in Chromium. On our runtime the fixture
 * property's rules fire, its data elements resolve (a token chain through custom code) and
 * its custom code runs; the Web SDK's shared module creates `window.alloy`. The container of
 * the Core-only variant also runs on Adobe's turbine 28.1.0 (npm @adobe/reactor-turbine,
 * dist/engine.min.js) with the same outcome, so what the builder emits is a Launch container.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { PropertyDocument } from "@liftoff/schema";
import buildLibrary from "../src/buildLibrary.ts";
import importLaunch from "../src/importLaunch.ts";
import { engineScript } from "../src/moduleScripts.ts";
import { FIXTURES, PROD, smallProperty } from "./fixtureProperty.ts";
import { ORIGIN, openLibraryPage } from "./libraryPage.ts";

const turbine = readFileSync(
  createRequire(import.meta.url).resolve("@adobe/reactor-turbine/dist/engine.min.js"),
  "utf8",
);

/** Serves `library` from a page titled "Quote Start" and returns what the page recorded. */
async function run(page: Page, library: string) {
  const errors = await openLibraryPage(page, library);
  await page.waitForFunction(() => (window as { __fired?: unknown[] }).__fired?.length === 1);
  await page.evaluate(() => (window as any)._satellite.track("signup", { plan: "gold" }));
  await page.waitForFunction(() => (window as { __fired?: unknown[] }).__fired?.length === 2);
  const result = await page.evaluate(() => ({
    fired: (window as any).__fired as string[],
    pageName: (window as any)._satellite.getVar("page name") as unknown,
    stage: (window as any)._satellite.environment.stage as unknown,
    alloy: typeof (window as any).alloy,
  }));
  return { ...result, errors };
}

/** The fixture without the Web SDK: only Core modules. */
function coreOnly(): PropertyDocument {
  const doc = smallProperty();
  doc.extensions = doc.extensions.filter((e) => e.name === "core");
  doc.dataElements = doc.dataElements.filter((e) => !e.modulePath.startsWith("web-sdk/"));
  return doc;
}

test("a built library runs on the Liftoff runtime", async ({ page }) => {
  const lib = await buildLibrary(smallProperty(), { environmentId: PROD });
  expect(await run(page, lib.code)).toEqual({
    fired: ["Page View:home:quote start", "Signup:gold"],
    pageName: "quote start",
    stage: "production",
    alloy: "function",
    errors: [],
  });
});

test("identity's shared module gives the page a Visitor instance", async ({ page }) => {
  const doc = smallProperty();
  // The ID service is this origin, which answers 404: the instance mints its ID locally.
  doc.extensions.push({
    name: "identity",
    settings: {
      orgId: doc.company.orgId,
      variables: [
        { name: "marketingCloudServer", value: "site.test" },
        { name: "loadTimeout", value: "2000" },
      ],
    },
  });
  const lib = await buildLibrary(doc, { environmentId: PROD });
  expect(lib.modules).toContain("identity/src/lib/sharedModules/mcidInstance.js");
  const result = await run(page, lib.code);
  expect(result.fired).toEqual(["Page View:home:quote start", "Signup:gold"]);
  const ecid = await page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        (window as any)._satellite.getVisitorId().getMarketingCloudVisitorID(resolve),
      ),
  );
  expect(ecid).toMatch(/^\d{38}$/);
});

test("the container of a Core-only library also runs on turbine 28.1.0", async ({ page }) => {
  const lib = await buildLibrary(coreOnly(), { environmentId: PROD });
  const engine = await engineScript();
  expect(lib.code.endsWith(engine)).toBe(true);
  const onTurbine = lib.code.slice(0, lib.code.length - engine.length) + turbine;
  expect(await run(page, onTurbine)).toEqual({
    fired: ["Page View:home:quote start", "Signup:gold"],
    pageName: "quote start",
    stage: "production",
    alloy: "undefined",
    errors: [],
  });
});

test("an imported Launch library rebuilt by Liftoff still runs its third-party extension", async ({
  page,
}) => {
  const file = join(FIXTURES, "launch-EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e-production.min.js");
  const { document } = importLaunch(readFileSync(file, "utf8"));
  const lib = await buildLibrary(document, { environmentId: "EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e" });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url === `${ORIGIN}/products/auto`)
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Auto Insurance | Acme</title><script src="/launch.min.js"></script><body>`,
      });
    if (url === `${ORIGIN}/launch.min.js`)
      return route.fulfill({ contentType: "text/javascript", body: lib.code });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/products/auto`);
  // The opaque shared module read its settings with the token resolved; the opaque action
  // got the custom-code data element's value.
  await page.waitForFunction(() => (window as { __acme?: unknown[] }).__acme?.length === 1);
  expect(await page.evaluate(() => (window as any).__acme)).toEqual([
    ["ACC-1234", "page view", "Auto Insurance"],
  ]);
  expect(errors).toEqual([]);
});
