import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import ProblemsPage from "./ProblemsPage.tsx";

afterEach(cleanup);

describe("ProblemsPage", () => {
  it("names each problem by the labels of the form that fixes it, linked there, never by its path", () => {
    const path = "rules[0].actions[0].settings.source";
    renderStudio(<ProblemsPage />, {
      path: "/properties/PR1/problems",
      pattern: "/properties/:pid/problems",
      role: "viewer",
      state: propertyState({
        problems: [
          { path, where: 'rule "Page View" › action 1', message: "Unexpected token (3:7)" },
        ],
      }),
    });
    const link = screen.getByRole("link", {
      name: 'Rule "Page View" › Action 1: Custom Code › Source',
    });
    expect(link.getAttribute("href")).toBe("/properties/PR1/rules/RL1");
    expect(link.closest("li")!.textContent).toBe(
      'Rule "Page View" › Action 1: Custom Code › Source: Unexpected token (3:7)',
    );
    expect(document.body.textContent).not.toContain(path);
  });
});
