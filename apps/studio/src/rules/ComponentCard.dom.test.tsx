import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import RuleEditor from "./RuleEditor.tsx";
import { PlatformContext } from "../properties/platform.ts";

afterEach(cleanup);

const at = { path: "/properties/PR1/rules/RL1", pattern: "/properties/:pid/rules/:id" };

/** The fixture rule with two path conditions and two actions more: six components. */
function bigRule() {
  const state = propertyState();
  const rule = state.document.rules[0]!;
  const path = "core/src/lib/conditions/path.js";
  rule.conditions = [
    { id: "CN1", modulePath: path, settings: { paths: [{ value: "/ms/", valueIsRegex: true }] } },
    { id: "CN2", modulePath: path, settings: { paths: [{ value: "/auto" }] }, negate: true },
  ];
  rule.actions.push(
    { ...rule.actions[0]!, id: "AC2", settings: { source: "track()\nmore()", language: "html" } },
    { ...rule.actions[0]!, id: "AC3" },
  );
  return state;
}

const toggle = (name: RegExp) => screen.getByRole("button", { name });

describe("rule components", () => {
  it("offer order, timeouts and waiting on a web property only, Negate on both", () => {
    for (const platform of ["web", "edge"] as const) {
      renderStudio(
        <PlatformContext.Provider value={platform}>
          <RuleEditor />
        </PlatformContext.Provider>,
        {
          ...at,
          path: "/properties/PR1/rules/RL1#conditions-1-title",
          role: "editor",
          state: bigRule(),
        },
      );
      const condition = screen.getByRole("region", { name: /Condition 2/ });
      expect(within(condition).getByLabelText(/^Negate/)).toBeTruthy();
      const hasTimeout = within(condition).queryByLabelText("Timeout (ms)") !== null;
      expect([platform, hasTimeout]).toEqual([platform, platform === "web"]);
      cleanup();
    }
  });

  it("open collapsed with a one-line summary when a rule has more than a few", () => {
    renderStudio(<RuleEditor />, { ...at, role: "editor", state: bigRule() });
    const condition = toggle(/^Condition 1/);
    expect(condition.getAttribute("aria-expanded")).toBe("false");
    expect(condition.textContent).toBe("Condition 1: Path Without Query String/ms/");
    expect(toggle(/^Condition 2/).textContent).toBe(
      "Condition 2: Path Without Query Stringnot/auto",
    );
    expect(toggle(/^Action 2/).textContent).toBe("Action 2: Custom Codetrack() · html");
    expect(screen.queryByLabelText("Action type")).toBeNull();
  });

  it("open the component a link names (#conditions-1-title), and only that one", () => {
    renderStudio(<RuleEditor />, {
      ...at,
      path: "/properties/PR1/rules/RL1#conditions-1-title",
      role: "editor",
      state: bigRule(),
    });
    expect(toggle(/^Condition 2/).getAttribute("aria-expanded")).toBe("true");
    expect(toggle(/^Condition 1/).getAttribute("aria-expanded")).toBe("false");
  });

  it("expand and collapse from the keyboard-operable title button", () => {
    renderStudio(<RuleEditor />, { ...at, role: "editor", state: bigRule() });
    const action = toggle(/^Action 2/);
    action.focus();
    fireEvent.click(action);
    expect(action.getAttribute("aria-expanded")).toBe("true");
    const card = screen.getByRole("region", { name: /Action 2/ });
    expect(within(card).getByLabelText("Language")).toBeTruthy();
    expect(action.getAttribute("aria-controls")).toBe(card.querySelector("[id$=-body]")!.id);
    fireEvent.click(action);
    expect(action.getAttribute("aria-expanded")).toBe("false");
    expect(within(card).queryByLabelText("Language")).toBeNull();
  });

  it("open a newly added component, and every component of a small rule", () => {
    renderStudio(<RuleEditor />, { ...at, role: "editor", state: bigRule() });
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    expect(toggle(/^Action 4/).getAttribute("aria-expanded")).toBe("true");
    expect(toggle(/^Action 1/).getAttribute("aria-expanded")).toBe("false");
    cleanup();
    renderStudio(<RuleEditor />, { ...at, role: "editor", state: propertyState() });
    expect(toggle(/^Event 1/).getAttribute("aria-expanded")).toBe("true");
    expect(toggle(/^Action 1/).getAttribute("aria-expanded")).toBe("true");
  });

  it("open a component that has a problem, even in a big rule", () => {
    const state = bigRule();
    state.problems = [{ path: "rules[0].actions[2].settings.language", message: "is wrong" }];
    renderStudio(<RuleEditor />, { ...at, role: "editor", state });
    expect(toggle(/^Action 3/).getAttribute("aria-expanded")).toBe("true");
    expect(toggle(/^Action 2/).getAttribute("aria-expanded")).toBe("false");
  });
});
