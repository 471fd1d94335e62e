import type { Container, ModuleScript } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import startRuntime from "./startRuntime.ts";

// Unit-level checks of the engine in jsdom; the same behaviours are compared with turbine in
// real Chromium by test/differential.e2e.ts.
type Fn = (...args: any[]) => unknown;
const script =
  (fn: Fn): ModuleScript =>
  (module) =>
    void (module.exports = fn);
const events: unknown[] = [];

function make(
  parts: Partial<Container> & {
    modules?: Record<
      string,
      { script: ModuleScript; name?: string; displayName?: string; shared?: boolean }
    >;
  } = {},
): Container {
  return {
    company: { orgId: "ORG@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "P",
      id: "PR1",
      settings: { undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: false },
    },
    buildInfo: { buildDate: "2025-03-26T00:00:00Z", minified: true },
    environment: { id: "EN1", stage: "production" },
    rules: [],
    dataElements: {},
    ...parts,
    extensions: {
      t: {
        displayName: "T",
        modules: {
          "t/loaded.js": {
            name: "loaded",
            displayName: "Loaded",
            script: script((_s, trigger: Fn) => trigger()),
          },
          "t/record.js": {
            name: "record",
            displayName: "Record",
            script: script((s: { v: unknown }, e: { $rule: { name: string } }) =>
              events.push([e.$rule.name, s.v]),
            ),
          },
          "t/value.js": {
            name: "value",
            displayName: "Value",
            script: script((s: { v: unknown }) => s.v),
          },
          "t/later.js": {
            name: "later",
            displayName: "Later",
            script: script(
              (s: { v: unknown; ms: number }) => new Promise((r) => setTimeout(() => r(s.v), s.ms)),
            ),
          },
          ...parts.modules,
        },
      },
    },
  };
}
const loaded = (ruleOrder?: number) => ({ modulePath: "t/loaded.js", ruleOrder });
const recordAction = (v: unknown, extra = {}) => ({
  modulePath: "t/record.js",
  settings: { v },
  ...extra,
});
const valueCondition = (v: unknown, extra = {}) => ({
  modulePath: "t/value.js",
  settings: { v },
  ...extra,
});
const de = (v: unknown, extra = {}) => ({ modulePath: "t/value.js", settings: { v }, ...extra });

let satellite: Record<string, any>;
const start = (c: Container, embed = "https://cdn.test/launch.min.js") =>
  startRuntime(c, (satellite = {}), embed);

beforeEach(() => {
  events.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem("com.adobe.reactor.debug", "true");
});
afterEach(() => vi.restoreAllMocks());

