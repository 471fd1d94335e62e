import type { LibraryInfo } from "@liftoff/schema";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { lifetime, stepConfirmation } from "./stepConfirmation.tsx";

afterEach(cleanup);

const library: LibraryInfo = {
  id: "LB0",
  name: "October release",
  state: "published",
  createdAt: "2026-10-21T10:00:00.000Z",
  createdBy: "ada",
  resources: [
    { kind: "rule", id: "RL1", name: "Page View", pinnedRevision: 3, revision: 3, deleted: false },
  ],
  builds: [],
  live: false,
};

describe("stepConfirmation", () => {
  it("says a rollback reaches visitors as their cached copy expires, listing what goes back", () => {
    const state = propertyState();
    render(<>{stepConfirmation("republish", library, state)!.body}</>);
    expect(document.body.textContent).toContain(
      "Visitors get it as their cached copy expires: within an hour, the library's cache lifetime.",
    );
    expect(document.body.textContent).not.toContain("next page load");
    const list = screen.getByRole("list", { name: "Changes in production" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Changed Rule “Page View”"]);
  });

  it("uses the property's own cache lifetime for a publish", () => {
    const state = propertyState();
    state.document.property.settings.libraryMaxAge = 600;
    render(<>{stepConfirmation("publish", library, state)!.body}</>);
    expect(document.body.textContent).toContain("within 10 minutes");
  });

  it("words lifetimes", () => {
    expect([30, 60, 600, 3600, 7200].map(lifetime)).toEqual([
      "30 seconds",
      "a minute",
      "10 minutes",
      "an hour",
      "2 hours",
    ]);
  });
});
