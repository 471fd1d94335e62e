/**
 * Click collection and the third-party first request, differentially: each scenario runs
 * with the real @adobe/alloy 2.26.0 (buildAlloyPeer.ts) and with our dist/web-sdk.min.js on
 * the same page and test edge, real clicks included (Playwright mouse clicks in Chromium),
 * and everything observable must be equal: the edge requests (host, action, path, body),
 * the command results, what `onBeforeEventSend` saw, and the click data kept in
 * sessionStorage. Every scenario ends with a sentinel event sent after the last click, so
 * a click that must send nothing is checked once a later request has arrived.
 */
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { launchOptions } from "../../../e2e/chromium.ts";
import bundle from "./bundle.ts";
import buildAlloyPeer from "./buildAlloyPeer.ts";
import { normalise, openPage, requestView, runSteps, type Step } from "./harness.ts";
import { ORG, startTestEdge, type TestEdge } from "./testEdge.ts";

let edge: TestEdge;
let browser: Browser;
const sdks: Record<string, string> = {};

test.beforeAll(async () => {
  edge = await startTestEdge();
  sdks.ours = await bundle("dist/web-sdk.min.js");
  sdks.alloy = await buildAlloyPeer();
  browser = await chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, ...edge.browserArgs],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await edge?.close();
});
test.afterEach(() => edge.override(undefined));

const config = {
  datastreamId: "ds-clicks",
  orgId: ORG,
  edgeDomain: "edge.example.test",
  thirdPartyCookiesEnabled: false,
};

const GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
/** Links of every kind alloy tells apart; clicks never navigate (prevented after alloy saw them). */
const LINKS = `
<header><a id="home" href="/index.html">Home</a></header>
<nav><a id="internal" href="/products.html?x=1#top">  Our
   products </a></nav>
<div id="promo"><a id="external" href="https://partner.example.org/offer?ref=www.example.test">Partner offer</a></div>
<main>
  <a id="pdf" href="/files/report.PDF?v=2">Annual report</a>
  <a id="txt" href="notes.txt">Notes</a>
  <a id="attr" href="/export" download>Export</a>
  <a id="child" href="/child.html"><span id="child-span">Child <b>text</b></span></a>
  <a id="img-alt" href="/alt.html"><img alt=" Logo  alt " src="${GIF}" width="8" height="8"></a>
  <a id="img-src" href="/src.html"><img src="${GIF}" width="8" height="8"></a>
  <a id="titled" href="/t.html" title="Title only"><img src="" alt="" width="8" height="8"></a>
  <a id="empty" href="/empty.html" style="display:inline-block;width:8px;height:8px"></a>
  <a id="commented" href="/c.html">Visible<!-- a note --> text</a>
  <a id="mail" href="mailto:a@b.test">Mail us</a>
  <a id="js" href="javascript:void(0)">Script link</a>
  <section role="region" aria-label="Deals"><a id="aria" href="/deals.html">Deals</a></section>
  <p id="plain">Just text</p>
  <button id="submit" type="submit">Send form</button>
  <div id="handler" onclick="void 0">Clickable div</div>
  <a id="nohref">No href</a>
</main>
<footer><a id="last" href="https://elsewhere.example.org/">Elsewhere</a></footer>`;

type Action = Step | { click: string };

/** Runs the actions with one SDK in a fresh context and records what it did. */
async function run(sdk: string, actions: Action[]) {
  edge.requests.length = 0;
  const { page, close } = await openPage(browser, edge, sdks[sdk]!);
  await page.evaluate((html) => {
    document.body.insertAdjacentHTML("beforeend", html);
    // Bubble phase on window: alloy's capture listener on document has seen the click.
    window.addEventListener("click", (e) => e.preventDefault());
    (window as unknown as { seen: unknown[] }).seen = [];
  }, LINKS);
  const results = [];
  for (const action of actions) {
    if ("click" in action) await page.click(action.click);
    else results.push(...(await runSteps(page, [action])));
  }
  // The sentinel: sent after every click; once it has arrived, so have the clicks' requests.
  await runSteps(page, [
    ["sendEvent", { xdm: { eventType: "sentinel" }, documentUnloading: true }],
  ]);
  await expect
    .poll(() => edge.requests.some((r) => r.body?.events?.[0]?.xdm?.eventType === "sentinel"))
    .toBe(true);
  const observed = await observe(page);
  await close();
  // Beacons may arrive in any order: compare them as a list sorted by their content.
  const requests = edge.requests
    .map(requestView)
    .map((r) => [canonical(r), r] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, r]) => r);
  return { results: normalise(results), requests, ...observed };
}

