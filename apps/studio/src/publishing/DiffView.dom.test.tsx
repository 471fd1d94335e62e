import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import DiffView, { showValue } from "./DiffView.tsx";

afterEach(cleanup);

describe("DiffView", () => {
  it("lists each changed item and its fields with both values", () => {
    render(
      <DiffView
        diff={{
          from: 4,
          to: 5,
          changes: [
            {
              kind: "rule",
              id: "RL1",
              name: "Page View",
              change: "changed",
              fields: [
                { path: "actions[0].settings.source", from: "a()", to: "b()" },
                { path: "enabled", from: undefined, to: false },
              ],
            },
            { kind: "dataElement", id: "DE2", name: "page type", change: "added" },
          ],
        }}
      />,
    );
    const rule = screen.getByRole("heading", { name: /Rule “Page View”/ }).parentElement!;
    const rows = within(rule).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'actions[0].settings.source"a()""b()"',
      "enabled—false",
    ]);
    expect(within(rule).getByRole("columnheader", { name: "Revision 4" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /added Data element “page type”/ })).toBeTruthy();
  });

  it("says when two revisions are the same", () => {
    render(<DiffView diff={{ from: 3, to: 3, changes: [] }} />);
    expect(screen.getByText("No differences between revision 3 and revision 3.")).toBeTruthy();
  });

  it("shows objects as one-line JSON", () => {
    expect(showValue({ a: [1, 2] })).toBe('{ "a": [ 1, 2 ] }');
  });
});
