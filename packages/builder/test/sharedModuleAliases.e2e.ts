/**
 * A third-party module written for Launch asks for `adobe-mcid`'s Visitor instance; in a
 * Liftoff property the ID service is `identity`. The built library runs in Chromium, on our
 * runtime and with its container on Adobe's turbine 28.1.0: the module gets Liftoff's Visitor
 * instance (the one `_satellite.getVisitorId()` returns) and reads the ECID from it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import type { PropertyDocument } from "@liftoff/schema";
import buildLibrary from "../src/buildLibrary.ts";
import { engineScript } from "../src/moduleScripts.ts";
import { PROD, smallProperty } from "./fixtureProperty.ts";
import { openLibraryPage } from "./libraryPage.ts";

const turbine = readFileSync(
  createRequire(import.meta.url).resolve("@adobe/reactor-turbine/dist/engine.min.js"),
  "utf8",
);

// The imported module: asks for the instance when the library starts, reports what it got.
const ASKS = `function(module,exports,require,turbine){
  var visitor = turbine.getSharedModule("adobe-mcid", "mcid-instance");
  window.__visitor = visitor ? "found" : "missing";
  if (visitor) visitor.getMarketingCloudVisitorID(function (id) { window.__ecid = id; });
}`;

function property(): PropertyDocument {
  const doc = smallProperty();
  doc.extensions.push(
    {
      name: "identity",
      settings: {
        orgId: doc.company.orgId,
        // The ID service is this origin, which answers 404: the instance mints its ID locally.
        variables: [
          { name: "marketingCloudServer", value: "site.test" },
          { name: "loadTimeout", value: "2000" },
        ],
      },
    },
    {
      name: "acme-ids",
      opaqueModules: { "acme-ids/src/lib/sharedModules/ids.js": { name: "ids", script: ASKS } },
    },
  );
  return doc;
}

async function run(page: Page, library: string) {
  const errors = await openLibraryPage(page, library);
  await page.waitForFunction(() => (window as any).__visitor !== undefined);
  expect(await page.evaluate(() => (window as any).__visitor)).toBe("found");
  await page.waitForFunction(() => (window as any).__ecid !== undefined);
  return {
    ecid: await page.evaluate(() => (window as any).__ecid as string),
    same: await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          (window as any)._satellite
            .getVisitorId()
            .getMarketingCloudVisitorID((id: string) => resolve(id === (window as any).__ecid)),
        ),
    ),
    errors,
  };
}

test("getSharedModule('adobe-mcid', 'mcid-instance') gets Liftoff's identity on our runtime", async ({
  page,
}) => {
  const lib = await buildLibrary(property(), { environmentId: PROD });
  const result = await run(page, lib.code);
  expect(result.ecid).toMatch(/^\d{38}$/);
  expect(result).toMatchObject({ same: true, errors: [] });
});

test("the same library's container on turbine 28.1.0 resolves the alias too", async ({ page }) => {
  const lib = await buildLibrary(property(), { environmentId: PROD });
  const engine = await engineScript();
  const onTurbine = lib.code.slice(0, lib.code.length - engine.length) + turbine;
  const result = await run(page, onTurbine);
  expect(result.ecid).toMatch(/^\d{38}$/);
  expect(result).toMatchObject({ same: true, errors: [] });
});
