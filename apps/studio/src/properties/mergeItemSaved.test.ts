import type { ItemSaved, PropertyRule, PropertyState } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { propertyState, resourcesOf } from "../../test/fixtures.ts";
import { isItemAnswer, mergeItemSaved } from "./mergeItemSaved.ts";

const rule = (n: number): PropertyRule => ({
  id: `RL${n}`,
  name: `rule ${n}`,
  events: [],
  conditions: [],
  actions: [],
});

/** Four rules at revision 10; rules 1 and 3 each have a problem, rule 2 a warning. */
function fourRules(): PropertyState {
  const base = propertyState({ revision: 10 });
  const document = { ...base.document, rules: [0, 1, 2, 3].map(rule) };
  return {
    ...base,
    document,
    resources: resourcesOf(document),
    problems: [
      { path: "rules[1].actions[0].settings.source", message: "one" },
      { path: "rules[3]", message: "three" },
      { path: "dataElements[0].settings.path", message: "a data element's" },
    ],
    disabledProblems: [{ path: "rules[3].events", message: "three, disabled" }],
    warnings: [{ path: "rules[2]", message: "two has no event", severity: "warning" }],
  };
}

const answer = (overrides: Partial<ItemSaved>): ItemSaved => ({
  revision: 11,
  updatedAt: "2026-11-29T07:00:00.000Z",
  updatedBy: "sam",
  resource: {
    kind: "rule",
    id: "RL1",
    name: "rule 1",
    revision: 2,
    updatedAt: "2026-11-29T07:00:00.000Z",
    updatedBy: "sam",
    deleted: false,
    changed: true,
    publishedRevision: 1,
  },
  item: { ...rule(1), name: "rule one" },
  index: 1,
  problems: [],
  disabledProblems: [],
  warnings: [],
  saved: { kind: "rule", id: "RL1", revision: 2 },
  ...overrides,
});

describe("mergeItemSaved", () => {
  it("replaces a changed item in place, with its resource and its own findings", () => {
    const state = fourRules();
    const merged = mergeItemSaved(
      state,
      answer({ problems: [{ path: "rules[1].name", message: "name taken" }] }),
    );
    expect(merged.document.rules.map((r) => r.name)).toEqual([
      "rule 0",
      "rule one",
      "rule 2",
      "rule 3",
    ]);
    expect(merged.resources.find((r) => r.id === "RL1")).toMatchObject({
      revision: 2,
      changed: true,
    });
    expect(merged.resources).toHaveLength(state.resources.length);
    // Rule 1's old problem is gone, its new one is there; others' findings are untouched.
    expect(merged.problems).toEqual([
      { path: "rules[3]", message: "three" },
      { path: "dataElements[0].settings.path", message: "a data element's" },
      { path: "rules[1].name", message: "name taken" },
    ]);
    expect(merged.disabledProblems).toEqual(state.disabledProblems);
    expect(merged.warnings).toEqual(state.warnings);
    expect(merged).toMatchObject({ revision: 11, updatedBy: "sam" });
    // The cached state itself is left as it was.
    expect(state.document.rules[1]!.name).toBe("rule 1");
    // The same answer merged again changes nothing more.
    expect(mergeItemSaved(merged, answer({ problems: merged.problems.slice(2) }))).toEqual(merged);
  });

  it("appends a created item and its resource", () => {
    const created = answer({
      resource: { ...answer({}).resource, id: "RL9", name: "rule 9", revision: 1 },
      item: rule(9),
      index: 4,
      warnings: [{ path: "rules[4]", message: "no event", severity: "warning" }],
      saved: { kind: "rule", id: "RL9", revision: 1 },
    });
    const merged = mergeItemSaved(fourRules(), created);
    expect(merged.document.rules.map((r) => r.id)).toEqual(["RL0", "RL1", "RL2", "RL3", "RL9"]);
    expect(merged.resources.at(-1)).toMatchObject({ kind: "rule", id: "RL9" });
    expect(merged.warnings?.map((w) => w.path)).toEqual(["rules[2]", "rules[4]"]);
  });

  it("removes a deleted item, keeps its resource as deleted, and shifts later findings down", () => {
    const deleted = answer({
      resource: { ...answer({}).resource, deleted: true, revision: 3 },
      item: null,
      index: 1,
    });
    const merged = mergeItemSaved(fourRules(), deleted);
    expect(merged.document.rules.map((r) => r.id)).toEqual(["RL0", "RL2", "RL3"]);
    expect(merged.resources.find((r) => r.id === "RL1")).toMatchObject({ deleted: true });
    expect(merged.problems).toEqual([
      { path: "rules[2]", message: "three" },
      { path: "dataElements[0].settings.path", message: "a data element's" },
    ]);
    expect(merged.disabledProblems).toEqual([
      { path: "rules[2].events", message: "three, disabled" },
    ]);
    expect(merged.warnings).toEqual([
      { path: "rules[1]", message: "two has no event", severity: "warning" },
    ]);
    // A second notice of the same delete (a colleague's stream) finds nothing more to move.
    expect(mergeItemSaved(merged, deleted)).toEqual(merged);
  });

  it("merges a data element without touching the rules' findings", () => {
    const state = fourRules();
    const merged = mergeItemSaved(
      state,
      answer({
        resource: { ...answer({}).resource, kind: "dataElement", id: "DE1", name: "page" },
        item: { ...state.document.dataElements[0]!, name: "page" },
        index: 0,
        saved: { kind: "dataElement", id: "DE1", revision: 2 },
      }),
    );
    expect(merged.document.dataElements.map((d) => d.name)).toEqual(["page"]);
    expect(merged.document.rules).toBe(state.document.rules);
    expect(merged.problems.map((p) => p.path)).toEqual([
      "rules[1].actions[0].settings.source",
      "rules[3]",
    ]);
  });

  it("keeps a saved item's cached warnings when the answer has none (validation brings them)", () => {
    const { warnings: _none, ...saved } = answer({
      resource: { ...answer({}).resource, id: "RL2", name: "rule 2" },
      item: rule(2),
      index: 2,
    });
    const merged = mergeItemSaved(fourRules(), saved);
    expect(merged.warnings).toEqual([
      { path: "rules[2]", message: "two has no event", severity: "warning" },
    ]);
  });

  it("tells an item's answer from a whole property's", () => {
    expect(isItemAnswer(answer({}))).toBe(true);
    expect(isItemAnswer(fourRules())).toBe(false);
  });
});