/** JSON with keys in sorted order, whatever order the SDK built them in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** What the page kept: onBeforeEventSend's view and alloy's click storage. */
const observe = (page: Page) =>
  page.evaluate(() => ({
    seen: JSON.parse(
      JSON.stringify((window as unknown as { seen: unknown[] }).seen)
        .replace(/"(timestamp|localTime)":"[^"]+"/g, '"$1":"<time>"')
        .replace(/"version":"2\.26\.0\+liftoff"/g, '"version":"2.26.0"'),
    ) as unknown,
    session: Object.keys(sessionStorage)
      .filter((k) => k.startsWith("com.adobe.alloy.") && !k.endsWith(".debug"))
      .map((k) => [k, sessionStorage.getItem(k)]),
  }));

async function compare(actions: Action[]) {
  const alloy = await run("alloy", actions);
  const ours = await run("ours", actions);
  expect(ours.requests).toEqual(alloy.requests);
  expect(ours.results).toEqual(alloy.results);
  expect(ours.seen).toEqual(alloy.seen);
  expect(ours.session).toEqual(alloy.session);
  return { alloy, ours };
}

const clicks = (...ids: string[]): Action[] => ids.map((id) => ({ click: `#${id}` }));
const ALL = [
  "internal",
  "external",
  "pdf",
  "txt",
  "attr",
  "child-span",
  "img-alt",
  "img-src",
  "titled",
  "empty",
  "commented",
  "mail",
  "js",
  "aria",
  "plain",
  "submit",
  "handler",
  "nohref",
  "home",
  "last",
];
const linkClicks = (requests: Array<{ body: any }>) =>
  requests
    .map((r) => r.body?.events?.[0]?.xdm)
    .filter((xdm) => xdm?.eventType === "web.webinteraction.linkClicks")
    .map((xdm) => xdm.web.webInteraction as Record<string, unknown>);
const pageView = {
  xdm: { eventType: "web.webpagedetails.pageViews", web: { webPageDetails: { name: "home" } } },
};

test("defaults: every kind of link, child elements, non-links; before and after a named page view", async () => {
  const { ours } = await compare([
    ["configure", config],
    ...clicks("internal"),
    ["sendEvent", { xdm: { eventType: "web.webpagedetails.pageViews" } }],
    ...clicks(...ALL),
    ["sendEvent", pageView],
    ...clicks("internal", "pdf"),
  ]);
  const sent = linkClicks(ours.requests);
  expect(sent.map((w) => w.type)).toContain("exit");
  expect(sent.map((w) => w.type)).toContain("download");
  expect(sent.find((w) => w.name === "Our products")).toMatchObject({
    region: "NAV",
    type: "other",
    URL: "https://www.example.test/products.html?x=1#top",
    linkClicks: { value: 1 },
  });
  // A click before the identity exists goes by fetch to interact, the others by beacon.
  expect(ours.requests.filter((r) => r.action === "collect").length).toBeGreaterThan(10);
});

test("clickCollectionEnabled: false sends nothing", async () => {
  const { ours } = await compare([
    ["configure", { ...config, clickCollectionEnabled: false }],
    ["sendEvent", {}],
    ...clicks("internal", "external", "pdf"),
  ]);
  expect(linkClicks(ours.requests)).toEqual([]);
});

test("clickCollection: internal and download links off, a custom downloadLinkQualifier", async () => {
  const { ours } = await compare([
    [
      "configure",
      {
        ...config,
        clickCollection: { internalLinkEnabled: false, downloadLinkEnabled: false },
        downloadLinkQualifier: "\\.txt$",
      },
    ],
    ["sendEvent", {}],
    ...clicks("internal", "txt", "pdf", "attr", "external", "last"),
  ]);
  expect(linkClicks(ours.requests).map((w) => w.type)).toEqual(["exit", "exit"]);
});

test("clickCollection: external links off", async () => {
  await compare([
    ["configure", { ...config, clickCollection: { externalLinkEnabled: false } }],
    ["sendEvent", {}],
    ...clicks("external", "internal", "last", "pdf"),
  ]);
});

