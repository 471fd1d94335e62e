import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { coreShapedCustomCode } from "./coreShapedCustomCode.ts";
import {
  ENGINES,
  type RunOptions,
  type RunResult,
  ORIGIN,
  pageWait,
  runContainer,
} from "./differential.ts";
import {
  container,
  cond,
  de,
  evalAction,
  loaded,
  manual,
  P,
  record,
  rule,
} from "./testExtension.ts";

/**
 * The same container on turbine 28.1.0 and on our engine must do the same things: rule order,
 * fired / not-met outcomes, data element values and log lines. Where we fixed a documented
 * turbine quirk (reference §8), `differs` states our better behaviour instead.
 */
interface Scenario {
  name: string;
  container: object;
  options?: RunOptions;
  /** What the run must show (checked on both engines unless `differs` is given). */
  check: (r: RunResult) => void;
  /** A fixed quirk: turbine's behaviour and ours, each asserted. */
  differs?: { turbine: (r: RunResult) => void; liftoff: (r: RunResult) => void };
}

const fire =
  (id: string, event = "undefined") =>
  (page: Page) =>
    page.evaluate(`window.__fire(${JSON.stringify(id)}, ${event})`);
const logsOf = (r: RunResult) => r.logs.join("\n");
const push = (expr: string) => evalAction(`window.__events.push(${expr})`);

