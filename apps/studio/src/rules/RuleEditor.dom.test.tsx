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

  it("saves with the loaded revision and the CSRF token, and places field errors", async () => {
    const { calls } = renderStudio(<RuleEditor />, {
      ...at,
      role: "editor",
      state: propertyState(),
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
    expect(body.revision).toBe(7);
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

  it("on a 409 reloads the property and tells the user", async () => {
    const newer = propertyState({ revision: 9 });
    newer.document.rules[0]!.name = "Page View (renamed elsewhere)";
    renderStudio(<RuleEditor />, {
      ...at,
      role: "editor",
      state: propertyState(),
      routes: {
        "PUT /api/properties/PR1/rules/RL1": () => ({
          status: 409,
          body: { type: "urn:x", title: "Conflict", status: 409, currentRevision: 9 },
        }),
        "GET /api/properties/PR1": () => ({ body: newer }),
      },
    });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Mine" } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Someone else changed this property (it is now at revision 9)",
    );
    await waitFor(() =>
      expect(screen.getByLabelText("Name")).toHaveProperty(
        "value",
        "Page View (renamed elsewhere)",
      ),
    );
  });
});
