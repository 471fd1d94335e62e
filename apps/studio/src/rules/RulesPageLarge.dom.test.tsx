import type { PropertyRule, PropertyState } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState, resourcesOf } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import RulesPage from "./RulesPage.tsx";

afterEach(() => {
  cleanup();
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

const list = { path: "/properties/PR1/rules", pattern: "/properties/:pid/rules" };

/** A property of `size` rules (2,000 by default); rule 1,500 has a problem. */
function bigProperty(size = 2000): PropertyState {
  const base = propertyState();
  const rules: PropertyRule[] = Array.from({ length: size }, (_, i) => ({
    id: `RL${i}`,
    name: `rule ${i}`,
    events: [{ id: `EV${i}`, modulePath: "core/src/lib/events/pageBottom.js", settings: {} }],
    conditions: [],
    actions: [],
  }));
  const document = { ...base.document, rules };
  return {
    ...base,
    document,
    resources: resourcesOf(document),
    problems: [{ path: "rules[1500].events[0].settings", message: "bad" }],
  };
}

const bodyRows = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .filter(
      (r) => r.getAttribute("aria-rowindex") !== "1" && r.getAttribute("aria-hidden") === null,
    );

/** Waits for the windowing code (a lazy chunk): its spacer row stands in for the rows below. */
const windowed = () =>
  waitFor(() => expect(document.querySelector("tr.virtual-spacer")).not.toBeNull());

describe("RulesPage at 2,000 rules", () => {
  it("mounts only the rows near the window, with the table's row count and each row's index", async () => {
    renderStudio(<RulesPage />, { ...list, role: "editor", state: bigProperty() });
    // While the windowing code loads, the first rows are there already.
    expect(screen.getByRole("link", { name: "rule 0" })).toBeTruthy();
    await windowed();
    const table = screen.getByRole("table");
    expect(table.getAttribute("aria-rowcount")).toBe("2001");
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]!.getAttribute("aria-rowindex")).toBe("2");
    expect(screen.getByRole("link", { name: "rule 0" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "rule 1500" })).toBeNull();
    // Everything is counted, mounted or not.
    expect(screen.getByRole("status").textContent).toBe("2000 of 2000");
  });

  it("mounts the rows further down as the page scrolls, with their problem counts", async () => {
    renderStudio(<RulesPage />, { ...list, role: "editor", state: bigProperty() });
    await windowed();
    // Rows measure as the estimate (41 px) here: 1,500 rows down is 61,500 px.
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 61_500, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    const row = screen.getByRole("link", { name: "rule 1500" }).closest("tr")!;
    expect(row.getAttribute("aria-rowindex")).toBe("1502");
    expect(row.textContent).toContain("1 problem");
    expect(screen.queryByRole("link", { name: "rule 0" })).toBeNull();
    expect(bodyRows().length).toBeLessThan(100);
  });

  it("finds a rule far down by search, and checks it for bulk actions", async () => {
    renderStudio(<RulesPage />, { ...list, role: "editor", state: bigProperty() });
    await windowed();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), {
      target: { value: "rule 1999" },
    });
    expect(screen.getByRole("status").textContent).toBe("1 of 2000");
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("2");
    fireEvent.click(screen.getByLabelText("Check rule 1999"));
    expect(screen.getByText("1 rule checked")).toBeTruthy();
  });

  it("mounts every row of a list of up to 200, as before (find-in-page keeps working)", () => {
    renderStudio(<RulesPage />, { ...list, role: "editor", state: bigProperty(200) });
    expect(bodyRows()).toHaveLength(200);
    expect(document.querySelector("tr.virtual-spacer")).toBeNull();
    expect(screen.getByRole("link", { name: "rule 199" })).toBeTruthy();
  });

  it("moves between rows with ↓ and ↑", async () => {
    renderStudio(<RulesPage />, { ...list, role: "editor", state: bigProperty() });
    await windowed();
    const first = screen.getByRole("link", { name: "rule 0" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "rule 1" }));
    const check = screen.getByLabelText("Check rule 1");
    check.focus();
    fireEvent.keyDown(check, { key: "ArrowUp" });
    expect(document.activeElement).toBe(screen.getByLabelText("Check rule 0"));
  });
});
