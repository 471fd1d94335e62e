import type { ExtensionManifest } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { catalog as coreCatalog } from "../../test/fixtures.ts";
import { applyChoices, defaultChoice, mergeUnits } from "./mergeUnits.ts";

const SEND = "web-sdk/src/lib/actions/sendEvent.js";
const catalog: ExtensionManifest[] = [
  ...coreCatalog,
  {
    name: "web-sdk",
    displayName: "Web SDK",
    version: "1.0.0",
    settings: {},
    modules: [
      {
        path: SEND,
        kind: "action",
        name: "send-event",
        displayName: "Send event",
        settings: {
          type: "object",
          properties: {
            type: { type: "string", title: "Event type" },
            xdm: { type: "object", title: "XDM data" },
          },
        },
      },
    ],
  },
];

/** Action settings of any shape: the tests put text or objects into the XDM. */
type Settings = Record<string, unknown>;
const base = {
  id: "RL1",
  name: "Page View",
  description: "Runs on every page",
  events: [{ id: "EV1", modulePath: "core/src/lib/events/pageBottom.js", settings: {} }],
  conditions: [
    {
      id: "CD1",
      modulePath: "core/src/lib/conditions/path.js",
      settings: { paths: [{ value: "/shop" }] },
    },
  ],
  actions: [
    {
      id: "AC1",
      modulePath: SEND,
      settings: { type: "web.webpagedetails.pageViews", xdm: "%xdm page%" } as Settings,
    },
    {
      id: "AC2",
      modulePath: "core/src/lib/actions/customCode.js",
      settings: { source: "b()" } as Settings,
    },
  ],
};
type Rule = typeof base;

const edit = (fn: (rule: Rule) => void): Rule => {
  const copy = structuredClone(base);
  fn(copy);
  return copy;
};

/** The choices a person makes by pressing "Merge" without touching a row. */
const defaults = (units: ReturnType<typeof mergeUnits>) =>
  Object.fromEntries(units.map((u) => [u.key, defaultChoice(u)!]));

