import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { build } from "esbuild";

/**
 * The custom-code action's HTML writer against postscribe 2.0.8 (npm `postscribe`, what Adobe's
 * Core writes HTML with), in real Chromium: the same markup through each, on a page served
 * from a fake origin, and the same page, the same order of script runs and the same requests
 * must come out. Every scenario ends with a sentinel request written after it, so a request
 * the markup must not make is checked only once a later one has been seen.
 */
const ORIGIN = "https://write.test";
const PIXEL = "https://pixel.test";
type Writer = "postscribe" | "liftoff";

const require = createRequire(import.meta.url);
const postscribeCode = readFileSync(require.resolve("postscribe/dist/postscribe.js"), "utf8");
let ourCode: Promise<string> | undefined;
const liftoffCode = () =>
  (ourCode ??= build({
    stdin: {
      contents: `import writeHtml from "./writeHtml.ts"; window.__write = writeHtml;`,
      resolveDir: join(import.meta.dirname, "../src/lib/actions/helpers"),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    write: false,
  }).then((r) => r.outputFiles[0]!.text));

/** Writes `html` with the writer, then the sentinel; resolves once the sentinel was requested. */
const WRITE_PAGE = (writer: Writer) =>
  writer === "postscribe"
    ? `window.__write = function (html) {
        return new Promise(function (resolve) {
          postscribe(document.body, html, { done: resolve, error: function (e) { __events.push("error " + e.msg); } });
        });
      };`
    : "";

interface Scenario {
  name: string;
  html: string;
  /**
   * Scripts on the page's origin, by path. No delay is needed to prove order: a script that
   * did not wait for an external one would run at once, before any response could arrive.
   */
  files?: Record<string, string>;
  check?: (result: Result) => void;
}

interface Result {
  body: string;
  events: string[];
  requests: string[];
}

async function run(browser: Browser, writer: Writer, scenario: Scenario): Promise<Result> {
  const context = await browser.newContext();
  const requests: string[] = [];
  const writerCode = writer === "postscribe" ? postscribeCode : await liftoffCode();
  let sentinelSeen!: () => void;
  const sentinel = new Promise<void>((resolve) => (sentinelSeen = resolve));
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname !== "/page.html") requests.push(url.href);
    if (url.pathname === "/sentinel.gif") sentinelSeen();
    if (url.origin === PIXEL) return route.fulfill({ body: "", contentType: "image/gif" });
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === "/writer.js")
      return route.fulfill({ body: writerCode, contentType: "text/javascript" });
    const file = scenario.files?.[url.pathname];
    if (file) return route.fulfill({ body: file, contentType: "text/javascript" });
    if (url.pathname !== "/page.html") return route.fulfill({ status: 404, body: "" });
    return route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><script>window.__events = [];</script>
        <script src="/writer.js"></script><script>${WRITE_PAGE(writer)}</script></head>
        <body><p id="page">page</p></body></html>`,
    });
  });
  const page = await context.newPage();
  page.on(
    "pageerror",
    (error) =>
      void page.evaluate((m) => (window as any).__events.push(`uncaught ${m}`), error.message),
  );
  await page.goto(`${ORIGIN}/page.html`);
  await page.waitForLoadState("load");
  await page.evaluate(
    (html) =>
      (window as any)
        .__write(html)
        .then(() => (window as any).__write(`<img id="sentinel" src="/sentinel.gif">`)),
    scenario.html,
  );
  await sentinel;
  const result = await snapshot(page, requests);
  await context.close();
  return result;
}

async function snapshot(page: Page, requests: string[]): Promise<Result> {
  const { body, events } = await page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    // postscribe's bookkeeping attributes, and the sentinel itself, are not the markup's.
    clone.querySelectorAll("*").forEach((el) => {
      for (const name of Array.from(el.attributes).map((a) => a.name))
        if (name.startsWith("data-ps-")) el.removeAttribute(name);
    });
    clone.querySelector("#sentinel")?.remove();
    // postscribe types every style it writes as text/css, which is what a browser assumes.
    clone.querySelectorAll('style[type="text/css"]').forEach((el) => el.removeAttribute("type"));
    return { body: clone.innerHTML.replace(/\s+$/, ""), events: (window as any).__events };
  });
  // Each URL once: after some writes postscribe has Chromium ask for an image twice (its
  // markup is parsed twice), where a page's own parser asks once.
  const unique = [...new Set(requests.filter((r) => !r.endsWith("/writer.js")))];
  return { body, events, requests: unique };
}

const PIXEL_SNIPPET = `<script>!function(f){f.fbq=function(){__events.push(["fbq"].concat([].slice.call(arguments)).join(" "))}}(window);
fbq('init', '1'); fbq('track', 'PageView');</script>
<noscript><img height="1" width="1" style="display:none" src="${PIXEL}/tr?id=1&ev=PageView&noscript=1"/></noscript>
<div id="visible">shown</div>`;

const scenarios: Scenario[] = [
  {
    name: "a pixel's <noscript> fallback is neither requested nor shown; its script and markup are",
    html: PIXEL_SNIPPET,
    check: (r) => {
      expect(r.events).toEqual(["fbq init 1", "fbq track PageView"]);
      expect(r.body).toContain(`<div id="visible">shown</div>`);
      expect(r.body).toContain("<noscript></noscript>");
      expect(r.requests.filter((u) => u.startsWith(PIXEL))).toEqual([]);
    },
  },
  {
    name: "a script sees the markup before it, not the markup after it",
    html: `<p id="earlier"></p><script>__events.push("earlier " + !!document.getElementById("earlier"), "later " + !!document.getElementById("later"))</script><p id="later"></p>`,
    check: (r) => expect(r.events).toEqual(["earlier true", "later false"]),
  },
  {
    name: "document.write in a written script lands right after that script",
    html: `<div id="a"></div><script>document.write('<b id="w">written</b>'); document.writeln("<i>line</i>")</script><span id="after"></span>`,
    check: (r) => {
      expect(r.body).toMatch(/<b id="w">written<\/b><i>line<\/i>\s*<span id="after">/);
      expect(r.body).toContain(`<p id="page">page</p>`);
    },
  },
  {
    name: "a tag opened by one write and closed by the next",
    html: `<script>document.write('<div id="open">'); document.write("inside</div>")</script>`,
    check: (r) => expect(r.body).toContain(`<div id="open">inside</div>`),
  },
  {
    name: "nested writes: a written script writes a script that writes",
    html: `<script>document.write('<script>document.write("<u id=deep>deep</u>"); __events.push("inner")<\\/script>'); __events.push("outer")</script><em>after</em>`,
    check: (r) => {
      // postscribe writes at the moment of the call: the inner script runs first.
      expect(r.events).toEqual(["inner", "outer"]);
      expect(r.body).toMatch(/<u id="deep">deep<\/u><em>after<\/em>/);
    },
  },
  {
    name: "an external script's document.write, and the script after it waits for it",
    html: `<script src="/ext.js"></script><span id="s2"></span><script>__events.push("next sees " + !!document.getElementById("fromext"))</script>`,
    files: {
      "/ext.js": `document.write('<q id="fromext">ext</q>'); __events.push("ext ran")`,
    },
    check: (r) => {
      expect(r.events).toEqual(["ext ran", "next sees true"]);
      expect(r.body).toMatch(/<q id="fromext">ext<\/q><span id="s2"><\/span>/);
    },
  },
  {
    name: "async and defer external scripts hold back what follows them too",
    html: `<script async src="/slow.js"></script><script>__events.push("after async")</script><script defer src="/slow2.js"></script><script>__events.push("after defer")</script>`,
    files: {
      "/slow.js": `__events.push("slow")`,
      "/slow2.js": `__events.push("slow2")`,
    },
    check: (r) => expect(r.events).toEqual(["slow", "after async", "slow2", "after defer"]),
  },
  {
    name: "a failed external script lets the next one run",
    html: `<script src="/missing.js"></script><script>__events.push("after missing")</script>`,
    check: (r) => expect(r.events.filter((e) => !e.startsWith("error"))).toEqual(["after missing"]),
  },
  {
    name: "a throwing script does not stop the next",
    html: `<script>throw new Error("boom")</script><script>__events.push("next")</script>`,
    check: (r) => expect(r.events).toContain("next"),
  },
  {
    name: "inline event handlers work",
    html: `<button id="b" onclick="__events.push('clicked ' + this.id)">b</button><script>document.getElementById("b").click()</script>`,
    check: (r) => expect(r.events).toEqual(["clicked b"]),
  },
  {
    name: "styles, links and text keep their order and whitespace",
    html: `  hello <b>world</b>  <style>#st{color:red}</style><p id="st">t</p><link rel="stylesheet" href="/s.css"> tail `,
    check: (r) =>
      expect(r.body).toMatch(/^<p id="page">page<\/p> {2}hello <b>world<\/b> {2}<style>/),
  },
  {
    name: "a script of another type is kept and not run; the next one runs",
    html: `<script type="text/template" id="tpl"><p>tpl</p></script><script>__events.push("after template " + document.getElementById("tpl").type)</script>`,
    check: (r) => expect(r.events).toEqual(["after template text/template"]),
  },
];

for (const scenario of scenarios)
  test(`HTML writer vs postscribe: ${scenario.name}`, async ({ browser }) => {
    const theirs = await run(browser, "postscribe", scenario);
    const ours = await run(browser, "liftoff", scenario);
    scenario.check?.(theirs);
    scenario.check?.(ours);
    expect(ours.body).toBe(theirs.body);
    expect(ours.events.filter((e) => !e.startsWith("error "))).toEqual(
      theirs.events.filter((e) => !e.startsWith("error ")),
    );
    expect(ours.requests).toEqual(theirs.requests);
  });
