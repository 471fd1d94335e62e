import { expect, test } from "@playwright/test";
import {
  ENGINES,
  type RunOptions,
  type RunResult,
  runContainer,
} from "../../runtime/test/differential.ts";
import { container, evalAction, record, rule } from "../../runtime/test/testExtension.ts";
import { modulePaths } from "../build.mjs";
import { action, condition, coreExtension, dataElement, event } from "./coreExtension.ts";

/**
 * Launch-shaped containers made of our Core modules (built by build.mjs, exactly as a
 * library carries them) run on Adobe's turbine 28.1.0 and on our runtime in Chromium: the
 * console lines, what the rules recorded and the page errors must be identical, and each
 * scenario's own expectations must hold on both.
 */
interface Scenario {
  name: string;
  parts: Parameters<typeof container>[0];
  options?: RunOptions;
  check: (r: RunResult) => void;
}

const push = (expr: string) => evalAction(`window.__events.push(${expr})`);
const labels = (r: RunResult) => r.events.map((e) => (e as unknown[])[2]);
const logs = (r: RunResult) => r.logs.join("\n");
const items = (...values: string[]) => values.map((value) => ({ value }));
const regex = (value: string) => [{ value, valueIsRegex: true }];
const loaded = () => event("libraryLoaded");
const onLoad = (name: string, conditions: object[], label = name) =>
  rule(name, { events: [loaded()], conditions, actions: [record(label)] });
const registerScript = (code: string) =>
  `data:text/javascript,${encodeURIComponent(`_satellite.__registerScript(document.currentScript.src, ${JSON.stringify(code)})`)}`;

