/**
 * One page with one library, driven the way migrate-check drives every page, and what it did:
 * the rules that completed in order (through `_satellite._monitors`, set before the library
 * runs), requests by host and path, console errors and the keys of `_satellite`. The
 * library's own files (external custom code, extensions' hosted files) live on Adobe's CDN
 * for the original and beside the library for the rebuild, so they are counted by file name
 * (`library file survey.js`), not by host.
 */
import type { Browser, Page, Request, Route } from "playwright-core";
import type { AdobeStandIn } from "./adobeStandIn.ts";
import type { BuildFolder } from "./openBuildFolder.ts";

export interface Observation {
  /** How often the page asked for the library (0: the page does not embed it). */
  libraryRequests: number;
  /** Whether `_satellite.track` existed after the load: the engine started. */
  started: boolean;
  rules: string[];
  requests: string[];
  consoleErrors: string[];
  satelliteKeys: string[];
  /** Hosts of Adobe's the stand-in answered (adobeStandIn.ts). */
  standInHosts: string[];
  /** Same-origin pages the page links to, in document order (for `--pages`). */
  links: string[];
  /**
   * Requests to Adobe's Launch CDN (`*.adobedtm.com`) not answered with a file of the build:
   * a rebuild making one still depends on Adobe for a file it should carry.
   */
  adobeCdn: string[];
}

export interface ObserveOptions {
  url: string;
  library: string;
  isLibrary(url: string): boolean;
  /** The original's downloaded build, answering requests for its files. */
  buildFolder?: BuildFolder;
  /** The rebuild's files, at paths relative to the library's URL. */
  carried?: { path: string; text: string }[];
  /**
   * Names of the files the rebuild carries. The original asks for them on Adobe's CDN (or
   * wherever its build was hosted), so they are counted by name on both sides.
   */
  carriedNames: ReadonlySet<string>;
  directCalls: string[];
  /** Answers requests to Adobe's collection and identity hosts, the same for both runs. */
  standIn?: AdobeStandIn;
}

const LOAD_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 10_000;
/** A step is over when nothing new happened for this long, or at the cap. */
const QUIET_MS = 400;
const SETTLE_CAP_MS = 5_000;
/** Pages with many links: the first ones are clicked, the same on both runs. */
const MAX_CLICKS = 60;

const CLICKABLE = 'a[href], button, input[type="submit"], input[type="button"], [role="button"]';

// Runs before any page script: the monitor records completed rules; links and forms are
// cancelled at the window, after the library's own document listeners have seen the event.
const INIT_SCRIPT = `
window.__migrateCheck = { rules: [] };
window._satellite = window._satellite || {};
window._satellite._monitors = [{ ruleCompleted: function (e) { window.__migrateCheck.rules.push(e.rule.name); } }];
window.addEventListener("click", function (e) {
  var link = e.target && e.target.closest && e.target.closest("a[href]");
  if (link) e.preventDefault();
});
window.addEventListener("submit", function (e) { e.preventDefault(); });
`;

// Same-origin http(s) links, without fragments, in document order, each once.
const LINKS = `(function () {
  var seen = {}, out = [];
  Array.prototype.forEach.call(document.querySelectorAll("a[href]"), function (a) {
    var u = new URL(a.getAttribute("href"), document.baseURI);
    if (!/^https?:$/.test(u.protocol) || u.origin !== location.origin) return;
    u.hash = "";
    if (!seen[u.href]) { seen[u.href] = 1; out.push(u.href); }
  });
  return out;
})()`;

/**
 * Host and path; runs of 8 or more digits become `#`: cache busters and timestamps in paths
 * (an Analytics beacon ends in `/s<random>`) differ on every load.
 */
const hostPath = (url: string) => {
  const u = new URL(url);
  return `${u.host}${u.pathname.replace(/\d{8,}/g, "#")}`;
};

/** External custom code is named after its action, which the rebuild renames. */
const fileName = (url: string) => new URL(url).pathname.split("/").pop() ?? "";
const isExternalCode = (name: string) => /-source(\.min)?\.js$/.test(name);
const libraryFile = (url: string) => {
  const name = fileName(url);
  return `library file ${isExternalCode(name) ? "(external custom code)" : name}`;
};

const firstLine = (text: string) => text.split("\n")[0]!;

/** Adobe's Launch CDN, where libraries, external code and extensions' files live. */
const isAdobeCdn = (url: string) => /(^|\.)adobedtm\.com$/.test(new URL(url).hostname);

async function count(page: Page, observation: Observation): Promise<number> {
  const rules = await page
    .evaluate("window.__migrateCheck ? window.__migrateCheck.rules.length : 0")
    .catch(() => 0);
  return Number(rules) + observation.requests.length + observation.consoleErrors.length;
}