describe("rules", () => {
  it("sorts by ruleOrder (default 50), keeping container order for ties", () => {
    start(
      make({
        rules: [
          { id: "1", name: "b", events: [loaded()], actions: [recordAction("b")] },
          { id: "2", name: "a", events: [loaded(1)], actions: [recordAction("a")] },
          { id: "3", name: "c", events: [loaded(50)], actions: [recordAction("c")] },
        ],
      }),
    );
    expect(events.map((e) => (e as unknown[])[1])).toEqual(["a", "b", "c"]);
  });

  it("logs fired and not-met with the real names", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    start(
      make({
        rules: [
          {
            id: "1",
            name: "yes",
            events: [loaded()],
            conditions: [valueCondition(1)],
            actions: [recordAction(1)],
          },
          {
            id: "2",
            name: "no",
            events: [loaded()],
            conditions: [valueCondition(0)],
            actions: [recordAction(2)],
          },
          {
            id: "3",
            name: "negated",
            events: [loaded()],
            conditions: [valueCondition(0, { negate: true })],
            actions: [recordAction(3)],
          },
        ],
      }),
    );
    const lines = log.mock.calls.map((c) => c.slice(1).join(" "));
    expect(lines).toEqual([
      'Rule "yes" fired.',
      'Condition "Value" for rule "no" was not met.',
      'Rule "negated" fired.',
    ]);
  });

  it("isolates a failing action and a missing module; later rules still run", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    start(
      make({
        modules: {
          "t/throw.js": {
            displayName: "Boom",
            script: script(() => {
              throw new Error("boom");
            }),
          },
        },
        rules: [
          {
            id: "1",
            name: "broken",
            events: [loaded()],
            actions: [{ modulePath: "t/throw.js" }, recordAction("skipped")],
          },
          { id: "2", name: "missing", events: [loaded()], actions: [{ modulePath: "t/nope.js" }] },
          { id: "3", name: "ok", events: [loaded()], actions: [recordAction("ok")] },
        ],
      }),
    );
    expect(events).toEqual([["ok", "ok"]]);
    const texts = error.mock.calls.map((c) => String(c[1]).split("\n")[0]);
    expect(texts).toEqual([
      'Failed to execute "Boom" for "broken" rule. boom',
      'Failed to execute "t/nope.js" for "missing" rule. Module t/nope.js not found.',
    ]);
  });

  it("with sequencing, waits for async conditions and times out slow ones", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      start(
        make({
          property: { name: "P", id: "PR1", settings: { ruleComponentSequencingEnabled: true } },
          rules: [
            {
              id: "1",
              name: "slow ok",
              events: [loaded()],
              conditions: [
                { modulePath: "t/later.js", settings: { v: true, ms: 100 }, timeout: 1000 },
              ],
              actions: [recordAction("first")],
            },
            {
              id: "2",
              name: "too slow",
              events: [loaded()],
              conditions: [
                { modulePath: "t/later.js", settings: { v: true, ms: 5000 }, timeout: 500 },
              ],
              actions: [recordAction("never")],
            },
            { id: "3", name: "after", events: [loaded()], actions: [recordAction("last")] },
          ],
        }),
      );
      expect(events).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(events).toEqual([["slow ok", "first"]]);
      await vi.advanceTimersByTimeAsync(500);
      expect(events).toEqual([
        ["slow ok", "first"],
        ["after", "last"],
      ]);
      expect(String(error.mock.calls[0]?.[1])).toContain(
        "A timeout occurred because the condition took longer than 0.5 seconds to complete. ",
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("data elements and tokens", () => {
  it("keeps whole-token types, stringifies embedded tokens, leaves unknown ones", () => {
    start(
      make({
        dataElements: {
          n: de(42),
          lower: de("  A  B ", { cleanText: true, forceLowerCase: true }),
          dflt: de(null, { defaultValue: "d" }),
        },
        rules: [
          {
            id: "1",
            name: "r",
            events: [loaded()],
            actions: [recordAction(["%n%", "n=%n%", "%nope%", "%lower%", "%dflt%"])],
          },
        ],
      }),
    );
    expect(events).toEqual([["r", [42, "n=42", "%nope%", "a b", "d"]]]);
  });

  it("getVar reads custom variables, event paths and element text", () => {
    start(make({ dataElements: { "a.b": de("dotted") } }));
    satellite.setVar({ obj: { x: [1, 2] } });
    const element = document.createElement("a");
    element.setAttribute("href", "/x");
    element.textContent = "  Hi \n there ";
    const event = { element, target: element, detail: { q: 1 } };
    expect(satellite.getVar("a.b")).toBe("dotted");
    expect(satellite.getVar("obj.x.1")).toBe(2);
    expect(satellite.getVar("this.getAttribute(href)", event)).toBe("/x");
    expect(satellite.getVar("this.@cleanText", event)).toBe("Hi there");
    expect(satellite.getVar("event.detail.q", event)).toBe(1);
    expect(satellite.getVar("toString")).toBeUndefined();
  });

  it("falls back to stored values by duration and logs circular references", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const source: { v: unknown } = { v: "kept" };
    start(
      make({
        modules: { "t/source.js": { script: script(() => source.v) } },
        dataElements: {
          s: { modulePath: "t/source.js", storageDuration: "session" },
          a: de("%b%"),
          b: de("%a%"),
        },
      }),
    );
    expect(satellite.getVar("s")).toBe("kept");
    source.v = undefined;
    expect(satellite.getVar("s")).toBe("kept");
    expect(sessionStorage.getItem("com.adobe.reactor.dataElements.s")).toBe('"kept"');
    // getVar("a") resolves %b% first, so the chain of 11 names being resolved starts at b.
    expect(satellite.getVar("a")).toMatch(/^%[ab]%$/);
    expect(String(error.mock.calls[0]?.[1])).toBe(
      `Data element circular reference detected: ${"b -> a -> ".repeat(5)}b`,
    );
  });
});

describe("startup", () => {
  it("refuses a host outside the dynamic CDN allow list, with its code", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const company = { orgId: "O", dynamicCdnEnabled: true, cdnAllowList: ["cdn.ok.test"] };
    expect(start(make({ company }), "https://cdn.evil.test/l.js")).toBe(false);
    expect((error.mock.calls[0]?.[2] as { code: string }).code).toBe("dynamic_host_not_allowed");
    expect(start(make({ company }), "/relative/l.js")).toBe(false);
    expect((error.mock.calls[1]?.[2] as { code: string }).code).toBe(
      "dynamic_host_resolver_constructor_error",
    );
    expect(start(make({ company }), "https://cdn.ok.test/l.js")).toBe(true);
  });

  it("exposes the _satellite API", () => {
    start(make());
    expect(satellite.property).toEqual({ name: "P", id: "PR1" });
    expect(satellite.getVisitorId()).toBeNull();
    satellite.cookie.set("k", "v 1");
    expect(satellite.cookie.get("k")).toBe("v 1");
    expect(document.cookie).toContain("k=v%201");
  });
});
