import type { Container, ModuleScript } from "@liftoff/schema";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type startRuntimeType from "../startRuntime.ts";
import type createTraceHooksType from "./createTraceHooks.ts";
import type { TraceDraft } from "./createTraceHooks.ts";

// The engine's trace hooks exist only in preview builds: unbuilt sources read this global.
(globalThis as { __LIFTOFF_PREVIEW__?: boolean }).__LIFTOFF_PREVIEW__ = true;
let startRuntime: typeof startRuntimeType;
let createTraceHooks: typeof createTraceHooksType;
beforeAll(async () => {
  startRuntime = (await import("../startRuntime.ts")).default;
  createTraceHooks = (await import("./createTraceHooks.ts")).default;
});

type Fn = (...args: any[]) => unknown;
const script =
  (fn: Fn): ModuleScript =>
  (module) =>
    void (module.exports = fn);

// Core's path condition as its module compares (packages/core/src/lib/conditions/path.ts).
const pathCondition = (s: { paths: { value: string; valueIsRegex?: boolean }[] }) =>
  s.paths.some((i) =>
    i.valueIsRegex
      ? new RegExp(i.value, "i").test(location.pathname)
      : i.value === location.pathname,
  );

function container(parts: Partial<Container>, sequenced = false): Container {
  return {
    company: { orgId: "ORG@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "P",
      id: "PR1",
      settings: { undefinedVarsReturnEmpty: false, ruleComponentSequencingEnabled: sequenced },
    },
    buildInfo: { buildDate: "2025-03-26T00:00:00Z", minified: true },
    environment: { id: "EN1", stage: "development" },
    rules: [],
    dataElements: {},
    ...parts,
    extensions: {
      core: {
        displayName: "Core",
        modules: {
          "core/src/lib/events/libraryLoaded.js": {
            name: "library-loaded",
            displayName: "Library Loaded",
            script: script((_s, trigger: Fn) => trigger()),
          },
          "core/src/lib/conditions/path.js": {
            name: "path",
            displayName: "Path Without Query String",
            script: script(pathCondition),
          },
          "core/src/lib/dataElements/constant.js": {
            name: "constant",
            displayName: "Constant",
            script: script((s: { value: unknown }) => s.value),
          },
          "core/src/lib/actions/customCode.js": {
            name: "custom-code",
            displayName: "Custom Code",
            script: script((s: { run: string }) => {
              if (s.run === "throw") throw new Error("quote widget missing");
              if (s.run === "hang") return new Promise(() => {});
              return undefined;
            }),
          },
        },
      },
    },
  };
}

const loaded = { modulePath: "core/src/lib/events/libraryLoaded.js" };

/** Starts the engine with the prelude's hooks; resolves with the records once `done` says so. */
function run(c: Container, done: (records: TraceDraft[]) => boolean): Promise<TraceDraft[]> {
  const records: TraceDraft[] = [];
  return new Promise((resolve) => {
    const emit = (record: TraceDraft) => {
      records.push(record);
      if (done(records)) resolve(records);
    };
    startRuntime(c, { __liftoffTrace: createTraceHooks(emit, () => {}) }, "https://cdn.test/l.js");
  });
}
const rules = (records: TraceDraft[]) => records.filter((r) => r.type === "rule");

beforeEach(() => {
  history.replaceState(null, "", "/pcg/auto/quote");
  sessionStorage.clear();
});