/** Waits until the page has been quiet for QUIET_MS (no rule, request or error), at most the cap. */
async function settle(page: Page, observation: Observation): Promise<void> {
  const end = Date.now() + SETTLE_CAP_MS;
  let last = await count(page, observation);
  let quietSince = Date.now();
  while (Date.now() < end && Date.now() - quietSince < QUIET_MS) {
    await page.waitForTimeout(100);
    const now = await count(page, observation);
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
}

async function drive(page: Page, observation: Observation, directCalls: string[]) {
  const clickable = Number(
    await page.evaluate(`document.querySelectorAll(${JSON.stringify(CLICKABLE)}).length`),
  );
  for (let i = 0; i < Math.min(clickable, MAX_CLICKS); i++)
    await page.evaluate(
      `(function (i) { var el = document.querySelectorAll(${JSON.stringify(CLICKABLE)})[i]; if (el) el.click(); })(${i})`,
    );
  await settle(page, observation);
  await page.evaluate(
    `Array.prototype.forEach.call(document.forms, function (f) { try { f.requestSubmit(); } catch (e) {} })`,
  );
  await settle(page, observation);
  await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
  await settle(page, observation);
  await page.evaluate(`history.pushState({}, "", location.pathname + "?migrate-check=pushed")`);
  await settle(page, observation);
  for (const id of directCalls)
    await page.evaluate(
      `window._satellite && typeof window._satellite.track === "function" && window._satellite.track(${JSON.stringify(id)})`,
    );
  await settle(page, observation);
}

export default async function observePage(
  browser: Browser,
  options: ObserveOptions,
): Promise<Observation> {
  const observation: Observation = {
    libraryRequests: 0,
    started: false,
    rules: [],
    requests: [],
    consoleErrors: [],
    satelliteKeys: [],
    standInHosts: [],
    links: [],
    adobeCdn: [],
  };
  const standInHosts = new Set<string>();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let loaded = false;
    let libraryUrl: string | undefined;
    const libraryFiles = new Set<string>();
    const carriedFile = (url: string) =>
      libraryUrl === undefined
        ? undefined
        : options.carried?.find((f) => new URL(f.path, libraryUrl).href === url);
    await context.route("**/*", async (route: Route) => {
      const request = route.request();
      const url = request.url();
      if (options.isLibrary(url)) {
        libraryUrl ??= url;
        observation.libraryRequests++;
        return route.fulfill({
          contentType: "text/javascript; charset=utf-8",
          body: options.library,
        });
      }
      // Clicks must not take the page away: a navigation after the load is refused.
      if (loaded && request.isNavigationRequest() && request.frame() === page.mainFrame())
        return route.abort();
      const carried = carriedFile(url);
      if (carried) {
        libraryFiles.add(url);
        return route.fulfill({ contentType: "text/javascript; charset=utf-8", body: carried.text });
      }
      const file = options.buildFolder?.find(url);
      if (file) {
        libraryFiles.add(url);
        return route.fulfill({ path: file });
      }
      const answer = await options.standIn?.answer({
        url,
        method: request.method(),
        headers: await request.allHeaders(),
        body: request.postData(),
      });
      if (answer) {
        standInHosts.add(new URL(url).host);
        return route.fulfill(answer);
      }
      return route.fallback();
    });
    page.on("request", (request: Request) => {
      if (options.isLibrary(request.url())) return;
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return;
      const url = request.url();
      if (!/^https?:/.test(url)) return;
      observation.requests.push(url);
    });
    page.on("console", (message) => {
      // Chromium reports each failed request as an error too; requests already count those.
      const text = message.text();
      if (message.type() === "error" && !text.startsWith("Failed to load resource:"))
        observation.consoleErrors.push(firstLine(text));
    });
    page.on("pageerror", (error) => observation.consoleErrors.push(firstLine(error.message)));
    await page.addInitScript({ content: INIT_SCRIPT });
    await page
      .goto(options.url, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS })
      .catch((error: Error) => {
        throw new Error(`cannot load ${options.url}: ${firstLine(error.message)}`);
      });
    loaded = true;
    observation.started = await page
      .waitForFunction(
        'window._satellite && typeof window._satellite.track === "function" && !("container" in window._satellite)',
        undefined,
        { timeout: START_TIMEOUT_MS },
      )
      .then(
        () => true,
        () => false,
      );
    await settle(page, observation);
    await drive(page, observation, options.directCalls);
    observation.rules = await page.evaluate<string[]>(
      "window.__migrateCheck ? window.__migrateCheck.rules.slice() : []",
    );
    observation.satelliteKeys = await page.evaluate<string[]>(
      "Object.keys(window._satellite || {}).sort()",
    );
    observation.links = await page.evaluate<string[]>(LINKS);
    observation.standInHosts = [...standInHosts].sort();
    // Classified at the end: a request event may come before its route has run.
    const carriedName = (url: string) =>
      options.carriedNames.has(fileName(url)) || isExternalCode(fileName(url));
    observation.adobeCdn = [
      ...new Set(observation.requests.filter((url) => !libraryFiles.has(url) && isAdobeCdn(url))),
    ];
    observation.requests = observation.requests.map((url) =>
      libraryFiles.has(url) || carriedName(url) ? libraryFile(url) : hostPath(url),
    );
    return observation;
  } finally {
    await context.close();
  }
}
