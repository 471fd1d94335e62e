/**
 * Browser-side helpers shared by the Web SDK's Playwright suites: a page on
 * `https://www.example.test/page.html` with the base code and an SDK bundle, a step runner
 * that records every command's result or error, and normalisers for comparing runs.
 */
import type { Browser, Page } from "@playwright/test";
import bundle from "./bundle.ts";
import type { EdgeRequest, TestEdge } from "./testEdge.ts";

export type Step = [command: string, options?: Record<string, unknown>];
export interface Outcome {
  ok?: unknown;
  error?: string;
}

/** Opens a fresh context (no cookies) on a page that loads `sdk` after the base code. */
export async function openPage(
  browser: Browser,
  edge: TestEdge,
  sdk: string,
  search = "",
  cookies: Record<string, string> = {},
  origin = "https://www.example.test",
) {
  const baseCode = await bundle("dist/base-code.min.js");
  edge.serve("/sdk.js", "text/javascript", sdk);
  edge.serve(
    "/page.html",
    "text/html",
    `<!doctype html><title>t</title><script>${baseCode}</script><script src="/sdk.js"></script><p>page</p>`,
  );
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value,
      domain: ".example.test",
      path: "/",
    })),
  );
  const page = await context.newPage();
  const logs: string[] = [];
  page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
  await page.goto(`${origin}/page.html${search}`);
  return { page, logs, close: () => context.close() };
}

/**
 * Runs commands in order on `window.alloy`. Callback options given as strings become
 * function bodies (functions cannot cross into the page): `onBeforeEventSend` gets
 * `content`, `onBeforeLinkClickSend` gets `options`, `clickCollection.filterClickDetails`
 * gets `props`.
 */
export function runSteps(page: Page, steps: Step[]): Promise<Outcome[]> {
  return page.evaluate(async (list) => {
    const w = window as unknown as { alloy: (c: string, o?: unknown) => Promise<unknown> };
    /* eslint-disable @typescript-eslint/no-implied-eval -- test-authored sources */
    const callbacks = (opts: Record<string, any>) => {
      if (typeof opts.onBeforeEventSend === "string")
        opts.onBeforeEventSend = new Function("content", opts.onBeforeEventSend);
      if (typeof opts.onBeforeLinkClickSend === "string")
        opts.onBeforeLinkClickSend = new Function("options", opts.onBeforeLinkClickSend);
      const click = opts.clickCollection as Record<string, unknown> | undefined;
      if (typeof click?.filterClickDetails === "string")
        opts.clickCollection = {
          ...click,
          filterClickDetails: new Function("props", click.filterClickDetails),
        };
      return opts;
    };
    /* eslint-enable @typescript-eslint/no-implied-eval */
    const out: Array<{ ok?: unknown; error?: string }> = [];
    for (const [command, options] of list) {
      const opts = options ? callbacks({ ...options }) : options;
      try {
        out.push({ ok: await w.alloy(command, opts) });
      } catch (error) {
        out.push({ error: (error as Error).message });
      }
    }
    return out;
  }, steps);
}

const ECID = /(?<!\d)\d{38}(?!\d)/g;

/** Replaces values that differ between any two runs (times, ids, ECIDs) by placeholders. */
export function normalise<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value)
      .replace(ECID, "<ecid>")
      .replace(/"(timestamp|localTime)":"[^"]+"/g, '"$1":"<time>"')
      .replace(/"eventMergeId":"[0-9a-f-]{36}"/g, '"eventMergeId":"<uuid>"')
      .replace(/TS%3D\d+/g, "TS%3D<ts>")
      .replace(/"version":"2\.26\.0\+liftoff"/g, '"version":"2.26.0"'),
  ) as T;
}

/** What a comparison looks at in a recorded edge request. */
export const requestView = (r: EdgeRequest) =>
  normalise({
    host: r.host,
    action: r.action,
    path: r.path,
    configId: r.query.configId,
    hasRequestId: /^[0-9a-f-]{36}$/.test(r.query.requestId ?? ""),
    contentType: r.contentType?.toLowerCase(),
    body: r.body as unknown,
  });