const scenarios: Scenario[] = [
  // --- ordering -------------------------------------------------------------------------
  {
    name: "rules run in ruleOrder, equal orders in container order",
    container: container({
      rules: [
        rule("B50", { events: [loaded(50)], actions: [record("B")] }),
        rule("A10", { events: [loaded(10)], actions: [record("A")] }),
        rule("C50", { events: [loaded(50)], actions: [record("C")] }),
        rule("D1", { events: [loaded(1)], actions: [record("D")] }),
      ],
    }),
    check: (r) => expect(r.events.map((e) => (e as string[])[2])).toEqual(["D", "A", "B", "C"]),
  },
  {
    name: "a missing ruleOrder counts as 50",
    container: container({
      rules: [
        rule("late", {
          events: [{ modulePath: `${P}/events/libraryLoaded.js`, settings: {} }],
          actions: [record("50")],
        }),
        rule("early", { events: [loaded(49)], actions: [record("49")] }),
        rule("later", { events: [loaded(51)], actions: [record("51")] }),
      ],
    }),
    check: (r) => expect(r.events).toHaveLength(3),
    differs: {
      // Launch builds always carry ruleOrder; without one turbine's comparator yields NaN.
      turbine: (r) => expect(r.events.map((e) => (e as string[])[2])).toEqual(["50", "49", "51"]),
      liftoff: (r) => expect(r.events.map((e) => (e as string[])[2])).toEqual(["49", "50", "51"]),
    },
  },
  {
    name: "triggers during initialisation wait until every event module is set up",
    container: container({
      rules: [
        rule("loaded first", { events: [loaded(1)], actions: [record("loaded")] }),
        rule("manual second", { events: [manual("m", 2)], actions: [record("manual")] }),
      ],
    }),
    check: (r) =>
      expect(r.events).toEqual([
        ["event-init", "m"],
        ["action", "loaded first", "loaded", null],
      ]),
  },
  {
    name: "a trigger after initialisation runs at once; one rule with two events fires for each",
    container: container({
      rules: [rule("two events", { events: [loaded(5), manual("go")], actions: [record("x")] })],
    }),
    options: { after: fire("go") },
    check: (r) => {
      expect(r.events.filter((e) => (e as string[])[0] === "action")).toHaveLength(2);
      expect(r.logs.filter((l) => l.includes('Rule "two events" fired.'))).toHaveLength(2);
    },
  },
  {
    name: "synthetic events carry $type and $rule, and a deprecated type getter",
    container: container({
      rules: [
        rule("typed", {
          events: [manual("t")],
          actions: [push("[event.$type, event.$rule.name, event.detail, event.type]")],
        }),
      ],
    }),
    options: { after: fire("t", "{detail: 7}") },
    check: (r) => {
      expect(r.events).toContainEqual(["test.manual", "typed", 7, "test.manual"]);
      expect(logsOf(r)).toContain("Accessing event.type in Adobe Launch has been deprecated");
    },
  },
  // --- tokens and data elements ------------------------------------------------------------
  {
    name: "a whole-string token keeps the data element's type; embedded tokens are stringified",
    container: container({
      dataElements: { num: de(42), obj: de({ a: 1 }) },
      rules: [
        rule("tokens", {
          actions: [
            record("whole", "%num%"),
            record("embedded", "n=%num% o=%obj%"),
            record("object", "%obj%"),
          ],
        }),
      ],
    }),
    check: (r) =>
      expect(r.events).toEqual([
        ["action", "tokens", "whole", 42],
        ["action", "tokens", "embedded", "n=42 o=[object Object]"],
        ["action", "tokens", "object", { a: 1 }],
      ]),
  },
  {
    name: "a module that changes its settings gets fresh settings on its next call, nested ones too",
    container: container({
      modules: {
        [`${P}/actions/mutate.js`]: {
          name: "mutate",
          displayName: "Mutate",
          script: (module: { exports: unknown }) => {
            module.exports = (settings: any) => {
              (window as any).__events.push(JSON.stringify(settings));
              settings.text = settings.token = settings.nested.value = "changed";
              settings.nested.list.push("added");
            };
          },
        },
      },
      dataElements: { name: de("Ada") },
      rules: [
        rule("twice", {
          events: [manual("go")],
          actions: [
            {
              modulePath: `${P}/actions/mutate.js`,
              settings: {
                text: "plain",
                token: "%name%",
                nested: { value: "hi %name%", list: ["a", "%name%"] },
              },
            },
          ],
        }),
      ],
    }),
    options: {
      after: async (page) => {
        await fire("go")(page);
        await fire("go")(page);
      },
    },
    check: (r) => {
      const seen = { text: "plain", token: "Ada", nested: { value: "hi Ada", list: ["a", "Ada"] } };
      const calls = r.events.filter((e) => typeof e === "string");
      expect(calls).toEqual([JSON.stringify(seen), JSON.stringify(seen)]);
    },
  },
  {
    name: "unknown tokens stay in place; undefined data elements print 'undefined' when embedded",
    container: container({
      dataElements: { nothing: de(undefined) },
      rules: [
        rule("unknown", {
          actions: [record("u", "100%nope% and %nothing%"), record("w", "%nope%")],
        }),
      ],
    }),
    check: (r) =>
      expect(r.events).toEqual([
        ["action", "unknown", "u", "100%nope% and undefined"],
        ["action", "unknown", "w", "%nope%"],
      ]),
  },
  {
    name: "undefinedVarsReturnEmpty turns missing and null values into ''",
    container: container({
      settings: { undefinedVarsReturnEmpty: true },
      dataElements: { nothing: de(null) },
      rules: [
        rule("empty", {
          actions: [
            record("e", "[%nothing%]"),
            record("w", "%nothing%"),
            push("['getVar', _satellite.getVar('missing')]"),
          ],
        }),
      ],
    }),
    check: (r) =>
      expect(r.events).toEqual([
        ["action", "empty", "e", "[]"],
        ["action", "empty", "w", ""],
        // getVar of an unknown custom variable stays undefined even then (reference §3.4).
        ["getVar", undefined],
      ]),
  },
  {
    name: "this., event. and target. paths with getAttribute, @text and @cleanText",
    container: container({
      rules: [
        rule("paths", {
          events: [manual("p")],
          actions: [
            record("id", "%this.id%"),
            record("attr", "%this.getAttribute(data-x)%"),
            record("text", "%this.@text%"),
            record("clean", "%this.@cleanText%"),
            record("event", "%event.detail.a%"),
            record("target", "%target.tagName%"),
          ],
        }),
      ],
    }),
    options: {
      body: `<p id="el" data-x="ex">  Hello \n  world  </p>`,
      after: fire(
        "p",
        "{element: document.getElementById('el'), target: document.body, detail: {a: 5}}",
      ),
    },
    check: (r) =>
      expect(r.events.slice(1).map((e) => (e as unknown[])[3])).toEqual([
        "el",
        "ex",
        "  Hello \n  world  ",
        "Hello world",
        5,
        "BODY",
      ]),
  },
  {
    name: "custom variables from setVar, with dot paths and the object form",
    container: container({
      rules: [
        rule("vars", {
          events: [manual("v")],
          actions: [record("a", "%myVar%"), record("b", "%obj.a.b%"), record("c", "%k1%-%k2%")],
        }),
      ],
    }),
    options: {
      after: async (page) => {
        await page.evaluate(
          "_satellite.setVar('myVar', 'mv'); _satellite.setVar('obj', {a: {b: 3}}); _satellite.setVar({k1: 'one', k2: 'two'})",
        );
        await fire("v")(page);
      },
    },
    check: (r) =>
      expect(r.events.slice(1).map((e) => (e as unknown[])[3])).toEqual(["mv", 3, "one-two"]),
  },
  {
    name: "data elements resolve nested tokens, default values, cleanText and forceLowerCase",
    container: container({
      dataElements: {
        inner: de("  Mixed   Case  "),
        outer: de("%inner%", { cleanText: true, forceLowerCase: true }),
        fallback: de(null, { defaultValue: "dflt" }),
        "name.with.dots": de("dotted"),
      },
      rules: [
        rule("de", {
          actions: [
            record("outer", "%outer%"),
            record("fallback", "%fallback%"),
            record("dots", "%name.with.dots%"),
          ],
        }),
      ],
    }),
    check: (r) =>
      expect(r.events.map((e) => (e as unknown[])[3])).toEqual(["mixed case", "dflt", "dotted"]),
  },
  {
    name: "storageDuration: a null value falls back to the stored one (pageview, session, visitor)",
    container: container({
      dataElements: {
        pv: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "pvValue" },
          storageDuration: "pageview",
        },
        ss: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "ssValue" },
          storageDuration: "session",
        },
        vs: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "vsValue" },
          storageDuration: "visitor",
        },
      },
    }),
    options: {
      after: (page) =>
        page.evaluate(`
          window.pvValue = 'p1'; window.ssValue = {s: 1}; window.vsValue = 'v1';
          var first = [_satellite.getVar('pv'), _satellite.getVar('ss'), _satellite.getVar('vs')];
          window.pvValue = null; window.ssValue = undefined; window.vsValue = null;
          var second = [_satellite.getVar('pv'), _satellite.getVar('ss'), _satellite.getVar('vs')];
          window.__events.push(first, second, [sessionStorage.getItem('com.adobe.reactor.dataElements.ss'), localStorage.getItem('com.adobe.reactor.dataElements.vs')]);`),
    },
    check: (r) =>
      expect(r.events).toEqual([
        ["p1", { s: 1 }, "v1"],
        ["p1", { s: 1 }, "v1"],
        ['{"s":1}', '"v1"'],
      ]),
  },
  {
    name: "storageDuration: nothing stored and no value reads as null",
    container: container({
      dataElements: {
        pv: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "unset" },
          storageDuration: "pageview",
        },
        vs: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "unset" },
          storageDuration: "visitor",
        },
        fn: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "fnValue" },
          storageDuration: "session",
        },
      },
    }),
    options: {
      after: (page) =>
        page.evaluate(`window.fnValue = function () {}; _satellite.getVar('fn');
          window.__events.push([_satellite.getVar('pv'), _satellite.getVar('vs'), sessionStorage.getItem('com.adobe.reactor.dataElements.fn')]);`),
    },
    check: (r) => expect(r.events).toEqual([[null, null, null]]),
  },
  {
    name: "an unserialisable value is not stored",
    container: container({
      dataElements: {
        circ: {
          modulePath: `${P}/dataElements/global.js`,
          settings: { name: "circValue" },
          storageDuration: "visitor",
        },
      },
    }),
    options: {
      after: (page) =>
        page.evaluate(`var o = {}; o.self = o; window.circValue = o; _satellite.getVar('circ');
          window.__events.push(localStorage.getItem('com.adobe.reactor.dataElements.circ'));`),
    },
    check: (r) => expect(r.events).toEqual([null]),
  },
  {
    name: "circular data element references stop past depth 10 and are logged",
    container: container({
      dataElements: { circA: de("%circB%"), circB: de("%circA%") },
      rules: [rule("circular", { actions: [record("value", "%circA%")] })],
    }),
    check: (r) => {
      expect(logsOf(r)).toContain(
        "error: 🚀 Data element circular reference detected: circA -> circB -> circA -> circB",
      );
      expect(r.events).toHaveLength(1);
      expect((r.events[0] as unknown[])[3]).toMatch(/^%circ[AB]%$/);
    },
  },
  {
    name: "failing data element modules are logged and yield undefined",
    container: container({
      dataElements: {
        broken: { modulePath: `${P}/dataElements/throws.js`, settings: {} },
        notFn: { modulePath: `${P}/dataElements/notFn.js`, settings: {} },
        missing: { modulePath: `${P}/dataElements/missing.js`, settings: {} },
      },
      modules: {
        [`${P}/dataElements/notFn.js`]: {
          name: "nf",
          displayName: "Not a function",
          script: (module: { exports: unknown }) => void (module.exports = 42),
        },
      },
      rules: [
        rule("bad des", {
          actions: [
            push(
              "[_satellite.getVar('broken'), _satellite.getVar('notFn'), _satellite.getVar('missing')]",
            ),
          ],
        }),
      ],
    }),
    check: (r) => {
      expect(r.events).toEqual([[undefined, undefined, undefined]]);
      const logs = logsOf(r);
      expect(logs).toContain(
        `Failed to execute data element module ${P}/dataElements/throws.js for data element broken. data element broke`,
      );
      expect(logs).toContain(
        `Failed to execute data element module ${P}/dataElements/notFn.js for data element notFn. Module did not export a function.`,
      );
      expect(logs).toContain(
        `Failed to execute data element module ${P}/dataElements/missing.js for data element missing. Module ${P}/dataElements/missing.js not found.`,
      );
    },
  },
  // --- conditions and actions, sequencing off ---------------------------------------------
  {
    name: "an unmet condition stops the rule; negate inverts",
    container: container({
      rules: [
        rule("unmet", { conditions: [cond(true), cond(0)], actions: [record("no")] }),
        rule("negated", { conditions: [cond(false, { negate: true })], actions: [record("yes")] }),
      ],
    }),
    check: (r) => {
      expect(r.events).toEqual([["action", "negated", "yes", null]]);
      expect(r.logs).toContain('log: 🚀 Condition "Value Condition" for rule "unmet" was not met.');
      expect(r.logs).toContain('log: 🚀 Rule "negated" fired.');
    },
  },
  {
    name: "a throwing condition is logged and stops the rule",
    container: container({
      rules: [
        rule("throws", {
          conditions: [
            { modulePath: `${P}/conditions/throws.js`, settings: { message: "cond broke" } },
          ],
          actions: [record("no")],
        }),
      ],
    }),
    check: (r) => {
      expect(r.events).toEqual([]);
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Throwing Condition" for "throws" rule. cond broke',
      );
    },
  },
  {
    name: "a condition returning a promise needs sequencing",
    container: container({
      rules: [
        rule("promise cond", {
          conditions: [
            { modulePath: `${P}/conditions/delayed.js`, settings: { value: true, delay: 1 } },
          ],
          actions: [record("no")],
        }),
      ],
    }),
    check: (r) => {
      expect(r.events).toEqual([]);
      expect(logsOf(r)).toContain(
        'Failed to execute "Delayed Condition" for "promise cond" rule. Rule component sequencing must be enabled on the property for this condition to function properly.',
      );
    },
  },
  {
    name: "a throwing action skips the rest of the rule; later rules still run",
    container: container({
      rules: [
        rule("breaks", {
          actions: [
            record("1"),
            { modulePath: `${P}/actions/throws.js`, settings: { message: "action broke" } },
            record("2"),
          ],
        }),
        rule("after", { actions: [record("3")] }),
      ],
    }),
    check: (r) => {
      expect(r.events.map((e) => (e as string[])[2])).toEqual(["1", "3"]);
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Throwing Action" for "breaks" rule. action broke',
      );
      expect(logsOf(r)).not.toContain('Rule "breaks" fired.');
    },
  },
  {
    name: "without sequencing a never-settling action does not block the next",
    container: container({
      rules: [
        rule("no wait", {
          actions: [
            { modulePath: `${P}/actions/never.js`, settings: {}, timeout: 10, delayNext: true },
            record("next"),
          ],
        }),
      ],
    }),
    check: (r) => {
      expect(r.events).toEqual([["action", "no wait", "next", null]]);
      expect(r.logs).toContain('log: 🚀 Rule "no wait" fired.');
    },
  },
  // --- sequencing on ------------------------------------------------------------------------
  {
    name: "sequenced: an async condition is awaited and rules keep trigger order",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("slow", {
          events: [loaded(1)],
          conditions: [
            {
              modulePath: `${P}/conditions/delayed.js`,
              settings: { value: true, delay: 30 },
              timeout: 2000,
            },
          ],
          actions: [record("slow")],
        }),
        rule("fast", { events: [loaded(2)], actions: [record("fast")] }),
      ],
    }),
    options: { after: (page) => pageWait(page, 80) },
    check: (r) => expect(r.events.map((e) => (e as string[])[2])).toEqual(["slow", "fast"]),
  },
  {
    name: "sequenced: a condition over its timeout fails with the timeout message",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("too slow", {
          conditions: [
            {
              modulePath: `${P}/conditions/delayed.js`,
              settings: { value: true, delay: 300 },
              timeout: 20,
            },
          ],
          actions: [record("no")],
        }),
        rule("next", { actions: [record("yes")] }),
      ],
    }),
    options: { after: (page) => pageWait(page, 60) },
    check: (r) => {
      expect(r.events).toEqual([["action", "next", "yes", null]]);
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Delayed Condition" for "too slow" rule. A timeout occurred because the condition took longer than 0.02 seconds to complete. ',
      );
    },
  },
  {
    name: "sequenced: delayNext waits for the action; without it the next action starts at once",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("waits", {
          actions: [
            {
              modulePath: `${P}/actions/delayed.js`,
              settings: { delay: 20, label: "d1" },
              timeout: 1000,
              delayNext: true,
            },
            record("after d1"),
          ],
        }),
        rule("no wait", {
          actions: [
            {
              modulePath: `${P}/actions/delayed.js`,
              settings: { delay: 20, label: "d2" },
              timeout: 1000,
              delayNext: false,
            },
            record("after d2"),
          ],
        }),
      ],
    }),
    options: { after: (page) => pageWait(page, 100) },
    check: (r) =>
      expect(r.events.map((e) => (e as string[])[2])).toEqual(["d1", "after d1", "after d2", "d2"]),
  },
  {
    name: "sequenced: an action over its timeout stops the rule",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("slow action", {
          actions: [
            { modulePath: `${P}/actions/never.js`, settings: {}, timeout: 20, delayNext: true },
            record("never"),
          ],
        }),
      ],
    }),
    options: { after: (page) => pageWait(page, 60) },
    check: (r) => {
      expect(r.events).toEqual([]);
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Never Settles" for "slow action" rule. A timeout occurred because the action took longer than 0.02 seconds to complete. ',
      );
    },
  },
  {
    name: "sequenced: rejections with non-Errors are normalised",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("object", {
          conditions: [
            {
              modulePath: `${P}/conditions/rejects.js`,
              settings: { reason: { code: 42 } },
              timeout: 500,
            },
          ],
        }),
        rule("nothing", {
          actions: [
            { modulePath: `${P}/actions/rejects.js`, settings: {}, timeout: 500, delayNext: true },
          ],
        }),
        rule("text", {
          actions: [
            {
              modulePath: `${P}/actions/rejects.js`,
              settings: { reason: "plain text" },
              timeout: 500,
              delayNext: true,
            },
          ],
        }),
      ],
    }),
    options: { after: (page) => pageWait(page, 20) },
    check: (r) => {
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Rejecting Condition" for "object" rule. {"code":42}',
      );
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Rejecting Action" for "nothing" rule. The extension triggered an error, but no error information was provided.',
      );
      expect(r.logs).toContain(
        'error: 🚀 Failed to execute "Rejecting Action" for "text" rule. plain text',
      );
    },
  },
  {
    name: "sequenced: an unmet async condition logs not met and the next rule runs",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("unmet async", {
          conditions: [
            {
              modulePath: `${P}/conditions/delayed.js`,
              settings: { value: false, delay: 5 },
              timeout: 500,
            },
          ],
          actions: [record("no")],
        }),
        rule("then", { actions: [record("yes")] }),
      ],
    }),
    options: { after: (page) => pageWait(page, 40) },
    check: (r) => {
      expect(r.events).toEqual([["action", "then", "yes", null]]);
      expect(r.logs).toContain(
        'log: 🚀 Condition "Delayed Condition" for rule "unmet async" was not met.',
      );
    },
  },
  {
    name: "sequenced: a direct trigger from an action runs after the current rule",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("outer", {
          events: [loaded(1)],
          actions: [evalAction("window.__fire('inner')"), record("outer done")],
        }),
        rule("inner", { events: [manual("inner", 2)], actions: [record("inner ran")] }),
      ],
    }),
    options: { after: (page) => pageWait(page, 20) },
    check: (r) =>
      expect(r.events.slice(1).map((e) => (e as string[])[2])).toEqual(["outer done", "inner ran"]),
  },
  {
    name: "unsequenced: a direct trigger from an action runs inside the current rule",
    container: container({
      rules: [
        rule("outer", {
          events: [loaded(1)],
          actions: [evalAction("window.__fire('inner')"), record("outer done")],
        }),
        rule("inner", { events: [manual("inner", 2)], actions: [record("inner ran")] }),
      ],
    }),
    check: (r) =>
      expect(r.events.slice(1).map((e) => (e as string[])[2])).toEqual(["inner ran", "outer done"]),
  },
  // --- monitors -------------------------------------------------------------------------------
  {
    name: "monitors see triggered, completed, condition failed and action failed",
    container: container({
      rules: [
        rule("ok", { actions: [record("ok")] }),
        rule("unmet", { conditions: [cond(false)] }),
        rule("bad action", {
          actions: [{ modulePath: `${P}/actions/throws.js`, settings: { message: "x" } }],
        }),
      ],
    }),
    options: {
      before: `window._satellite = { _monitors: [{
        ruleTriggered: function (e) { window.__events.push(['triggered', e.rule.name]); },
        ruleCompleted: function (e) { window.__events.push(['completed', e.rule.name]); },
        ruleConditionFailed: function (e) { window.__events.push(['conditionFailed', e.rule.name, e.condition.modulePath]); },
        ruleActionFailed: function (e) { window.__events.push(['actionFailed', e.rule.name, e.action.modulePath]); }
      }] };`,
    },
    check: (r) => {
      expect(r.events).toEqual([
        ["triggered", "ok"],
        ["action", "ok", "ok", null],
        ["completed", "ok"],
        ["triggered", "unmet"],
        ["conditionFailed", "unmet", `${P}/conditions/value.js`],
        ["triggered", "bad action"],
        ["actionFailed", "bad action", `${P}/actions/throws.js`],
      ]);
      expect(r.logs).toContain(
        "warn: 🚀 The _satellite._monitors API may change at any time and should only be used for debugging.",
      );
    },
  },
  // --- modules and require ------------------------------------------------------------------
  {
    name: "a module that throws while initialising is logged; others still run",
    container: container({
      modules: {
        [`${P}/actions/badInit.js`]: {
          name: "bad-init",
          displayName: "Bad Init",
          script: () => {
            throw new Error("init broke");
          },
        },
      },
      rules: [rule("still runs", { actions: [record("ok")] })],
    }),
    check: (r) => {
      expect(r.logs).toContain(
        `error: 🚀 Error initializing module ${P}/actions/badInit.js. init broke`,
      );
      expect(r.events).toEqual([["action", "still runs", "ok", null]]);
    },
  },
  {
    name: "require: relative paths, the seven reactor helpers, and unknown names",
    container: container({
      modules: {
        [`${P}/helpers/shared.js`]: {
          script: (module: { exports: unknown }) => void (module.exports = { answer: 41 }),
        },
        [`${P}/actions/requires.js`]: {
          name: "requires",
          displayName: "Requires",
          script: (module: { exports: unknown }, _e: unknown, require: (k: string) => any) => {
            module.exports = () => {
              const out: unknown[] = [];
              out.push(require("../helpers/shared").answer + 1);
              out.push(require("./../helpers/shared.js").answer);
              const cookie = require("@adobe/reactor-cookie");
              cookie.set("diff", "a b;c", { expires: 1 });
              out.push(cookie.get("diff"));
              cookie.remove("diff");
              out.push(cookie.get("diff") === undefined);
              out.push(require("@adobe/reactor-query-string").parse("?a=1&b=2&b=3"));
              out.push(
                require("@adobe/reactor-query-string").stringify({ x: "1 2", y: ["a", "b"] }),
              );
              out.push(require("@adobe/reactor-object-assign")({}, { o: 1 }));
              out.push(require("@adobe/reactor-promise") === Promise);
              out.push(
                require("@adobe/reactor-window") === window &&
                  require("@adobe/reactor-document") === document,
              );
              out.push(typeof require("@adobe/reactor-load-script"));
              try {
                require("lodash");
              } catch (e) {
                out.push((e as Error).message);
              }
              (window as any).__events.push(out);
            };
          },
        },
      },
      rules: [
        rule("requires", { actions: [{ modulePath: `${P}/actions/requires.js`, settings: {} }] }),
      ],
    }),
    check: (r) =>
      expect(r.events).toEqual([
        [
          42,
          41,
          "a b;c",
          true,
          { a: "1", b: ["2", "3"] },
          "x=1%202&y=a&y=b",
          { o: 1 },
          true,
          true,
          "function",
          'Cannot resolve module "lodash".',
        ],
      ]),
  },
  {
    name: "load-script rejects with 'Failed to load script <url>'",
    container: container({
      modules: {
        [`${P}/actions/loader.js`]: {
          name: "loader",
          displayName: "Loader",
          script: (module: { exports: unknown }, _e: unknown, require: (k: string) => any) => {
            module.exports = () =>
              require("@adobe/reactor-load-script")("https://site.test/missing.js").then(
                () => (window as any).__events.push("loaded"),
                (e: Error) => (window as any).__events.push(e.message),
              );
          },
        },
      },
      rules: [rule("loads", { actions: [{ modulePath: `${P}/actions/loader.js`, settings: {} }] })],
    }),
    options: {
      after: (page) => page.waitForFunction("window.__events.length > 0").then(() => undefined),
    },
    check: (r) => expect(r.events).toEqual(["Failed to load script https://site.test/missing.js"]),
  },
  {
    name: "ESM default exports are used",
    container: container({
      modules: {
        [`${P}/actions/esm.js`]: {
          name: "esm",
          displayName: "ESM",
          script: (module: { exports: any }) => {
            module.exports.__esModule = true;
            module.exports.default = () => (window as any).__events.push("esm default");
          },
        },
      },
      rules: [rule("esm", { actions: [{ modulePath: `${P}/actions/esm.js`, settings: {} }] })],
    }),
    check: (r) => expect(r.events).toEqual(["esm default"]),
  },
  {
    name: "the turbine object: settings, shared modules, hosted files, property, debug",
    container: container({
      extensionSettings: { account: "%acct%" },
      dataElements: { acct: de("acct-1") },
      modules: {
        [`${P}/shared/instance.js`]: {
          name: "instance",
          shared: true,
          script: (module: { exports: unknown }) => void (module.exports = { id: "shared-1" }),
        },
      },
      rules: [
        rule("turbine", {
          actions: [
            push(
              "[Object.keys(turbine).sort(), turbine.getExtensionSettings(), turbine.getSharedModule('test', 'instance'), turbine.getSharedModule('test', 'nope'), turbine.getHostedLibFileUrl('file.js'), turbine.property, turbine.propertySettings.domains, turbine.environment.stage, turbine.buildInfo.buildDate, turbine.debugEnabled, turbine.getDataElementValue('acct'), turbine.replaceTokens({a: ['%acct%']})]",
            ),
          ],
        }),
      ],
    }),
    check: (r) =>
      expect(r.events).toEqual([
        [
          [
            "buildInfo",
            "debugEnabled",
            "environment",
            "getDataElementValue",
            "getExtensionSettings",
            "getHostedLibFileUrl",
            "getSharedModule",
            "logger",
            "onDebugChanged",
            "property",
            "propertySettings",
            "replaceTokens",
          ],
          { account: "acct-1" },
          { id: "shared-1" },
          undefined,
          "/libs/test/file.min.js",
          { name: "Differential", id: "PR0123456789abcdef0123456789abcdef" },
          ["site.test"],
          "production",
          "2025-03-26T00:00:00Z",
          true,
          "acct-1",
          { a: ["acct-1"] },
        ],
      ]),
  },
  {
    name: "extension loggers are prefixed with the extension name",
    container: container({
      rules: [
        rule("log", {
          actions: [evalAction("turbine.logger.warn('hello', 1); turbine.logger.error('bad')")],
        }),
      ],
    }),
    check: (r) => {
      expect(r.logs).toContain("warn: 🚀 [Test Extension] hello 1");
      expect(r.logs).toContain("error: 🚀 [Test Extension] bad");
    },
  },
  // --- _satellite -------------------------------------------------------------------------------
  {
    name: "_satellite API surface, container removal and placeholders",
    container: container(),
    options: {
      after: (page) =>
        page.evaluate(`window.__events.push(Object.keys(_satellite).sort(), 'container' in _satellite, _satellite.property, _satellite.environment, _satellite.company.orgId, _satellite.getVisitorId(), Object.keys(_satellite.logger).sort());
          _satellite.track('nobody-listens');`),
    },
    check: (r) => {
      expect(r.events).toEqual([
        [
          "buildInfo",
          "company",
          "cookie",
          "environment",
          "getVar",
          "getVisitorId",
          "logger",
          "notify",
          "pageBottom",
          "property",
          "readCookie",
          "removeCookie",
          "setCookie",
          "setDebug",
          "setVar",
          "track",
        ],
        false,
        { name: "Differential", id: "PR0123456789abcdef0123456789abcdef" },
        { id: "EN0123456789abcdef0123456789abcdef", stage: "production" },
        "ABCDEF0123456789ABCDEF01@AdobeOrg",
        null,
        ["debug", "error", "info", "log", "warn"],
      ]);
      expect(r.logs).toContain(
        'log: 🚀 "nobody-listens" does not match any direct call identifiers.',
      );
    },
  },
  {
    name: "deprecated _satellite members still work and say what to use",
    container: container(),
    options: {
      after: (page) =>
        page.evaluate(`_satellite.setCookie('old', 'v', 3); window.__events.push(_satellite.readCookie('old')); _satellite.removeCookie('old');
          window.__events.push(_satellite.readCookie('old') === undefined); _satellite.notify('note', 4); _satellite.notify('info note', 3);
          window.__events.push(_satellite.buildInfo.environment);`),
    },
    check: (r) => {
      expect(r.events).toEqual(["v", true, "production"]);
      const logs = logsOf(r);
      expect(logs).toContain(
        'warn: 🚀 _satellite.setCookie is deprecated. Please use _satellite.cookie.set("old", "v", { expires: 3 }).',
      );
      expect(logs).toContain(
        'warn: 🚀 _satellite.readCookie is deprecated. Please use _satellite.cookie.get("old").',
      );
      expect(logs).toContain(
        'warn: 🚀 _satellite.removeCookie is deprecated. Please use _satellite.cookie.remove("old").',
      );
      expect(logs).toContain(
        "warn: 🚀 _satellite.notify is deprecated. Please use the `_satellite.logger` API.",
      );
      expect(logs).toContain("warn: 🚀 [Custom Script] note");
      expect(logs).toContain("info: 🚀 [Custom Script] info note");
      expect(logs).toContain(
        "warn: 🚀 container.buildInfo.environment is deprecated.Please use `container.environment.stage` instead",
      );
    },
  },
  {
    name: "_satellite.cookie defaults to path / and reads back",
    container: container(),
    options: {
      after: (page) =>
        page.evaluate(
          `_satellite.cookie.set('c1', 'x=y', {}); window.__events.push(_satellite.cookie.get('c1'), document.cookie.indexOf('c1=x=y') >= 0, typeof _satellite.cookie.get());`,
        ),
    },
    check: (r) => expect(r.events).toEqual(["x=y", true, "object"]),
  },
  {
    name: "_satellite.cookie.get reads as js-cookie 2: first of a name, quotes, nameless pairs",
    container: container(),
    options: {
      after: (page) =>
        page.evaluate(`document.cookie = "dup=host; path=/";
          document.cookie = "dup=domain; path=/; domain=site.test";
          document.cookie = 'quoted="a%20b"; path=/';
          document.cookie = 'half="abc; path=/';
          document.cookie = "lonely; path=/";
          const all = _satellite.cookie.get();
          window.__events.push(document.cookie.indexOf("dup=host") < document.cookie.indexOf("dup=domain"),
            _satellite.cookie.get("dup"), all.dup, _satellite.cookie.get("quoted"), _satellite.cookie.get("half"),
            all.lonely, typeof _satellite.cookie.get(""), _satellite.cookie.get("absent"));`),
    },
    check: (r) =>
      expect(r.events).toEqual([true, "host", "domain", "a b", "ab", "", "object", undefined]),
  },
  {
    name: "setDebug toggles output, persists it and notifies onDebugChanged",
    container: container({
      rules: [
        rule("listen", {
          actions: [
            evalAction(
              "turbine.onDebugChanged(function (on) { window.__events.push(['changed', on]); })",
            ),
          ],
        }),
      ],
    }),
    options: {
      after: (page) =>
        page.evaluate(`_satellite.setDebug(false); _satellite.logger.log('silent'); window.__events.push(localStorage.getItem('com.adobe.reactor.debug'));
          _satellite.setDebug(true); _satellite.setDebug(true); _satellite.logger.log('loud');`),
    },
    check: (r) => {
      expect(r.events).toEqual([["changed", false], "false", ["changed", true]]);
      expect(r.logs).toContain("log: 🚀 [Custom Script] loud");
      expect(logsOf(r)).not.toContain("silent");
    },
  },
  {
    name: "debug off: the logger is silent",
    container: container({ rules: [rule("quiet", { actions: [record("q")] })] }),
    options: { debug: false },
    check: (r) => {
      expect(r.events).toEqual([["action", "quiet", "q", null]]);
      expect(r.logs).toEqual([]);
    },
  },
  {
    name: "_satellite._container warns on first access",
    container: container(),
    options: {
      after: (page) =>
        page.evaluate(
          `window.__events.push(_satellite._container.property.name, !!_satellite._container.rules)`,
        ),
    },
    check: (r) => {
      expect(r.events).toEqual(["Differential", true]);
      expect(
        r.logs.filter((l) => l.includes("_satellite._container may change at any time")),
      ).toHaveLength(1);
    },
  },
  {
    name: "a second copy of the library does nothing",
    container: container({ rules: [rule("once", { actions: [record("once")] })] }),
    options: { twice: true },
    check: (r) => expect(r.events).toEqual([["action", "once", "once", null]]),
  },
  {
    name: "IE 9 and below: a warning and no start",
    container: container({ rules: [rule("never", { actions: [record("no")] })] }),
    options: { before: "window.atob = undefined;" },
    check: (r) => {
      expect(r.events).toEqual([]);
      expect(r.logs).toContain("warn: Adobe Launch is unsupported in IE 9 and below.");
    },
  },
  // --- dynamic host -----------------------------------------------------------------------------
  {
    name: "dynamic host: an allowed host starts and hosted files come from it",
    container: container({
      company: {
        orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
        dynamicCdnEnabled: true,
        cdnAllowList: ["cdn.site.test"],
      },
      rules: [rule("dyn", { actions: [push("turbine.getHostedLibFileUrl('a.js')")] })],
    }),
    options: { libraryUrl: "https://cdn.site.test/libs/launch-x.min.js" },
    check: (r) => expect(r.events).toEqual(["https://cdn.site.test/libs/test/a.min.js"]),
  },
  {
    name: "dynamic host: a host missing from the allow list stops the library",
    container: container({
      company: {
        orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
        dynamicCdnEnabled: true,
        cdnAllowList: ["cdn.other.test"],
      },
      rules: [rule("blocked", { actions: [record("no")] })],
    }),
    check: (r) => expect(r.events).toEqual([]),
    differs: {
      // turbine rethrows into the page as an uncaught error.
      turbine: (r) =>
        expect(r.errors.join()).toContain(
          "This library is not authorized for this domain. Please contact your CSM for more information.",
        ),
      // we report it on the console and leave the page alone.
      liftoff: (r) => {
        expect(r.errors).toEqual([]);
        expect(logsOf(r)).toContain(
          "error: 🚀 Please review the following error: This library is not authorized for this domain. Please contact your CSM for more information.",
        );
      },
    },
  },
  {
    name: "dynamic host: an empty allow list is still enforced",
    container: container({
      company: {
        orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
        dynamicCdnEnabled: true,
        cdnAllowList: [],
      },
      rules: [rule("blocked", { actions: [record("no")] })],
    }),
    check: (r) => expect(r.events).toEqual([]),
    differs: {
      turbine: (r) =>
        expect(r.errors.join()).toContain("This library is not authorized for this domain."),
      liftoff: (r) =>
        expect(logsOf(r)).toContain("This library is not authorized for this domain."),
    },
  },
  {
    name: "dynamic host disabled: no allow list check",
    container: container({
      company: {
        orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
        dynamicCdnEnabled: false,
        cdnAllowList: ["cdn.other.test"],
      },
      rules: [rule("open", { actions: [push("turbine.getHostedLibFileUrl('b.js')")] })],
    }),
    check: (r) => expect(r.events).toEqual(["/libs/test/b.min.js"]),
  },
  // --- fixed quirks -------------------------------------------------------------------------------
  {
    name: "an event module that is not a function names the rule and module (quirk §8.1)",
    container: container({
      modules: {
        [`${P}/events/notFn.js`]: {
          name: "not-fn",
          displayName: "Broken Event",
          script: (module: { exports: unknown }) => void (module.exports = "nope"),
        },
      },
      rules: [
        rule("broken event", {
          events: [{ modulePath: `${P}/events/notFn.js`, settings: {}, ruleOrder: 50 }],
        }),
        rule("fine", { actions: [record("fine")] }),
      ],
    }),
    check: (r) => expect(r.events).toEqual([["action", "fine", "fine", null]]),
    differs: {
      turbine: (r) =>
        expect(r.logs).toContain(
          'error: 🚀 Failed to execute "[object Object]" for "[object Object]" rule. Module did not export a function.',
        ),
      liftoff: (r) =>
        expect(r.logs).toContain(
          'error: 🚀 Failed to execute "Broken Event" for "broken event" rule. Module did not export a function.',
        ),
    },
  },
  {
    name: "a missing action module is a logged failure of that rule (quirk §8.2)",
    container: container({
      rules: [
        rule("missing action", {
          events: [manual("go")],
          actions: [{ modulePath: `${P}/actions/gone.js`, settings: {} }],
        }),
        rule("other", { events: [manual("go")], actions: [record("other")] }),
      ],
    }),
    options: {
      after: async (page) =>
        void (await page.evaluate(
          "try { window.__fire('go') } catch (e) { window.__events.push(['thrown', e.message]) }",
        )),
    },
    check: () => undefined,
    differs: {
      turbine: (r) =>
        expect(r.events).toContainEqual(["thrown", `Module ${P}/actions/gone.js not found.`]),
      liftoff: (r) => {
        expect(r.logs).toContain(
          `error: 🚀 Failed to execute "${P}/actions/gone.js" for "missing action" rule. Module ${P}/actions/gone.js not found.`,
        );
        expect(r.events).toContainEqual(["action", "other", "other", null]);
        expect(r.errors).toEqual([]);
      },
    },
  },
  {
    name: "sequenced: a missing timeout means Launch's 2 s default, not 0 (quirk §8.3)",
    container: container({
      settings: { ruleComponentSequencingEnabled: true },
      rules: [
        rule("no timeout", {
          conditions: [
            { modulePath: `${P}/conditions/delayed.js`, settings: { value: true, delay: 10 } },
          ],
          actions: [record("ran")],
        }),
      ],
    }),
    options: { after: (page) => pageWait(page, 50) },
    check: () => undefined,
    differs: {
      turbine: (r) =>
        expect(logsOf(r)).toContain(
          "A timeout occurred because the condition took longer than NaN seconds",
        ),
      liftoff: (r) => expect(r.events).toEqual([["action", "no timeout", "ran", null]]),
    },
  },
  {
    name: "a late rejection of an unsequenced action is logged, never an unhandled rejection",
    container: container({
      rules: [
        rule("late reject", {
          actions: [
            { modulePath: `${P}/actions/rejects.js`, settings: { reason: "late" } },
            record("next"),
          ],
        }),
      ],
    }),
    check: (r) => expect(r.events).toEqual([["action", "late reject", "next", null]]),
    differs: {
      turbine: (r) => expect(r.errors).toContain("unhandledrejection: late"),
      liftoff: (r) => {
        expect(r.errors).toEqual([]);
        expect(r.logs).toContain(
          'error: 🚀 Failed to execute "Rejecting Action" for "late reject" rule. late',
        );
      },
    },
  },
];

