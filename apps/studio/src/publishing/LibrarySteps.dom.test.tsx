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

function renderSteps(
  role: "approver" | "editor" | "admin" = "approver",
  shown = library,
  separationOfDuties = false,
) {
  const state = propertyState();
  state.document.property.settings.separationOfDuties = separationOfDuties;
  // RL1 is served at r1 (the library takes r2); RL2 was never published; DE1 is unchanged.
  return renderStudio(<LibrarySteps pid="PR1" library={shown} />, {
    role,
    path: "/properties/PR1/libraries/LB1",
    pattern: "/properties/:pid/libraries/:lid",
    state,
    routes: {
      "POST /api/properties/PR1/libraries/LB1/publish": () => ({ body: library }),
      "POST /api/properties/PR1/libraries/LB1/approve": () => ({
        body: { ...shown, state: "approved" },
      }),
    },
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

  describe("separation of duties", () => {
    // The session's user is "<role>-user" (test/fixtures.ts).
    const own: LibraryInfo = {
      ...library,
      state: "submitted",
      submittedBy: "approver-user",
      submittedAt: "2026-11-21T11:00:00.000Z",
    };

    it("disables Approve for the submitter when the property requires another approver, saying who can", () => {
      const { calls } = renderSteps("approver", own, true);
      const approve = screen.getByRole("button", { name: "Approve: November release" });
      expect(approve).toHaveProperty("disabled", true);
      const reason = document.getElementById(approve.getAttribute("aria-describedby")!)!;
      expect(reason.textContent).toBe(
        "You submitted this library; another approver must approve it (a user with the approver or admin role other than you).",
      );
      // Withdrawing stays possible.
      expect(screen.getByRole("button", { name: "Reject: November release" })).toHaveProperty(
        "disabled",
        false,
      );
      fireEvent.click(approve);
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    });

    it("lets another approver approve the same library without a question", async () => {
      const { calls } = renderSteps("admin", own, true);
      const approve = screen.getByRole("button", { name: "Approve: November release" });
      expect(approve).toHaveProperty("disabled", false);
      expect(approve.getAttribute("aria-describedby")).toBeNull();
      fireEvent.click(approve);
      await waitFor(() =>
        expect(calls.find((c) => c.method === "POST")?.path).toBe(
          "/api/properties/PR1/libraries/LB1/approve",
        ),
      );
    });

    it("with the setting off, warns the submitter in the confirmation that they approve their own library", async () => {
      const { calls } = renderSteps("approver", own, false);
      fireEvent.click(screen.getByRole("button", { name: "Approve: November release" }));
      const dialog = screen.getByRole("dialog", { name: "Approve “November release”?" });
      expect(dialog.textContent).toContain("You are approving your own library");
      expect(calls.filter((c) => c.method === "POST")).toEqual([]);
      fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
      await waitFor(() =>
        expect(calls.find((c) => c.method === "POST")?.path).toBe(
          "/api/properties/PR1/libraries/LB1/approve",
        ),
      );
    });

    it("tells an editor who submitted the library it waits on", () => {
      renderSteps("editor", own, true);
      expect(screen.getByText(/Waiting for an approver/).textContent).toBe(
        "Waiting for an approver: a user with the approver or admin role other than approver-user (who submitted it) approves it.",
      );
    });
  });
});
