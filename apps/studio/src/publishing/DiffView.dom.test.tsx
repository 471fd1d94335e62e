import type { PropertyDocument } from "@liftoff/schema";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { catalog, propertyState } from "../../test/fixtures.ts";
import DiffView, { showValue } from "./DiffView.tsx";

afterEach(cleanup);

const ruleChange = {
  kind: "rule" as const,
  id: "RL1",
  name: "Page View",
  change: "changed" as const,
  fields: [
    { path: "actions[0].settings.source", from: "a()", to: "b()" },
    { path: "enabled", from: undefined, to: false },
  ],
};

describe("DiffView", () => {
  it("lists each changed item and its fields by label with both values", () => {
    render(
      <DiffView
        diff={{
          from: 4,
          to: 5,
          changes: [
            ruleChange,
            { kind: "dataElement", id: "DE2", name: "page type", change: "added" },
          ],
        }}
      />,
    );
    const rule = screen.getByRole("heading", { name: /Rule “Page View”/ }).parentElement!;
    const rows = within(rule).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "Actions 1 › Settings › Sourcea()b()",
      "Enabled— (none)false",
    ]);
    expect(within(rule).getByRole("columnheader", { name: "Revision 4" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /added Data element “page type”/ })).toBeTruthy();
  });

  it("with both documents, names components by module and shows a reorder as one move", () => {
    const from = propertyState().document;
    const first = from.rules[0]!.actions[0]!;
    const second = { ...first, id: "AC2", settings: { source: "b()", language: "javascript" } };
    const before: PropertyDocument = {
      ...from,
      rules: [{ ...from.rules[0]!, actions: [first, second] }],
    };
    const after: PropertyDocument = {
      ...from,
      rules: [{ ...from.rules[0]!, actions: [second, first] }],
    };
    render(
      <DiffView
        diff={{ from: 4, to: 5, changes: [ruleChange] }}
        docs={{ from: before, to: after, catalog }}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "Actions › Custom Code 2moved from place 1 to place 2",
    ]);
  });

  it("says when two revisions are the same", () => {
    render(<DiffView diff={{ from: 3, to: 3, changes: [] }} />);
    expect(screen.getByText("No differences between revision 3 and revision 3.")).toBeTruthy();
  });

  it("shows objects as one-line JSON", () => {
    expect(showValue({ a: [1, 2] })).toBe('{ "a": [ 1, 2 ] }');
  });
});