describe("mergeUnits (three-way)", () => {
  it("keeps their edit of a part I never touched: the issue's selector, notes and XDM", () => {
    const mine = edit((r) => {
      r.conditions[0]!.settings.paths[0]!.value = "/shop/*";
      r.description = "Mine: shop pages";
    });
    const theirs = edit((r) => {
      r.actions[0]!.settings.xdm = "%xdm shop%";
    });
    const units = mergeUnits(base, mine, theirs, catalog);
    expect(units.map((u) => [u.label, u.changedBy, u.mine, u.theirs])).toEqual([
      ["Notes", "mine", "Mine: shop pages", "Runs on every page"],
      [
        "Condition 1: Path Without Query String › Paths",
        "mine",
        [{ value: "/shop/*" }],
        [{ value: "/shop" }],
      ],
      ["Action 1: Send event › XDM data", "theirs", "%xdm page%", "%xdm shop%"],
    ]);
    const merged = applyChoices(base, mine, theirs, defaults(units));
    expect(merged.actions[0]!.settings.xdm).toBe("%xdm shop%");
    expect(merged.description).toBe("Mine: shop pages");
    expect(merged.conditions[0]!.settings.paths).toEqual([{ value: "/shop/*" }]);
  });

  it("takes their name when I only edited the notes", () => {
    const mine = edit((r) => (r.description = "Mine"));
    const theirs = edit((r) => (r.name = "Page View (all pages)"));
    const merged = applyChoices(base, mine, theirs, {});
    expect(merged).toEqual({ ...base, name: "Page View (all pages)", description: "Mine" });
  });

  it("marks a field both changed differently, with no default; one changed alike is not listed", () => {
    const mine = edit((r) => {
      r.name = "Mine";
      r.actions[1]!.settings.source = "same()";
    });
    const theirs = edit((r) => {
      r.name = "Theirs";
      r.actions[1]!.settings.source = "same()";
    });
    const units = mergeUnits(base, mine, theirs, catalog);
    expect(units.map((u) => [u.label, u.changedBy, defaultChoice(u)])).toEqual([
      ["Name", "both", undefined],
    ]);
    expect(applyChoices(base, mine, theirs, { [units[0]!.key]: "theirs" }).name).toBe("Theirs");
    expect(applyChoices(base, mine, theirs, { [units[0]!.key]: "mine" }).name).toBe("Mine");
  });

  it("compares components by id, setting by setting, whatever their order", () => {
    const mine = edit((r) => {
      r.actions.reverse();
      r.actions[1]!.settings.type = "commerce.productViews";
    });
    const theirs = edit((r) => (r.actions[0]!.settings.xdm = { web: { name: "home" } }));
    const units = mergeUnits(base, mine, theirs, catalog);
    // Numbered as my form shows them: the Send event is my second action.
    expect(units.map((u) => [u.label, u.changedBy])).toEqual([
      ["Action 2: Send event › Event type", "mine"],
      ["Action 2: Send event › XDM data", "theirs"],
      ["Actions › Order", "mine"],
    ]);
    const merged = applyChoices(base, mine, theirs, {});
    expect(merged.actions.map((a) => a.id)).toEqual(["AC2", "AC1"]);
    expect(merged.actions[1]!.settings).toEqual({
      type: "commerce.productViews",
      xdm: { web: { name: "home" } },
    });
  });

  it("takes their new order of the actions while keeping my edit of one of them", () => {
    const mine = edit((r) => (r.actions[0]!.settings.type = "commerce.productViews"));
    const theirs = edit((r) => r.actions.reverse());
    const units = mergeUnits(base, mine, theirs, catalog);
    expect(units.map((u) => [u.label, u.changedBy])).toEqual([
      ["Action 1: Send event › Event type", "mine"],
      ["Actions › Order", "theirs"],
    ]);
    expect(units[1]!.order!.shown).toEqual({
      mine: "Action 1: Send event\nAction 2: Custom Code",
      theirs: "Action 1: Custom Code\nAction 2: Send event",
    });
    const merged = applyChoices(base, mine, theirs, {});
    expect(merged.actions.map((a) => a.id)).toEqual(["AC2", "AC1"]);
    expect(merged.actions[1]!.settings.type).toBe("commerce.productViews");
  });

  it("walks nested settings to the leaf that differs", () => {
    const start = edit((r) => (r.actions[0]!.settings.xdm = { web: { name: "a", url: "u" } }));
    const mine = structuredClone(start);
    (mine.actions[0]!.settings.xdm as { web: { url: string } }).web.url = "v";
    const theirs = structuredClone(start);
    (theirs.actions[0]!.settings.xdm as { web: { name: string } }).web.name = "b";
    const units = mergeUnits(start, mine, theirs, catalog);
    expect(units.map((u) => [u.label, u.mine, u.theirs])).toEqual([
      ["Action 1: Send event › XDM data › Web › Name", "a", "b"],
      ["Action 1: Send event › XDM data › Web › Url", "v", "u"],
    ]);
    expect(applyChoices(start, mine, theirs, {}).actions[0]!.settings.xdm).toEqual({
      web: { name: "b", url: "v" },
    });
  });

  it("adds the component they added, drops the one they removed, keeps the one I added", () => {
    const mine = edit((r) =>
      r.actions.push({
        id: "AC3",
        modulePath: "core/src/lib/actions/customCode.js",
        settings: { source: "c()" },
      }),
    );
    const theirs = edit((r) => {
      r.actions.splice(1, 1);
      r.events.push({ id: "EV2", modulePath: "core/src/lib/events/pageBottom.js", settings: {} });
    });
    const units = mergeUnits(base, mine, theirs, catalog);
    expect(units.map((u) => [u.label, u.changedBy])).toEqual([
      ["Event 2: Page Bottom", "theirs"],
      ["Action 2: Custom Code", "theirs"],
      ["Action 3: Custom Code", "mine"],
    ]);
    const merged = applyChoices(base, mine, theirs, {});
    expect(merged.events.map((e) => e.id)).toEqual(["EV1", "EV2"]);
    expect(merged.actions.map((a) => a.id)).toEqual(["AC1", "AC3"]);
  });

  it("labels a data element's fields as its form does", () => {
    const element = {
      id: "DE1",
      name: "page path",
      modulePath: "core/src/lib/dataElements/javascriptVariable.js",
      settings: { path: "location.pathname" },
    };
    const mine = { ...element, description: "Mine", cleanText: true };
    const theirs = { ...element, settings: { path: "digitalData.page.path" } };
    expect(mergeUnits(element, mine, theirs, catalog).map((u) => u.label)).toEqual([
      "JavaScript Variable › Path",
      "Clean text",
      "Notes",
    ]);
  });

  it("finds nothing between equal versions", () => {
    expect(mergeUnits(base, base, structuredClone(base))).toEqual([]);
  });
});