describe("preview trace hooks", () => {
  it("reports a trigger and a rule with what its path condition compared", async () => {
    const records = await run(
      container({
        rules: [
          {
            id: "RL1",
            name: "Auto quote",
            events: [loaded],
            conditions: [
              {
                modulePath: "core/src/lib/conditions/path.js",
                settings: { paths: [{ value: "^/pcg/%section%", valueIsRegex: true }] },
              },
            ],
            actions: [
              { modulePath: "core/src/lib/actions/customCode.js", settings: { run: "ok" } },
            ],
          },
        ],
        dataElements: {
          section: {
            modulePath: "core/src/lib/dataElements/constant.js",
            settings: { value: "auto" },
          },
        },
      }),
      (r) => rules(r).length === 1,
    );
    const event = records.find((r) => r.type === "event")!;
    expect(event).toMatchObject({
      ruleId: "RL1",
      ruleName: "Auto quote",
      modulePath: "core/src/lib/events/libraryLoaded.js",
      eventName: "Library Loaded",
    });
    const rule = rules(records)[0]!;
    expect(rule).toMatchObject({
      triggerId: (event as { triggerId: string }).triggerId,
      outcome: "fired",
      sequenced: false,
      conditions: [
        {
          index: 0,
          name: "Path Without Query String",
          negate: false,
          outcome: "met",
          result: true,
          // The token resolved: what the module really ran with.
          compared: { left: "/pcg/auto/quote", operator: "matches regex", right: "^/pcg/auto" },
        },
      ],
      actions: [{ index: 0, name: "Custom Code", outcome: "ran" }],
    });
    expect(records.find((r) => r.type === "dataElement")).toMatchObject({
      name: "section",
      value: "auto",
      source: "computed",
      triggerId: rule.triggerId,
    });
  });

  it("reports a negated condition as not met, and the later components as skipped", async () => {
    const records = await run(
      container({
        rules: [
          {
            id: "RL2",
            name: "Not on quote pages",
            events: [loaded],
            conditions: [
              {
                modulePath: "core/src/lib/conditions/path.js",
                settings: { paths: [{ value: "/pcg/auto/quote" }] },
                negate: true,
              },
            ],
            actions: [
              { modulePath: "core/src/lib/actions/customCode.js", settings: { run: "ok" } },
            ],
          },
        ],
      }),
      (r) => rules(r).length === 1,
    );
    expect(rules(records)[0]).toMatchObject({
      outcome: "condition not met",
      conditions: [
        {
          negate: true,
          outcome: "not met",
          result: true,
          compared: { left: "/pcg/auto/quote", operator: "equals", right: "/pcg/auto/quote" },
        },
      ],
      actions: [{ outcome: "skipped" }],
    });
  });

  it("reports an action that throws as failed, with its error", async () => {
    const records = await run(
      container({
        rules: [
          {
            id: "RL3",
            name: "Broken",
            events: [loaded],
            actions: [
              { modulePath: "core/src/lib/actions/customCode.js", settings: { run: "throw" } },
              { modulePath: "core/src/lib/actions/customCode.js", settings: { run: "ok" } },
            ],
          },
        ],
      }),
      (r) => rules(r).length === 1,
    );
    expect(rules(records)[0]).toMatchObject({
      outcome: "action failed",
      actions: [
        { index: 0, outcome: "failed", error: "quote widget missing" },
        { index: 1, outcome: "skipped" },
      ],
    });
  });

  it("reports a sequenced action that times out", async () => {
    const records = await run(
      container(
        {
          rules: [
            {
              id: "RL4",
              name: "Slow",
              events: [loaded],
              actions: [
                {
                  modulePath: "core/src/lib/actions/customCode.js",
                  settings: { run: "hang" },
                  delayNext: true,
                  timeout: 30,
                },
              ],
            },
          ],
        },
        true,
      ),
      (r) => rules(r).length === 1,
    );
    const rule = rules(records)[0] as Extract<TraceDraft, { type: "rule" }>;
    expect(rule).toMatchObject({
      outcome: "action failed",
      sequenced: true,
      actions: [{ outcome: "timeout" }],
    });
    expect(rule.actions[0]!.error).toMatch(/^A timeout occurred because the action took longer/);
    expect(rule.actions[0]!.ms).toBeGreaterThanOrEqual(25);
  });

  it("says where a data element's value came from", async () => {
    sessionStorage.setItem("com.adobe.reactor.dataElements.kept", JSON.stringify("from before"));
    const records = await run(
      container({
        rules: [
          {
            id: "RL5",
            name: "Reads",
            events: [loaded],
            actions: [
              {
                modulePath: "core/src/lib/actions/customCode.js",
                settings: { run: "%kept%/%fallback%" },
              },
            ],
          },
        ],
        dataElements: {
          kept: {
            modulePath: "core/src/lib/dataElements/constant.js",
            settings: { value: null },
            storageDuration: "session",
          },
          fallback: {
            modulePath: "core/src/lib/dataElements/constant.js",
            settings: { value: null },
            defaultValue: "none",
          },
        },
      }),
      (r) => rules(r).length === 1,
    );
    const reads = records.filter((r) => r.type === "dataElement");
    expect(reads).toMatchObject([
      { name: "kept", value: "from before", source: "stored", storageDuration: "session" },
      { name: "fallback", value: "none", source: "default" },
    ]);
  });
});
