import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import RulesPage from "./RulesPage.tsx";

afterEach(cleanup);

const list = { path: "/properties/PR1/rules", pattern: "/properties/:pid/rules" };

describe("RulesPage", () => {
  it("disables the checked rules in one bulk change, each with its revision", async () => {
    const state = propertyState();
    state.resources.find((r) => r.id === "RL1")!.revision = 3;
    const { calls } = renderStudio(<RulesPage />, {
      ...list,
      role: "editor",
      state,
      routes: { "POST /api/properties/PR1/bulk": () => ({ body: state }) },
    });
    const disable = screen.getByRole("button", { name: "Disable" });
    expect(disable).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByLabelText("Check Page View"));
    expect(screen.getByText("1 rule checked")).toBeTruthy();
    fireEvent.click(disable);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      action: "disable",
      items: [{ kind: "rule", id: "RL1", revision: 3 }],
    });
  });

  it("lists deleted rules with who deleted them, and undoes a delete", async () => {
    const state = propertyState();
    state.resources.push({
      kind: "rule",
      id: "RL9",
      name: "Old banner",
      revision: 2,
      updatedAt: "2026-11-24T09:00:00.000Z",
      updatedBy: "sam",
      deleted: true,
      publishedRevision: 1,
      changed: true,
    });
    const { calls } = renderStudio(<RulesPage />, {
      ...list,
      role: "editor",
      state,
      routes: { "POST /api/properties/PR1/resources/rule/RL9/restore": () => ({ body: state }) },
    });
    const deleted = screen.getByRole("region", { name: "Deleted" });
    expect(deleted.textContent).toContain("deleted by sam");
    expect(deleted.textContent).toContain("still in production");
    fireEvent.click(screen.getByRole("button", { name: "Undo delete: Old banner" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ revision: 2 });
  });

  it("shows each rule's standing against production", () => {
    const state = propertyState();
    Object.assign(
      state.resources.find((r) => r.id === "RL1")!,
      { revision: 2, changed: true },
    );
    renderStudio(<RulesPage />, { ...list, role: "viewer", state });
    expect(screen.getByText("Changed")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Disable" })).toBeNull();
  });
});
