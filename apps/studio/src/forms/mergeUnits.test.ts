import { describe, expect, it } from "vitest";
import { applyChoices, mergeUnits } from "./mergeUnits.ts";

const base = {
  id: "RL1",
  name: "Page View",
  events: [{ id: "EV1", modulePath: "core/src/lib/events/pageBottom.js", settings: {} }],
  conditions: [],
  actions: [
    { id: "AC1", modulePath: "core/src/lib/actions/customCode.js", settings: { source: "a()" } },
    { id: "AC2", modulePath: "core/src/lib/actions/customCode.js", settings: { source: "b()" } },
  ],
};

describe("mergeUnits", () => {
  it("lists each differing leaf and each differing component, matched by id", () => {
    const mine = { ...base, name: "Mine", actions: [base.actions[1]!, base.actions[0]!] };
    const theirs = {
      ...base,
      description: "their notes",
      actions: [base.actions[0]!, { ...base.actions[1]!, settings: { source: "c()" } }],
    };
    expect(mergeUnits(mine, theirs).map((u) => [u.label, u.mine, u.theirs])).toEqual([
      ["Name", "Mine", "Page View"],
      ["Action AC2", base.actions[1], theirs.actions[1]],
      ["Description", undefined, "their notes"],
    ]);
  });

  it("finds nothing between equal versions", () => {
    expect(mergeUnits(base, structuredClone(base))).toEqual([]);
  });

  it("walks nested settings down to their leaves", () => {
    const units = mergeUnits(
      { settings: { path: "a", nested: { x: 1 } } },
      { settings: { path: "b", nested: { x: 1 } } },
    );
    expect(units.map((u) => u.label)).toEqual(["Settings › Path"]);
  });
});

describe("applyChoices", () => {
  it("keeps both people's edits when each keeps their own field", () => {
    const mine = { ...base, name: "Mine" };
    const theirs = { ...base, description: "theirs" };
    const choices = Object.fromEntries(
      mergeUnits(mine, theirs).map((u) => [u.key, u.label === "Name" ? "mine" : "theirs"] as const),
    );
    expect(applyChoices(mine, theirs, choices)).toEqual({
      ...base,
      name: "Mine",
      description: "theirs",
    });
  });

  it("takes their component, adds theirs that I lack, and drops one they deleted", () => {
    const mine = {
      ...base,
      actions: [base.actions[0]!, { id: "AC3", modulePath: "x/y.js", settings: {} }],
    };
    const theirs = {
      ...base,
      actions: [{ ...base.actions[0]!, settings: { source: "z()" } }, base.actions[1]!],
    };
    const all = Object.fromEntries(mergeUnits(mine, theirs).map((u) => [u.key, "theirs" as const]));
    expect(applyChoices(mine, theirs, all).actions).toEqual(theirs.actions);
    const none = Object.fromEntries(mergeUnits(mine, theirs).map((u) => [u.key, "mine" as const]));
    expect(applyChoices(mine, theirs, none)).toEqual(mine);
  });
});
