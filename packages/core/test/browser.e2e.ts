import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { libraryFile } from "../../runtime/test/differential.ts";
import { container, evalAction, rule } from "../../runtime/test/testExtension.ts";
import { action, coreExtension, event } from "./coreExtension.ts";

/**
 * Core modules in real Chromium on our runtime, where timing, navigation, scrolling, media
 * and CSP are the point: pages on a route-served fake origin, no network.
 */
const ORIGIN = "https://core.test";
const push = (expr: string) => evalAction(`window.__events.push(${expr})`);

interface PageSpec {
  rules: object[];
  modules: string[];
  extensionSettings?: Record<string, unknown>;
  /** The page; `LIB` is replaced by the library's URL. */
  html: string;
  headers?: Record<string, string>;
  files?: Record<string, { body: string | Buffer; contentType: string }>;
}

async function open(
  browser: Browser,
  spec: PageSpec,
): Promise<{ page: Page; context: BrowserContext }> {
  const core = await coreExtension(
    spec.modules.map((m) => `core/src/lib/${m}.js`),
    spec.extensionSettings,
  );
  const library = libraryFile(container({ rules: spec.rules, extensions: { core } }), "liftoff");
  const context = await browser.newContext({ viewport: { width: 800, height: 1000 } });
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === "/lib.js")
      return route.fulfill({ body: library, contentType: "text/javascript" });
    const file = spec.files?.[url.pathname];
    if (file) return route.fulfill(file);
    const html =
      url.pathname === "/page.html"
        ? spec.html.replace(/LIB/g, `${ORIGIN}/lib.js`)
        : `<!doctype html><title>${url.pathname}</title><p>${url.pathname}</p>`;
    return route.fulfill({
      body: `<!doctype html><html><head><script nonce="n0nce">window.__events = [];</script>${html}`,
      contentType: "text/html",
      headers: spec.headers ?? {},
    });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/page.html`);
  return { page, context };
}

const events = (page: Page) => page.evaluate(() => (window as any).__events as unknown[]);
const waitEvents = (page: Page, n: number) =>
  page.waitForFunction((count) => (window as any).__events.length >= count, n);
/** Waits for the test's sentinel: whatever had to happen before it is in `__events` by then. */
const waitSentinel = (page: Page) =>
  page.waitForFunction(() => (window as any).__events.includes("sentinel"));

test.describe.configure({ mode: "parallel" });
test.setTimeout(90_000);

test("a library loaded after window load fires every lifecycle stage at once, in order", async ({
  browser,
}) => {
  const stages = ["windowLoaded", "domReady", "pageBottom", "libraryLoaded"];
  const { page, context } = await open(browser, {
    modules: stages.map((s) => `events/${s}`),
    rules: stages.map((s) => rule(s, { events: [event(s)], actions: [push(`"${s}"`)] })),
    html: `<script>addEventListener("load", () => setTimeout(() => {
      const s = document.createElement("script"); s.src = "LIB"; document.head.appendChild(s);
    }, 50));</script>`,
  });
  await waitEvents(page, 4);
  expect(await events(page)).toEqual(["libraryLoaded", "pageBottom", "domReady", "windowLoaded"]);
  await context.close();
});

test("click with anchorDelay: the rule runs, then the link is followed after the delay", async ({
  browser,
}) => {
  const { page, context } = await open(browser, {
    modules: ["events/click"],
    rules: [
      rule("link", {
        events: [event("click", { elementSelector: "a", anchorDelay: 400 })],
        actions: [
          evalAction(
            `sessionStorage.setItem("ran", String(performance.timeOrigin + performance.now()))`,
          ),
        ],
      }),
    ],
    html: `<script src="LIB"></script><script>window.__prevented = [];
      document.addEventListener("click", (e) => __prevented.push(e.defaultPrevented));</script>
      </head><body><a id="go" href="/next.html">next</a>
      <a id="blank" href="/blank.html" target="_blank">blank</a>
      <a id="sentinel" href="/sentinel.html">sentinel</a>`,
  });
  const started = Date.now();
  await page.click("#go");
  expect(page.url()).toBe(`${ORIGIN}/page.html`);
  await page.waitForURL(`${ORIGIN}/next.html`);
  expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  const ran = Number(await page.evaluate(() => sessionStorage.getItem("ran")));
  expect(ran).toBeGreaterThanOrEqual(started - 50);
  await page.goBack();
  await page.waitForURL(`${ORIGIN}/page.html`);

  // A modifier click and a target=_blank link are left to the browser (not cancelled) and
  // open elsewhere; this page stays.
  await page.evaluate(() => ((window as any).__prevented = []));
  for (const [selector, modifiers] of [
    ["#go", ["ControlOrMeta"]],
    ["#blank", []],
  ] as const) {
    const opened = context.waitForEvent("page");
    await page.click(selector, { modifiers: [...modifiers] });
    await (await opened).close();
  }
  expect(page.url()).toBe(`${ORIGIN}/page.html`);
  expect(await page.evaluate(() => (window as any).__prevented)).toEqual([false, false]);
  // Sentinel: a plain click, followed after the same anchorDelay from a later timer. A delay
  // wrongly started by either click above would navigate first and cancel the sentinel's.
  const navigated = page.waitForEvent("framenavigated", (f) => f === page.mainFrame());
  await page.click("#sentinel");
  expect((await navigated).url()).toBe(`${ORIGIN}/sentinel.html`);
  await context.close();
});

test("history change: pushState/replaceState in one task is one change; back and hash fire", async ({
  browser,
}) => {
  const { page, context } = await open(browser, {
    modules: ["events/historyChange"],
    rules: [
      rule("route", {
        events: [event("historyChange")],
        actions: [push("location.pathname + location.hash")],
      }),
    ],
    html: `<script src="LIB"></script>`,
  });
  await page.evaluate(() => {
    history.pushState(null, "", "/a");
    history.replaceState(null, "", "/a2");
  });
  await waitEvents(page, 1);
  await page.evaluate(() => history.replaceState(null, "", "/a2"));
  await page.evaluate(() => history.back());
  await waitEvents(page, 2);
  await page.evaluate(() => (location.hash = "faq"));
  await waitEvents(page, 3);
  expect(await events(page)).toEqual(["/a2", "/page.html", "/page.html#faq"]);
  await context.close();
});

test("scroll depth: 25/50/75/100 once each; short pages fire all; time-and-scroll needs both", async ({
  browser,
}) => {
  const { page, context } = await open(browser, {
    modules: ["events/scrollDepth", "events/timeAndScroll", "events/directCall"],
    rules: [
      rule("sentinel", {
        events: [event("directCall", { identifier: "sentinel" })],
        actions: [push(`"sentinel"`)],
      }),
      rule("depth", {
        events: [event("scrollDepth")],
        actions: [push(`["depth", event.threshold]`)],
      }),
      rule("time and scroll", {
        events: [event("timeAndScroll", { scrollDepth: 50, seconds: 3 })],
        actions: [push(`["both", Math.round(performance.now())]`)],
      }),
    ],
    html: `<script src="LIB"></script></head><body style="margin:0"><div style="height:4000px"></div>`,
    files: {
      "/short.html": {
        body: `<!doctype html><script>window.__events = [];</script><script src="${ORIGIN}/lib.js"></script><p>A short page.</p>`,
        contentType: "text/html",
      },
    },
  });
  await waitEvents(page, 1);
  expect(await events(page)).toEqual([["depth", 25]]);
  await page.evaluate(() => scrollTo(0, 1100));
  // 52.5 % seen; time-and-scroll also needs 3 s on the page, whichever comes last.
  await waitEvents(page, 3);
  await page.mouse.wheel(0, 5000);
  await waitEvents(page, 5);
  // Sentinel: one more scroll, then a direct call from a timer that runs after the scroll
  // rules' own 10 ms settle timer. Any threshold that fired twice is in the list before it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        addEventListener("scroll", () => setTimeout(resolve, 10), { once: true });
        scrollBy(0, -1);
      }),
  );
  await page.evaluate(() => (window as any)._satellite.track("sentinel"));
  await waitSentinel(page);
  const seen = (await events(page)) as [string, number][];
  expect(seen.at(-1)).toBe("sentinel");
  expect(seen.filter(([kind]) => kind === "depth")).toEqual(
    [25, 50, 75, 100].map((t) => ["depth", t]),
  );
  const both = seen.filter(([kind]) => kind === "both");
  expect(both).toHaveLength(1);
  expect(both[0]![1]).toBeGreaterThanOrEqual(3000);

  const short = await context.newPage();
  await short.goto(`${ORIGIN}/short.html`);
  await waitEvents(short, 4);
  expect(await events(short)).toEqual([25, 50, 75, 100].map((t) => ["depth", t]));
  await context.close();
});

test("custom code under a CSP: scripts carry the extension's cspNonce and run; compiled code needs none", async ({
  browser,
}) => {
  const rules = [
    rule("code", {
      events: [event("domReady")],
      actions: [
        action("customCode", { language: "javascript", source: `__events.push("js")` }),
        // What a Liftoff build makes of inline JavaScript: part of the library, no script.
        action("customCode", {
          language: "javascript",
          source: function (this: Document, event: { $type: string }) {
            (window as any).__events.push(`fn ${event.$type} ${this.nodeName}`);
          },
        }),
        action("customCode", {
          language: "javascript",
          global: true,
          source: `__events.push("global")`,
        }),
        action("customCode", {
          language: "html",
          source: `<script>__events.push("html")</script>`,
        }),
        // Sentinel: compiled code needs no nonce and runs after the writes above in the same
        // queue, so a written script that was allowed to run has run by then.
        action("customCode", {
          language: "javascript",
          source: function () {
            (window as any).__events.push("sentinel");
          },
        }),
      ],
    }),
  ];
  const spec = {
    modules: ["events/domReady", "actions/customCode"],
    rules,
    html: `<script nonce="n0nce" src="LIB"></script>`,
    headers: { "Content-Security-Policy": "script-src 'nonce-n0nce'" },
  };
  const withNonce = await open(browser, { ...spec, extensionSettings: { cspNonce: "n0nce" } });
  await waitSentinel(withNonce.page);
  const compiled = "fn core.dom-ready #document";
  expect(await events(withNonce.page)).toEqual(["js", compiled, "global", "html", "sentinel"]);
  await withNonce.context.close();
  // Without the setting the written scripts are refused: the nonce is what lets them run.
  const without = await open(browser, spec);
  await waitSentinel(without.page);
  expect(await events(without.page)).toEqual([compiled, "sentinel"]);
  await without.context.close();
});

/** A mono 8 kHz 16-bit PCM WAV of `seconds` of a quiet tone: a real media file, made here. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const b = Buffer.alloc(44 + samples * 2);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(Math.sin(i / 10) * 2000), 44 + i * 2);
  return b;
}

test("media: a real <video> fires play, each time-played milestone once, and ended", async ({
  browser,
}) => {
  const milestones = [25, 50, 75, 100];
  const { page, context } = await open(browser, {
    modules: ["events/mediaPlay", "events/mediaEnded", "events/mediaTimePlayed"],
    rules: [
      rule("play", {
        events: [event("mediaPlay", { elementSelector: "video" })],
        actions: [push(`"play"`)],
      }),
      ...milestones.map((p) =>
        rule(`${p}%`, {
          events: [
            event("mediaTimePlayed", { elementSelector: "video", amount: p, unit: "percent" }),
          ],
          actions: [push(`"${p}%"`)],
        }),
      ),
      rule("1s", {
        events: [event("mediaTimePlayed", { amount: 1, unit: "second" })],
        actions: [push(`"1s"`)],
      }),
      rule("ended", { events: [event("mediaEnded")], actions: [push(`"ended"`)] }),
    ],
    html: `<script src="LIB"></script></head><body><video id="v" muted preload="auto" src="/clip.wav"></video>`,
    files: { "/clip.wav": { body: wav(2), contentType: "audio/wav" } },
  });
  await page.evaluate(() => (document.getElementById("v") as HTMLVideoElement).play());
  await page.waitForFunction(() => (window as any).__events.includes("ended"), null, {
    timeout: 20_000,
  });
  // Replaying crosses every marker again: nothing fires twice.
  await page.evaluate(() => {
    const v = document.getElementById("v") as HTMLVideoElement;
    v.currentTime = 0;
    return v.play();
  });
  await page.waitForFunction(
    () => (window as any).__events.filter((e: string) => e === "ended").length === 2,
    null,
    { timeout: 20_000 },
  );
  const seen = (await events(page)) as string[];
  // 50 % of 2 s and 1 s are crossed by the same timeupdate: their order is rule order, so
  // compare sorted; each must appear exactly once.
  expect(seen.filter((e) => e !== "play" && e !== "ended").sort()).toEqual([
    "100%",
    "1s",
    "25%",
    "50%",
    "75%",
  ]);
  expect(seen.filter((e) => e === "play")).toHaveLength(2);
  await context.close();
});

test("enters viewport: a real IntersectionObserver, first entry once, every entry each time", async ({
  browser,
}) => {
  const { page, context } = await open(browser, {
    modules: ["events/entersViewport"],
    rules: [
      rule("first", {
        events: [event("entersViewport", { elementSelector: ".teaser" })],
        actions: [push(`["first", event.element.id]`)],
      }),
      rule("every", {
        events: [event("entersViewport", { elementSelector: "#t2", frequency: "everyEntry" })],
        actions: [push(`["every", event.element.id]`)],
      }),
    ],
    html: `<script src="LIB"></script></head><body style="margin:0">
      <div class="teaser" id="t1" style="height:100px">one</div>
      <div style="height:3000px"></div>
      <div class="teaser" id="t2" style="height:100px">two</div>
      <div style="height:3000px"></div>`,
  });
  await waitEvents(page, 1);
  expect(await events(page)).toEqual([["first", "t1"]]);
  await page.evaluate(() => document.getElementById("t2")!.scrollIntoView());
  await waitEvents(page, 3);
  // Wait until t2 has left the viewport as an IntersectionObserver sees it (the module's
  // observer is notified in the same task, before this later one), then bring it back.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver((entries) => {
          if (entries.some((e) => !e.isIntersecting)) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.getElementById("t2")!);
        scrollTo(0, 0);
      }),
  );
  await page.evaluate(() => document.getElementById("t2")!.scrollIntoView());
  await waitEvents(page, 4);
  const seen = (await events(page)) as string[][];
  expect(seen.slice(1, 3).sort()).toEqual([
    ["every", "t2"],
    ["first", "t2"],
  ]);
  expect(seen[3]).toEqual(["every", "t2"]);
  await context.close();
});