// Scenarios are independent (a fresh browser context each): let both workers share them.
test.describe.configure({ mode: "parallel" });

test.describe("runtime vs turbine 28.1.0", () => {
  for (const s of scenarios) {
    test(s.name, async ({ browser }) => {
      const [turbine, liftoff] = await Promise.all(
        ENGINES.map((e) => runContainer(browser, e, s.container, s.options)),
      );
      s.check(liftoff!);
      if (s.differs) {
        s.differs.turbine(turbine!);
        s.differs.liftoff(liftoff!);
        return;
      }
      s.check(turbine!);
      expect(liftoff!.logs).toEqual(turbine!.logs);
      expect(liftoff!.events).toEqual(turbine!.events);
      expect(liftoff!.errors).toEqual(turbine!.errors);
    });
  }
});

// --- Core's custom-code callbacks ------------------------------------------------------
// Launch's Core cannot be loaded here (its code stays out of the repository), so turbine runs
// a Core-shaped module of our own and our engine runs Liftoff's built Core action: the same
// external RC…-source.js files must give the same _satellite keys, logs and events.
const CUSTOM_CODE = "core/src/lib/actions/customCode.js";
const builtModules = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../builder/dist/modules.json"), "utf8"),
) as { modules: Record<string, { script: string }> };
// A function whose source is the built script, so toSource writes it verbatim.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const liftoffCustomCode = new Function(`return ${builtModules.modules[CUSTOM_CODE]!.script}`)();