const scenarios: Scenario[] = [
  {
    name: "lifecycle stages fire in order, once each; the page calls _satellite.pageBottom()",
    parts: {
      rules: ["windowLoaded", "domReady", "pageBottom", "libraryLoaded"].map((stage) =>
        rule(stage, {
          events: [event(stage)],
          actions: [push(`["${stage}", document.readyState, event.$type]`)],
        }),
      ),
    },
    options: {
      body: "<p>content</p><script>_satellite.pageBottom();_satellite.pageBottom();</script>",
    },
    check: (r) =>
      expect(r.events).toEqual([
        ["libraryLoaded", "loading", "core.library-loaded"],
        ["pageBottom", "loading", "core.page-bottom"],
        ["domReady", "interactive", "core.dom-ready"],
        ["windowLoaded", "complete", "core.window-loaded"],
      ]),
  },
  {
    name: "direct call: _satellite.track with Launch's log lines, and the direct-call action",
    parts: {
      rules: [
        rule("quote", {
          events: [event("directCall", { identifier: "quote-started" })],
          actions: [push(`["quote", event.identifier, event.detail]`)],
        }),
        rule("relay", {
          events: [event("directCall", { identifier: "relay" })],
          actions: [
            action("directCall", {
              identifier: "quote-started",
              detail: { eventObjectEntries: [{ key: "product", value: "home" }] },
            }),
          ],
        }),
      ],
    },
    options: {
      body: `<script>_satellite.track(" quote-started ", {product: "auto"}); _satellite.track("nope"); _satellite.track("relay");</script>`,
    },
    check: (r) => {
      expect(r.events).toEqual([
        ["quote", "quote-started", { product: "auto" }],
        ["quote", "quote-started", { product: "home" }],
      ]);
      expect(logs(r)).toContain(
        'Rules using the direct call event type with identifier "quote-started" have been triggered with additional detail: {"product":"auto"}',
      );
      expect(logs(r)).toContain('"nope" does not match any direct call identifiers.');
      expect(logs(r)).toContain(
        'Rules using the direct call event type with identifier "relay" have been triggered.',
      );
    },
  },
  {
    name: "URL, cookie, variable, value-comparison and custom-code conditions",
    parts: {
      dataElements: {
        "page name": dataElement("javascriptVariable", { path: "pageData.pageName" }),
      },
      rules: [
        onLoad("path exact", [condition("path", { paths: items("/pcg/small-business") })]),
        onLoad("path regex", [condition("path", { paths: regex("BUSINESS$") })]),
        onLoad("path other", [condition("path", { paths: items("/other") })]),
        onLoad("path missing pattern", [condition("path", { paths: [{}] })]),
        onLoad("path and query", [
          condition("pathAndQuerystring", { paths: regex("^/pcg/small-business\\?q=") }),
        ]),
        onLoad("query q", [
          condition("queryStringParameter", { name: "q", queryParams: regex("^home") }),
        ]),
        onLoad("query absent", [
          condition("queryStringParameter", { name: "intcmp", queryParams: regex(".*") }),
        ]),
        onLoad("hash", [condition("hash", { hashes: items("#faq") })]),
        onLoad("domain", [condition("domain", { domains: ["SITE.test"] })]),
        onLoad("subdomain", [condition("subdomain", { subdomains: items("site.test") })]),
        onLoad("protocol", [condition("protocol", { protocol: "https:" })]),
        onLoad("do not sell", [
          condition(
            "cookie",
            { name: "dnsCookie", cookieValues: items("optout") },
            { negate: true },
          ),
        ]),
        onLoad("cookie set", [condition("cookie", { name: "aal", cookieValues: regex("^A") })]),
        onLoad("variable", [
          condition("variable", { name: "flags.dns", variableValues: items("true") }),
        ]),
        onLoad("404 page", [
          condition("valueComparison", {
            leftOperand: "%page name%",
            comparison: { operator: "contains", caseInsensitive: true },
            rightOperand: "page-not-found",
          }),
        ]),
        onLoad("custom code", [
          condition("customCode", {
            source: function (this: unknown, e: { $type: string }) {
              return this === window && e.$type === "core.library-loaded";
            },
          }),
        ]),
      ],
    },
    options: {
      before: `history.replaceState(null, "", "/pcg/small-business?q=Home+insurance#faq");
        document.cookie = "dnsCookie=optout"; document.cookie = "aal=abc";
        window.flags = { dns: true }; window.pageData = { pageName: "pc:Page-Not-Found" };`,
    },
    check: (r) => {
      expect(labels(r)).toEqual([
        "path exact",
        "path regex",
        "path and query",
        "query q",
        "hash",
        "domain",
        "subdomain",
        "protocol",
        "cookie set",
        "variable",
        "404 page",
        "custom code",
      ]);
      expect(logs(r)).toContain(
        'Condition "Path Without Query String" for rule "path other" was not met.',
      );
      expect(logs(r)).toContain(
        'Failed to execute "Path Without Query String" for "path missing pattern" rule. Illegal Argument: Pattern is not present',
      );
      expect(logs(r)).toContain('Condition "Cookie" for rule "do not sell" was not met.');
    },
  },
  {
    name: "data element types resolve the same on both engines",
    parts: {
      dataElements: {
        jsVar: dataElement("javascriptVariable", { path: "pageData.siteInfo.country" }),
        cookie: dataElement("cookie", { name: "aal1" }),
        query: dataElement("queryStringParameter", { name: "CMPID", caseInsensitive: true }),
        path: dataElement("pageInfo", { attribute: "pathname" }),
        count: dataElement("domAttribute", {
          elementSelector: "#totalCount",
          elementProperty: "text",
        }),
        countAttr: dataElement("domAttribute", {
          elementSelector: "#totalCount",
          elementProperty: "data-n",
        }),
        code: dataElement("customCode", {
          source: function (e: { $rule: { name: string } }) {
            return `rule:${e.$rule.name}`;
          },
        }),
        constant: dataElement("constant", { value: "rs-dev" }),
        local: dataElement("localStorage", { name: "k" }),
        session: dataElement("sessionStorage", { name: "k" }),
        random: dataElement("randomNumber", { min: 7, max: 7 }),
        stage: dataElement("runtimeEnvironment", { attribute: "environmentStage" }),
        ruleName: dataElement("runtimeEnvironment", { attribute: "ruleName" }),
        eventType: dataElement("runtimeEnvironment", { attribute: "eventType" }),
        a: dataElement("constant", { value: "x" }),
        objA: dataElement("javascriptVariable", { path: "objA" }),
        objB: dataElement("javascriptVariable", { path: "objB" }),
        merged: dataElement("mergedObjects", { objects: ["%objA%", "%objB%"] }),
        conditional: dataElement("conditionalValue", {
          leftOperand: "%count%",
          comparison: { operator: "greaterThan" },
          rightOperand: 10,
          conditionalValue: "many",
          fallbackValue: "few",
        }),
        segment: dataElement("javascriptTools", {
          sourceValue: "%path%",
          operator: "split",
          delimiter: "/",
        }),
        device: dataElement("deviceType"),
        orientation: dataElement("screenOrientation"),
      },
      rules: [
        rule("values", {
          events: [event("domReady")],
          actions: [
            push(`[
              _satellite.getVar("jsVar"), _satellite.getVar("cookie"), _satellite.getVar("query"),
              _satellite.getVar("path"), _satellite.getVar("count"), _satellite.getVar("countAttr"),
              _satellite.getVar("code", event), _satellite.getVar("constant"), _satellite.getVar("local"),
              _satellite.getVar("session"), _satellite.getVar("random"), _satellite.getVar("stage"),
              _satellite.getVar("ruleName", event), _satellite.getVar("eventType", event),
              _satellite.getVar("merged"), _satellite.getVar("conditional"), _satellite.getVar("segment")
            ]`),
            push(`[_satellite.getVar("device"), _satellite.getVar("orientation")]`),
          ],
        }),
      ],
    },
    options: {
      before: `history.replaceState(null, "", "/pcg/auto/quote?cmpid=spring");
        document.cookie = "aal1=v%201"; localStorage.setItem("k", "L"); sessionStorage.setItem("k", "S");
        window.pageData = { siteInfo: { country: "us" } };
        window.objA = { page: { tags: ["a"], name: "home" } }; window.objB = { page: { tags: ["b"], name: undefined } };`,
      body: `<span id="totalCount" data-n="12">12</span>`,
    },
    check: (r) => {
      expect(r.events[0]).toEqual([
        "us",
        "v 1",
        "spring",
        "/pcg/auto/quote",
        "12",
        "12",
        "rule:values",
        "rs-dev",
        "L",
        "S",
        7,
        "production",
        "values",
        "core.dom-ready",
        { page: { tags: ["a", "b"], name: "home" } },
        "many",
        ["", "pcg", "auto", "quote"],
      ]);
      const [device, orientation] = r.events[1] as string[];
      expect(["mobile", "tablet", "desktop"]).toContain(device);
      expect(["portrait", "landscape"]).toContain(orientation);
    },
  },
  {
    name: "click, custom event and history change rules; an invalid selector is logged",
    parts: {
      rules: [
        rule("cta click", {
          events: [
            event("click", {
              elementSelector: "a.cta",
              elementProperties: [{ name: "@text", value: "get a quote", valueIsRegex: true }],
            }),
          ],
          actions: [push(`["click", event.element.id, event.target.tagName]`)],
        }),
        rule("bad selector", {
          events: [event("click", { elementSelector: "a[" })],
          actions: [record("never")],
        }),
        rule("step", {
          events: [event("customEvent", { type: "quote:step" })],
          actions: [push(`["step", event.detail]`)],
        }),
        rule("route", {
          events: [event("historyChange")],
          actions: [push(`["route", location.pathname]`)],
        }),
      ],
    },
    options: {
      body: `<a class="cta" id="cta" href="#q">Get a <b id="b">Quote</b></a>`,
      after: async (page) => {
        await page.click("#b");
        // The #q navigation reports its history change from a later task: wait for it, so the
        // pushState below cannot overtake it.
        await page.waitForFunction(() =>
          (window as unknown as { __events: unknown[][] }).__events.some((e) => e[0] === "route"),
        );
        await page.evaluate(() => {
          document.dispatchEvent(new CustomEvent("quote:step", { detail: { step: 2 } }));
          history.pushState(null, "", "/step-2");
          history.replaceState(null, "", "/step-2b");
        });
        await page.evaluate(() => new Promise((r) => setTimeout(r, 10)));
      },
    },
    check: (r) => {
      expect(r.events).toEqual([
        ["click", "cta", "B"],
        // The link's #q changes location.href: a history change too.
        ["route", "/page.html"],
        ["step", { step: 2 }],
        ["route", "/step-2b"],
      ]);
      expect(logs(r)).toContain("Matching element failed. a[ is not a valid selector.");
    },
  },
  {
    name: "custom code action: JavaScript, HTML (document.write while loading, else the writer), external code",
    parts: {
      rules: [
        rule("early html", {
          events: [event("libraryLoaded")],
          actions: [
            action("customCode", {
              language: "html",
              source: `<script>__events.push(["early", document.readyState])</script>`,
            }),
          ],
        }),
        rule("late", {
          events: [event("windowLoaded")],
          actions: [
            action("customCode", {
              language: "javascript",
              source: `__events.push(["js", this === window, typeof event.$rule, target === window]);`,
            }),
            action("customCode", {
              language: "javascript",
              global: true,
              source: `var fromGlobal = 5; __events.push(["global", window.fromGlobal]);`,
            }),
            action("customCode", {
              language: "html",
              source: `<div id="banner">hi</div><script>__events.push(["html 1"])</script><script src="${`data:text/javascript,${encodeURIComponent('__events.push(["html external"])')}`}"></script><script>__events.push(["html 2", document.getElementById("banner").textContent])</script>`,
            }),
            action("customCode", {
              language: "javascript",
              isExternal: true,
              source: registerScript(`__events.push(["registered", event.$rule.name]);`),
            }),
          ],
        }),
      ],
    },
    options: {
      after: (page) => page.waitForFunction(() => (window as any).__events.length >= 6),
    },
    check: (r) =>
      expect(r.events).toEqual([
        ["early", "loading"],
        ["js", true, "object", true],
        ["global", 5],
        ["html 1"],
        ["html external"],
        ["html 2", "hi"],
        ["registered", "late"],
      ]),
  },
  {
    name: "visitor tracking, client, date, size, sampling and frequency conditions; element-exists",
    parts: {
      dataElements: {
        sessions: dataElement("visitorBehavior", { attribute: "sessionCount" }),
        views: dataElement("visitorBehavior", { attribute: "sessionPageViewCount" }),
        isNew: dataElement("visitorBehavior", { attribute: "isNewVisitor" }),
        landing: dataElement("visitorBehavior", { attribute: "landingPage" }),
      },
      rules: [
        onLoad("new visitor", [condition("newReturningVisitor", { isNewVisitor: true })]),
        onLoad("returning", [condition("newReturningVisitor", { isNewVisitor: false })]),
        onLoad("first view", [
          condition("pageViews", { operator: "=", count: 1, duration: "session" }),
        ]),
        onLoad("one session", [condition("sessions", { operator: "=", count: 1 })]),
        onLoad("landing", [
          condition("landingPage", {
            landingPages: [{ value: "/page\\.html$", pageIsRegex: true }],
          }),
        ]),
        onLoad("just arrived", [condition("timeOnSite", { operator: "<", minutes: 1 })]),
        onLoad("chrome", [condition("browser", { browsers: ["Chrome"] })]),
        onLoad("linux", [condition("operatingSystem", { operatingSystems: ["Linux"] })]),
        onLoad("desktop", [condition("deviceType", { deviceTypes: ["Desktop"] })]),
        onLoad("in range", [
          condition("dateRange", { start: "2020-01-01T00:00:00Z", end: "2999-01-01T00:00:00Z" }),
        ]),
        onLoad("wide window", [
          condition("windowSize", {
            widthOperator: ">",
            width: 100,
            heightOperator: ">",
            height: 100,
          }),
        ]),
        onLoad("everyone sampled", [condition("sampling", { rate: 1 })]),
        rule("twice per page", {
          events: [event("libraryLoaded"), event("libraryLoaded"), event("libraryLoaded")],
          conditions: [condition("maxFrequency", { count: 2, unit: "pageView" })],
          actions: [record("capped")],
        }),
        rule("figures", {
          events: [event("libraryLoaded")],
          actions: [
            push(
              `[_satellite.getVar("sessions"), _satellite.getVar("views"), _satellite.getVar("isNew"), _satellite.getVar("landing")]`,
            ),
          ],
        }),
        rule("exists", {
          events: [event("elementExists", { elementSelector: "#totalCount" })],
          actions: [push(`["exists", event.element.textContent]`)],
        }),
      ],
    },
    options: {
      body: `<span id="totalCount">12</span>`,
      after: (page) => page.waitForFunction(() => (window as any).__events.length >= 15),
    },
    check: (r) => {
      expect(
        labels({ ...r, events: r.events.filter((e) => (e as unknown[])[0] === "action") }),
      ).toEqual([
        "new visitor",
        "first view",
        "one session",
        "landing",
        "just arrived",
        "chrome",
        "linux",
        "desktop",
        "in range",
        "wide window",
        "everyone sampled",
        "capped",
        "capped",
      ]);
      expect(r.events).toContainEqual([1, 1, true, "https://site.test/page.html"]);
      expect(r.events).toContainEqual(["exists", "12"]);
      expect(logs(r)).toContain(
        'Condition "New/Returning Visitor" for rule "returning" was not met.',
      );
      expect(logs(r)).toContain('Condition "Max Frequency" for rule "twice per page" was not met.');
    },
  },
];

test.describe.configure({ mode: "parallel" });

let extension: object;

test.describe("Core modules on our runtime vs turbine 28.1.0", () => {
  test.beforeAll(async () => {
    // Building every module takes seconds on a busy machine; once per worker.
    test.setTimeout(180_000);
    extension = await coreExtension(modulePaths());
  });
  for (const s of scenarios) {
    test(s.name, async ({ browser }) => {
      const c = container({ ...s.parts, extensions: { core: extension } });
      const [turbine, liftoff] = await Promise.all(
        ENGINES.map((e) => runContainer(browser, e, c, s.options)),
      );
      s.check(liftoff!);
      s.check(turbine!);
      expect(liftoff!.logs).toEqual(turbine!.logs);
      expect(liftoff!.events).toEqual(turbine!.events);
      expect(liftoff!.errors).toEqual([]);
      expect(turbine!.errors).toEqual([]);
    });
  }
});
