import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import RuleEditor from "./RuleEditor.tsx";
import RulesPage from "./RulesPage.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/rules/RL1", pattern: "/properties/:pid/rules/:id" };

describe("RuleEditor", () => {
  it("gives a viewer no edit controls", () => {
    renderStudio(<RuleEditor />, { ...at, role: "viewer", state: propertyState() });
    expect(screen.getByRole("heading", { name: "Page View" })).toBeTruthy();
    expect(screen.getByLabelText("Name")).toHaveProperty("readOnly", true);
    expect(screen.queryByRole("button", { name: "Save rule" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add action" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove Action 1/ })).toBeNull();
    expect(screen.getByLabelText("Action type")).toHaveProperty("disabled", true);
  });

  it("hides the New rule link from viewers and shows it to editors", () => {
    const list = { path: "/properties/PR1/rules", pattern: "/properties/:pid/rules" };
    renderStudio(<RulesPage />, { ...list, role: "viewer", state: propertyState() });
    expect(screen.getByRole("link", { name: "Page View" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "New rule" })).toBeNull();
    cleanup();
    renderStudio(<RulesPage />, { ...list, role: "editor", state: propertyState() });
    expect(screen.getByRole("link", { name: "New rule" })).toBeTruthy();
  });

  it("shows the stored revision's validation problems next to their fields", () => {
    const state = propertyState({
      problems: [
        { path: "rules[0].actions[0].settings.language", message: "must be javascript or html" },
        { path: "rules[0].name", message: "is used by another rule" },
      ],
    });
    renderStudio(<RuleEditor />, { ...at, role: "editor", state });
    const action = screen.getByRole("region", { name: /Action 1/ });
    const language = within(action).getByLabelText("Language");
    expect(language.getAttribute("aria-invalid")).toBe("true");
    expect(within(action).getByText("must be javascript or html")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("is used by another rule")).toBeTruthy();
  });

  it("saves with the rule's own revision and the CSRF token, and places field errors", async () => {
    const state = propertyState();
    state.resources.find((r) => r.id === "RL1")!.revision = 4;
    const { calls } = renderStudio(<RuleEditor />, {
      ...at,
      role: "editor",
      state,
      routes: {
        "PUT /api/properties/PR1/rules/RL1": () => ({
          status: 400,
          body: {
            type: "urn:liftoff:errors:invalid-body",
            title: "Invalid rule",
            status: 400,
            errors: [{ path: "rule.conditions[0].timeout", message: "must be at most 60000" }],
          },
        }),
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add condition" }));
    fireEvent.click(screen.getByLabelText(/^Negate/));
    fireEvent.change(screen.getByLabelText("Timeout (ms)", { selector: "#conditions-0-timeout" }), {
      target: { value: "90000" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    await screen.findByText("Invalid rule");
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.csrf).toBe("csrf-1");
    const body = put.body as { revision: number; rule: { conditions: unknown[] } };
    expect(body.revision).toBe(4);
    expect(body.rule.conditions).toEqual([
      {
        id: "",
        modulePath: "core/src/lib/conditions/path.js",
        settings: {},
        negate: true,
        timeout: 90000,
      },
    ]);
    const condition = screen.getByRole("region", { name: /Condition 1/ });
    expect(within(condition).getAllByText("must be at most 60000").length).toBeGreaterThan(0);
  });

  it("on a conflict shows both versions field by field and merges without losing anyone's edits", async () => {
    const theirs = { ...propertyState().document.rules[0]!, description: "their notes" };
    const newer = propertyState({ revision: 9 });
    newer.document.rules[0] = theirs;
    Object.assign(
      newer.resources.find((r) => r.id === "RL1")!,
      { revision: 2, updatedBy: "sam" },
    );
    const { calls } = renderStudio(<RuleEditor />, {
      ...at,
      role: "editor",
      state: propertyState(),
      routes: {
        "PUT /api/properties/PR1/rules/RL1": (body) =>
          (body as { revision: number }).revision === 1
            ? {
                status: 409,
                body: {
                  type: "urn:liftoff:errors:api:edit-conflict",
                  title: "Someone else changed this",
                  status: 409,
                  conflict: {
                    resource: { kind: "rule", id: "RL1", name: "Page View" },
                    yourRevision: 1,
                    currentRevision: 2,
                    changedBy: "sam",
                    changedAt: "2026-11-24T10:00:00.000Z",
                    current: theirs,
                  },
                },
              }
            : { body: newer },
        "GET /api/properties/PR1": () => ({ body: newer }),
      },
    });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Mine" } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    const view = await screen.findByRole("alert", { name: "Edit conflict" });
    expect(view.textContent).toContain("sam saved rule “Page View”");
    const rows = within(view).getAllByRole("row").slice(1);
    // Each side changed one field: each keeps its own without being asked.
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "Name your change",
      "Notes their change",
    ]);
    expect(within(rows[1]!).getByLabelText("Theirs")).toHaveProperty("checked", true);
    // My edit stays in the form while the property reloads underneath.
    await screen.findByText(/sam saved a newer revision \(revision 2\)/);
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Mine");
    fireEvent.click(within(view).getByRole("button", { name: "Merge selected" }));
    expect(screen.queryByRole("alert", { name: "Edit conflict" })).toBeNull();
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Mine");
    expect(screen.getByLabelText("Notes")).toHaveProperty("value", "their notes");
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT")[1]!.body).toMatchObject({
      revision: 2,
      rule: { name: "Mine", description: "their notes" },
    });
  });
});