const rcUrl = (name: string) => `${ORIGIN}/rc/RC${name}-source.min.js`;
const rcFile = (name: string, html: string) =>
  `_satellite.__registerScript(${JSON.stringify(rcUrl(name))}, ${JSON.stringify(html)});`;
const callback = (fn: string) =>
  `<script>window.__events.push(["callback", \${reactorCallbackId}]);_satellite.${fn}(\${reactorCallbackId});</script>`;

function customCodeContainer(script: unknown): object {
  const external = (name: string) => ({
    modulePath: CUSTOM_CODE,
    settings: { language: "html", isExternal: true, source: rcUrl(name) },
    timeout: 2000,
    delayNext: true,
  });
  return container({
    settings: { ruleComponentSequencingEnabled: true },
    rules: [
      rule("rc success", {
        events: [manual("ok")],
        actions: [external("ok"), record("after success")],
      }),
      rule("rc failure", {
        events: [manual("fail")],
        actions: [external("fail"), record("after failure")],
      }),
      rule("sentinel", { events: [manual("done")], actions: [record("done")] }),
    ],
    extensions: {
      core: {
        displayName: "Core",
        modules: { [CUSTOM_CODE]: { name: "custom-code", displayName: "Custom Code", script } },
      },
    },
  });
}

test("Core custom code: _onCustomCodeSuccess/_onCustomCodeFailure as Core defines them", async ({
  browser,
}) => {
  const options: RunOptions = {
    scripts: {
      [rcUrl("ok")]: rcFile("ok", callback("_onCustomCodeSuccess")),
      // A second call for a settled id is ignored.
      [rcUrl("fail")]: rcFile(
        "fail",
        callback("_onCustomCodeFailure") + "<script>_satellite._onCustomCodeSuccess(1);</script>",
      ),
    },
    after: async (page) => {
      await page.evaluate(() => {
        const s = (window as unknown as { _satellite: Record<string, unknown> })._satellite;
        const keys = ["__registerScript", "_onCustomCodeSuccess", "_onCustomCodeFailure"];
        (window as unknown as { __events: unknown[] }).__events.push([
          "at load",
          keys.map((k) => typeof s[k]),
        ]);
      });
      await page.evaluate("window.__fire('ok'); window.__fire('fail'); window.__fire('done')");
      // The sequenced queue runs the sentinel rule only after both custom-code actions settled.
      await page.waitForFunction(() =>
        (window as unknown as { __events: unknown[][] }).__events.some((e) => e[2] === "done"),
      );
    },
  };
  const [turbine, liftoff] = await Promise.all([
    runContainer(browser, "turbine", customCodeContainer(coreShapedCustomCode), options),
    runContainer(browser, "liftoff", customCodeContainer(liftoffCustomCode), options),
  ]);
  for (const r of [turbine, liftoff]) {
    expect(r.events).toEqual([
      ["event-init", "ok"],
      ["event-init", "fail"],
      ["event-init", "done"],
      ["at load", ["function", "function", "function"]],
      ["callback", 0],
      ["action", "rc success", "after success", null],
      ["callback", 1],
      ["action", "sentinel", "done", null],
    ]);
    expect(r.logs).toContain(
      'error: 🚀 Failed to execute "Custom Code" for "rc failure" rule. The extension triggered an error, but no error information was provided.',
    );
  }
  expect(liftoff.logs).toEqual(turbine.logs);
  expect(liftoff.errors).toEqual(turbine.errors);
});
