import type { LibraryInfo } from "@liftoff/schema";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import LibrarySteps from "./LibrarySteps.tsx";

afterEach(cleanup);

const library: LibraryInfo = {
  id: "LB1",
  name: "November release",
  state: "approved",
  createdAt: "2026-11-21T10:00:00.000Z",
  createdBy: "ada",
  resources: [
    { kind: "rule", id: "RL1", name: "Page View", pinnedRevision: 2, revision: 2, deleted: false },
    {
      kind: "rule",
      id: "RL2",
      name: "Quote start",
      pinnedRevision: 1,
      revision: 1,
      deleted: false,
    },
    { kind: "dataElement", id: "DE1", name: "page name", revision: 1, deleted: false },
  ],
  builds: [],
  live: false,
};

function renderSteps(role: "approver" | "editor" = "approver", shown = library) {
  const state = propertyState();
  // RL1 is served at r1 (the library takes r2); RL2 was never published; DE1 is unchanged.
  return renderStudio(<LibrarySteps pid="PR1" library={shown} />, {
    role,
    path: "/properties/PR1/libraries/LB1",
    pattern: "/properties/:pid/libraries/:lid",
    state,
    routes: { "POST /api/properties/PR1/libraries/LB1/publish": () => ({ body: library }) },
  });
}

describe("LibrarySteps", () => {
  it("asks before publishing, listing by name what changes in production", async () => {
    const { calls } = renderSteps();
    fireEvent.click(
      screen.getByRole("button", { name: "Publish to production: November release" }),
    );
    const dialog = screen.getByRole("dialog", {
      name: "Publish “November release” to production?",
    });
    const changes = within(dialog).getByRole("list", { name: "Changes in production" });
    expect(
      within(changes)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Changed Rule “Page View”", "New Rule “Quote start”"]);
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.click(
      screen.getByRole("button", { name: "Publish to production: November release" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Publish to production" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.path).toBe(
      "/api/properties/PR1/libraries/LB1/publish",
    );
  });

  it("tells an editor that a submitted library waits for an approver", () => {
    renderSteps("editor", { ...library, state: "submitted" });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/Waiting for an approver/).textContent).toBe(
      "Waiting for an approver: a user with the approver or admin role approves it.",
    );
  });

  it("cancels on Escape", async () => {
    renderSteps();
    fireEvent.click(screen.getByRole("button", { name: "Reject: November release" }));
    const dialog = screen.getByRole("dialog", { name: "Reject “November release”?" });
    expect(dialog.textContent).toContain("goes back to development");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
