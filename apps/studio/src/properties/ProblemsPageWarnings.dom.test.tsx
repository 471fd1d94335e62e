import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import ProblemsPage from "./ProblemsPage.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/problems", pattern: "/properties/:pid/problems" };
const leak = {
  path: "rules[0].actions[0]",
  where: 'rule "Page View" › action 1',
  severity: "warning" as const,
  message:
    'Variable "analytics variable": "Page View" sets web.webPageDetails that "Signup" neither sets nor clears; these values would be sent again with that rule\'s event.',
};

describe("ProblemsPage warnings", () => {
  it("lists shared-variable warnings apart from problems, saying builds go ahead", () => {
    renderStudio(<ProblemsPage />, {
      ...at,
      role: "viewer",
      state: propertyState({ warnings: [leak] }),
    });
    expect(screen.getByText(/has no validation problems; it can be built/)).toBeTruthy();
    const section = screen.getByRole("region", { name: "Warnings (1)" });
    expect(within(section).getByText(/These do not stop builds/)).toBeTruthy();
    const item = within(section).getByRole("listitem");
    expect(item.textContent).toContain("Warning");
    expect(item.textContent).toContain('"Page View" sets web.webPageDetails that "Signup"');
    const link = within(item).getByRole("link", { name: 'rule "Page View" › action 1' });
    expect(link.getAttribute("href")).toMatch(/\/properties\/PR1\/rules\//);
  });

  it("shows no warnings section when there are none", () => {
    renderStudio(<ProblemsPage />, { ...at, role: "viewer", state: propertyState() });
    expect(screen.getByRole("heading", { name: "Problems" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: /Warnings/ })).toBeNull();
  });
});