test("filterClickDetails edits and cancels; onBeforeLinkClickSend is ignored beside it", async () => {
  await compare([
    [
      "configure",
      {
        ...config,
        clickCollection: {
          filterClickDetails:
            "if (props.linkName === 'Notes') return false; if (props.linkType === 'exit') props.linkName = 'renamed'; window.seen.push(Object.keys(props).sort());",
        },
        onBeforeLinkClickSend: "return false;",
      },
    ],
    ["sendEvent", {}],
    ...clicks("txt", "external", "internal"),
  ]);
});

test("deprecated onBeforeLinkClickSend edits and cancels", async () => {
  await compare([
    [
      "configure",
      {
        ...config,
        onBeforeLinkClickSend:
          "window.seen.push(JSON.parse(JSON.stringify({tag: options.clickedElement.tagName, xdm: options.xdm, data: options.data}))); if (options.xdm.web.webInteraction.type === 'download') return false; options.xdm.web.webInteraction.name = 'edited'; options.data.extra = 1;",
      },
    ],
    ["sendEvent", {}],
    ...clicks("pdf", "internal", "external"),
  ]);
});

test("onBeforeEventSend sees the click event and may cancel it", async () => {
  await compare([
    [
      "configure",
      {
        ...config,
        onBeforeEventSend:
          "window.seen.push(JSON.parse(JSON.stringify(content))); if (content.xdm.web && content.xdm.web.webInteraction && content.xdm.web.webInteraction.type === 'exit') return false;",
      },
    ],
    ["sendEvent", pageView],
    ...clicks("internal", "external", "child-span"),
  ]);
});

test("eventGroupingEnabled holds internal clicks for the next named page view; session storage", async () => {
  const { ours } = await compare([
    [
      "configure",
      { ...config, clickCollection: { eventGroupingEnabled: true, sessionStorageEnabled: true } },
    ],
    ["sendEvent", pageView],
    ...clicks("internal", "external", "child-span"),
    ["sendEvent", { xdm: { web: { webPageDetails: { name: "next" } } } }],
    ...clicks("submit"),
  ]);
  expect(ours.session.length).toBe(1);
  expect(JSON.stringify(ours.requests)).toContain('"name":"Child text"');
});

test("third-party cookies on: the first request goes to adobedc.demdex.net, the rest to the edge", async () => {
  const { thirdPartyCookiesEnabled: _default, ...defaults } = config;
  const { ours } = await compare([
    ["configure", defaults],
    ...clicks("internal"),
    ["sendEvent", pageView],
    ["getIdentity"],
  ]);
  expect(ours.requests.map((r) => `${r.host} ${r.action}`).sort()).toEqual([
    "adobedc.demdex.net interact",
    "edge.example.test collect",
    "edge.example.test interact",
  ]);
});

test("third-party cookies on with adobedc.demdex.net unreachable: the same request goes to the edge", async () => {
  edge.override((r) => (r.host === "adobedc.demdex.net" ? { status: 0 } : undefined));
  const { thirdPartyCookiesEnabled: _default, ...defaults } = config;
  const { ours } = await compare([
    ["configure", defaults],
    ["sendEvent", pageView],
    ["sendEvent", {}],
  ]);
  expect(ours.requests.map((r) => r.host)).toContain("adobedc.demdex.net");
  expect(ours.results.every((r) => "ok" in r)).toBe(true);
});

test("configure checks the click fields as alloy does", async () => {
  const outcomes: Record<string, unknown[]> = { alloy: [], ours: [] };
  const configs = [
    { ...config, clickCollection: { internalLinkEnabled: "yes", eventGroupingEnabled: 0 } },
    { ...config, downloadLinkQualifier: "(" },
    { ...config, clickCollectionEnabled: 1 },
    { ...config, clickCollection: { filterClickProperties: "no" } },
  ];
  // A fresh page each: a second configure meets alloy's unique-id check (difference 2).
  for (const sdk of ["alloy", "ours"])
    for (const options of configs) {
      const { page, close } = await openPage(browser, edge, sdks[sdk]!);
      outcomes[sdk]!.push(...(await runSteps(page, [["configure", options]])));
      await close();
    }
  expect(outcomes.ours).toEqual(outcomes.alloy);
});
