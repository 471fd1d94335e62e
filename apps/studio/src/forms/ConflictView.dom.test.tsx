import type { EditConflict } from "@liftoff/schema";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import ConflictView from "./ConflictView.tsx";

afterEach(cleanup);

const CODE = "core/src/lib/actions/customCode.js";
const base = {
  id: "RL1",
  name: "Page View",
  description: "Runs on every page",
  events: [],
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
      modulePath: CODE,
      settings: { language: "javascript", source: "sendPageView('page');" },
    },
  ],
};
type Rule = typeof base & { enabled?: boolean };
const edit = (fn: (rule: Rule) => void): Rule => {
  const copy = structuredClone(base);
  fn(copy);
  return copy;
};

const conflictOf = (current: unknown): EditConflict => ({
  resource: { kind: "rule", id: "RL1", name: "Page View" },
  yourRevision: 5,
  currentRevision: 6,
  changedBy: "sam",
  changedAt: "2026-11-24T10:00:00.000Z",
  current,
});

function show(mine: Rule, theirs: Rule) {
  const onResolve = vi.fn<(next: Rule) => void>();
  renderStudio(
    <ConflictView
      conflict={conflictOf(theirs)}
      base={base}
      mine={mine}
      onResolve={onResolve}
      onDiscard={() => {}}
    />,
    { role: "editor", path: "/", pattern: "/", state: propertyState() },
  );
  const view = screen.getByRole("alert", { name: "Edit conflict" });
  const rows = within(view).getAllByRole("row").slice(1);
  return { view, rows, onResolve };
}

const rowNamed = (rows: HTMLElement[], label: string) =>
  rows.find((r) => within(r).getByRole("rowheader").textContent?.startsWith(label))!;

describe("ConflictView", () => {
  it("takes their change to a part I never touched by default, in the form's words", () => {
    // The scenario: I edit the selector and the notes; they edit the action's code.
    const mine = edit((r) => {
      r.conditions[0]!.settings.paths[0]!.value = "/shop/*";
      r.description = "Mine: shop pages";
    });
    const theirs = edit((r) => (r.actions[0]!.settings.source = "sendPageView('shop');"));
    const { view, rows, onResolve } = show(mine, theirs);

    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "Notes your change",
      "Condition 1: Path Without Query String › Paths your change",
      "Action 1: Custom Code › Source their change",
    ]);
    const action = rowNamed(rows, "Action 1");
    // The differing setting's value, whole; never the component's JSON, id or module path.
    expect(within(action).getByText("sendPageView('shop');")).toBeTruthy();
    expect(view.textContent).not.toMatch(/modulePath|AC1|CD1|customCode\.js/);
    expect(within(action).getByLabelText("Theirs")).toHaveProperty("checked", true);
    expect(within(rowNamed(rows, "Notes")).getByLabelText("Mine")).toHaveProperty("checked", true);

    fireEvent.click(within(view).getByRole("button", { name: "Merge selected" }));
    const merged = onResolve.mock.calls[0]![0];
    expect(merged.actions[0]!.settings.source).toBe("sendPageView('shop');");
    expect(merged.description).toBe("Mine: shop pages");
    expect(merged.conditions[0]!.settings.paths).toEqual([{ value: "/shop/*" }]);
  });

  it("marks a field both changed and merges only once it is chosen", () => {
    const mine = edit((r) => {
      r.name = "Mine";
      r.enabled = false;
    });
    const theirs = edit((r) => (r.name = "Theirs"));
    const { view, rows, onResolve } = show(mine, theirs);
    const name = rowNamed(rows, "Name");
    expect(within(name).getByRole("rowheader").textContent).toBe("Name changed by both");
    expect(within(name).getByLabelText("Theirs")).toHaveProperty("checked", false);
    expect(within(name).getByLabelText("Mine")).toHaveProperty("checked", false);
    // Enabled left unset reads as the form's checked box, not as nothing.
    expect(
      within(rowNamed(rows, "Enabled"))
        .getAllByText(/^(Yes|No)$/)
        .map((e) => e.textContent),
    ).toEqual(["Yes", "No"]);
    const merge = within(view).getByRole("button", { name: "Merge selected" });
    expect(merge).toHaveProperty("disabled", true);
    expect(view.textContent).toContain(
      "1 field only you changed: yours kept; 1 field changed by both",
    );

    fireEvent.click(within(name).getByLabelText("Theirs"));
    expect(merge).toHaveProperty("disabled", false);
    fireEvent.click(merge);
    expect(onResolve.mock.calls[0]![0]).toMatchObject({ name: "Theirs", enabled: false });
  });
});
