/**
 * Differential harness: runs one Launch-format container in real Chromium on our engine and
 * on Adobe's turbine 28.1.0 (npm `@adobe/reactor-turbine`, dist/engine.min.js), and collects
 * what each did — console lines, what test modules recorded, uncaught page errors.
 *
 * Containers are written as objects whose module scripts are real functions; they are
 * serialised with `Function.prototype.toString`, so a script may use only its parameters
 * and page globals. The page is served from a fake https origin through request routing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";

export type Engine = "turbine" | "liftoff";
export const ENGINES: Engine[] = ["turbine", "liftoff"];

const root = join(import.meta.dirname, "../../..");
const engineFiles: Record<Engine, string> = {
  turbine: join(root, "node_modules/@adobe/reactor-turbine/dist/engine.min.js"),
  liftoff: join(root, "packages/runtime/dist/runtime.min.js"),
};
const engineCode: Partial<Record<Engine, string>> = {};
/** The engine file of `e` (turbine's dist/engine.min.js or our dist/runtime.min.js). */
export const engineFile = (e: Engine) => (engineCode[e] ??= readFileSync(engineFiles[e], "utf8"));

export const ORIGIN = "https://site.test";

/** JavaScript source for a value, keeping functions as code (Launch libraries do the same). */
export function toSource(value: unknown): string {
  if (typeof value === "function") return `(${value.toString()})`;
  if (Array.isArray(value)) return `[${value.map(toSource).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toSource(v)}`).join(",")}}`;
  }
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/** The library file as Launch lays it out: container assignment, then the engine. */
export function libraryFile(container: object, e: Engine): string {
  return `window._satellite=window._satellite||{};window._satellite.container=${toSource(container)};\n${engineFile(e)}`;
}

export interface RunOptions {
  /** Script run before the library (e.g. set monitors, remove atob). */
  before?: string;
  /** Steps after the library has run. */
  after?: (page: Page) => Promise<unknown>;
  /** Library URL path (dynamic host tests load it from elsewhere). */
  libraryUrl?: string;
  /** Extra markup in the body. */
  body?: string;
  /** Debug output on (default true, so the logger prints). */
  debug?: boolean;
  /** Load the library twice. */
  twice?: boolean;
  /** Further JavaScript files the page may load, by URL (e.g. external custom code). */
  scripts?: Record<string, string>;
}

export interface RunResult {
  /** Console lines in order, `level: text`, first line of each message only (stacks differ). */
  logs: string[];
  /** What test modules pushed onto window.__events. */
  events: unknown[];
  /** Uncaught errors and unhandled rejections. */
  errors: string[];
}

const recorder = `
window.__events = []; window.__console = []; window.__errors = [];
["log","info","debug","warn","error"].forEach(function (level) {
  var original = console[level];
  console[level] = function () {
    var text = Array.prototype.map.call(arguments, function (a) {
      if (a instanceof Error) return a.message;
      return typeof a === "object" ? JSON.stringify(a) : String(a);
    }).join(" ");
    window.__console.push(level + ": " + text.split("\\n")[0]);
    return original.apply(console, arguments);
  };
});
window.addEventListener("error", function (e) { window.__errors.push(e.message); });
window.addEventListener("unhandledrejection", function (e) {
  window.__errors.push("unhandledrejection: " + (e.reason && e.reason.message || String(e.reason)));
});`;

export async function runContainer(
  browser: Browser,
  e: Engine,
  container: object,
  options: RunOptions = {},
): Promise<RunResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const libraryUrl = options.libraryUrl ?? `${ORIGIN}/libs/launch-test.min.js`;
    const library = libraryFile(container, e);
    await page.route("**/*", async (route) => {
      const url = route.request().url();
      if (url === `${ORIGIN}/page.html`) {
        const tag = `<script src="${libraryUrl}"></script>`;
        const html = `<!doctype html><html><head><script>${recorder}${options.before ?? ""}</script>${tag}${options.twice ? tag : ""}</head><body>${options.body ?? ""}</body></html>`;
        return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
      }
      if (url === libraryUrl)
        return route.fulfill({ body: library, contentType: "text/javascript; charset=utf-8" });
      const script = options.scripts?.[url];
      if (script !== undefined)
        return route.fulfill({ body: script, contentType: "text/javascript; charset=utf-8" });
      return route.fulfill({ status: 404, body: "" });
    });
    if (options.debug !== false) {
      await page.addInitScript(() => {
        try {
          localStorage.setItem("com.adobe.reactor.debug", "true");
        } catch {
          // opaque origins have no storage
        }
      });
    }
    await page.goto(`${ORIGIN}/page.html`);
    if (options.after) await options.after(page);
    // Let queued microtasks and zero-delay timers of the engines settle.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
    return await page.evaluate(() => {
      const w = window as unknown as {
        __console: string[];
        __events: unknown[];
        __errors: string[];
      };
      return { logs: w.__console, events: w.__events, errors: w.__errors };
    });
  } finally {
    await context.close();
  }
}

/** Waits inside the page (for scenarios whose timing is the point: timeouts, delayNext). */
export function pageWait(page: Page, ms: number): Promise<void> {
  return page.evaluate((t) => new Promise<void>((r) => setTimeout(r, t)), ms);
}
