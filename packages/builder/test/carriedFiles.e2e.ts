/**
 * An imported Launch build folder (fixtures/launch-build: a third-party extension whose module
 * loads `turbine.getHostedLibFileUrl("lib.js")`, and an external custom-code action) rebuilt
 * by Liftoff: in Chromium both files load from the library's own folder, never from Adobe's
 * CDN, in development and production builds (`lib.js` or `lib.min.js`, as `minified` says),
 * on Liftoff's runtime and on Adobe's turbine 28.1.0 alike. The same for a self-hosted build
 * (migrate-corpus/self-hosted), whose container names its files by site-relative paths.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import buildLibrary, { type BuiltLibrary } from "../src/buildLibrary.ts";
import importFolder from "../src/importFolder.ts";
import { engineScript } from "../src/moduleScripts.ts";
import { FIXTURES } from "./fixtureProperty.ts";
import assembleCorpus from "./migrate-corpus/assembleCorpus.ts";

const ORIGIN = "https://site.test";
const FOLDER = `${ORIGIN}/libs/PR00000000000000000000000000000abc/ENlib/`;
const turbine = readFileSync(
  createRequire(import.meta.url).resolve("@adobe/reactor-turbine/dist/engine.min.js"),
  "utf8",
);

/** Loads `code` as `<FOLDER>launch.min.js` with its files beside it; records every request. */
async function run(page: Page, code: string, lib: BuiltLibrary) {
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const files = new Map(lib.files.map((f) => [FOLDER + f.path, f.text]));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    requests.push(url);
    if (url === `${ORIGIN}/page.html`)
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Survey</title><script>window.__fired = [];</script><script src="${FOLDER}launch.min.js" async></script><body>`,
      });
    if (url === `${FOLDER}launch.min.js`)
      return route.fulfill({ contentType: "text/javascript", body: code });
    const text = files.get(url);
    if (text !== undefined) return route.fulfill({ contentType: "text/javascript", body: text });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/page.html`);
  // The external code runs last (after DOM Ready and its file's load): the sentinel.
  await page.waitForFunction(() => (window as { __fired?: unknown[] }).__fired?.length === 3);
  const fired = await page.evaluate(() => (window as any).__fired as string[]);
  // Sorted: the two files load in parallel, so which arrives first is the network's choice.
  return { fired: [...fired].sort(), requests: requests.map((u) => u.replace(ORIGIN, "")), errors };
}

const EXPECTED = ["external code on core.dom-ready, 100%", "hosted lib.js", "survey 1.0"];

for (const stage of ["development", "production"] as const) {
  test(`a ${stage} build serves the hosted file and the external code from Liftoff`, async ({
    page,
  }) => {
    const { document } = await importFolder(join(FIXTURES, "launch-build"));
    const id = document.environments.find((e) => e.stage === stage)!.id;
    const lib = await buildLibrary(document, { environmentId: id });
    // What the runtime asks for: `lib.min.js` in a minified build, `lib.js` otherwise.
    const hosted = lib.container.buildInfo.minified ? "lib.min.js" : "lib.js";
    const result = await run(page, lib.code, lib);
    expect(result.errors).toEqual([]);
    expect(result.fired).toEqual(EXPECTED);
    const path = new URL(FOLDER).pathname;
    expect(result.requests).toEqual(
      expect.arrayContaining([
        `${path}hosted/acme-survey/${hosted}`,
        `${path}hosted/core/${document.rules[1]!.actions[0]!.id}-source.js`,
      ]),
    );
    expect(result.requests.filter((u) => u.includes("adobedtm"))).toEqual([]);
  });
}

test("the rebuilt container loads the same files on turbine 28.1.0", async ({ page }) => {
  const { document } = await importFolder(join(FIXTURES, "launch-build"));
  const lib = await buildLibrary(document, { environmentId: "EN00000000000000000000000000000abc" });
  const engine = await engineScript();
  expect(lib.code.endsWith(engine)).toBe(true);
  const onTurbine = lib.code.slice(0, lib.code.length - engine.length) + turbine;
  const result = await run(page, onTurbine, lib);
  expect(result.errors).toEqual([]);
  expect(result.fired).toEqual(EXPECTED);
  expect(result.requests.filter((u) => u.includes("adobedtm"))).toEqual([]);
});

