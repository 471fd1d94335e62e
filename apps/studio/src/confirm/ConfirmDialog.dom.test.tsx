import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import RulesPage from "../rules/RulesPage.tsx";

afterEach(cleanup);

describe("ConfirmDialog", () => {
  it("asks before a bulk delete, sends nothing on Cancel, and deletes on confirm", async () => {
    const state = propertyState();
    const { calls } = renderStudio(<RulesPage />, {
      path: "/properties/PR1/rules",
      pattern: "/properties/:pid/rules",
      role: "editor",
      state,
      routes: { "POST /api/properties/PR1/bulk": () => ({ body: state }) },
    });
    const actions = (): unknown[] =>
      calls.filter((c) => c.method === "POST").map((c) => (c.body as { action: string }).action);
    fireEvent.click(screen.getByLabelText("Check Page View"));
    const remove = screen.getByRole("button", { name: "Delete" });
    remove.focus(); // as a click does in a browser
    fireEvent.click(remove);
    const dialog = screen.getByRole("dialog", { name: "Delete 1 rule?" });
    expect(dialog.textContent).toContain("undo it from Deleted until the next production publish");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(remove);

    // Sentinel: a disable goes out after the cancelled delete would have.
    fireEvent.click(screen.getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(actions()).toEqual(["disable"]));

    fireEvent.click(screen.getByLabelText("Check Page View"));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete 1 rule" }));
    await waitFor(() => expect(actions()).toEqual(["disable", "delete"]));
  });
});