// A self-hosted build (migrate-corpus/self-hosted) names its files by site-relative paths:
// "/launch/…/RC…-source.min.js" and "./RC…" for external JavaScript, global JavaScript and
// HTML, and "/perf/js/…/hostedLibFiles/EP…/" as an extension's base. Imported from its
// folder and rebuilt, every action runs its code from the library's own folder; nothing is
// asked of the old site's paths.
const SELF_HOSTED_PAGE = `<!doctype html><title>Outdoor</title>
<script src="${FOLDER}launch.js" async></script>
<body><a class="promo-link" href="#promo">Promo</a>
<form class="signup" onsubmit="return false"><button>Sign up</button></form>`;

for (const engine of ["Liftoff's runtime", "turbine 28.1.0"] as const)
  test(`a self-hosted build's site-relative files run from the library's folder on ${engine}`, async ({
    page,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), "liftoff-self-hosted-"));
    try {
      const { document } = await importFolder(assembleCorpus(dir)["self-hosted"].folder);
      const lib = await buildLibrary(document, { environmentId: document.environments[0]!.id });
      const own = await engineScript();
      const code =
        engine === "turbine 28.1.0"
          ? lib.code.slice(0, lib.code.length - own.length) + turbine
          : lib.code;
      const errors: string[] = [];
      const requests: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      const files = new Map(lib.files.map((f) => [FOLDER + f.path, f.text]));
      await page.route("**/*", (route) => {
        const url = route.request().url();
        requests.push(url);
        if (url === `${ORIGIN}/page.html`)
          return route.fulfill({ contentType: "text/html", body: SELF_HOSTED_PAGE });
        if (url === `${FOLDER}launch.js`)
          return route.fulfill({ contentType: "text/javascript", body: code });
        const text = files.get(url);
        if (text !== undefined)
          return route.fulfill({ contentType: "text/javascript", body: text });
        return route.fulfill({ status: url.includes("collect.selfhosted.test") ? 204 : 404 });
      });
      const collected = (path: string) =>
        page.waitForRequest(`https://collect.selfhosted.test${path}`, { timeout: 10_000 });
      // Library Loaded: external JavaScript, a function of the event.
      const js = collected("/rc/js/core.library-loaded");
      await page.goto(`${ORIGIN}/page.html`);
      await js;
      // A click: external global JavaScript, whose `var` lands on window.
      const global = collected("/rc/global/global");
      await page.click("a.promo-link");
      await global;
      // A submit: external HTML, written into the page with its %data element% replaced.
      const html = collected("/rc/html/footer");
      await page.click("form.signup button");
      await html;
      await expect(page.locator("#signup-thanks")).toHaveText("Thanks for signing up");
      // A direct call: the extension loads its hosted file from the library's folder.
      const widget = collected("/widget/trail-finder");
      await page.evaluate(() => (window as any)._satellite.track("widget-shown"));
      await widget;

      expect(errors).toEqual([]);
      // Every request is the page, the library, a file it carries or a beacon: none goes to
      // the old site's /launch/… and /perf/js/… paths, or to the stale RC copy's beacon.
      const elsewhere = requests.filter(
        (u) =>
          u !== `${ORIGIN}/page.html` &&
          u !== `${FOLDER}launch.js` &&
          !files.has(u) &&
          !u.startsWith("https://collect.selfhosted.test/"),
      );
      expect(elsewhere).toEqual([]);
      expect(requests).not.toContain("https://collect.selfhosted.test/rc/stale");
      expect(requests).toContain(`${FOLDER}hosted/acme-widget/widget.js`);
      expect(requests.filter((u) => u.startsWith(`${FOLDER}hosted/core/`))).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
