import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { LibraryInfo } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import LibrariesPage from "./LibrariesPage.tsx";

afterEach(cleanup);

const development = {
  id: "ENdev",
  name: "Development",
  stage: "development",
  embedCode: "",
  libraryUrl: "http://127.0.0.1/libs/PR1/ENdev/launch.min.js",
};

function renderLibraries(libraries: LibraryInfo[] = []) {
  return renderStudio(<LibrariesPage />, {
    role: "editor",
    path: "/properties/PR1/libraries",
    pattern: "/properties/:pid/libraries",
    state: propertyState(),
    routes: {
      "GET /api/properties/PR1/libraries": () => ({ body: libraries }),
      "GET /api/properties/PR1/environments": () => ({ body: [development] }),
      "POST /api/properties/PR1/libraries": (body) => ({
        status: 201,
        body: { id: "LB1", ...(body as object), state: "development", resources: [] },
      }),
    },
  });
}

describe("LibrariesPage's New library form", () => {
  it("is offered only once the environments are known, with the free development one chosen", async () => {
    const { calls } = renderLibraries();
    // Before the environments arrive there is nothing to submit (and no "None for now").
    expect(screen.queryByRole("button", { name: "Create library" })).toBeNull();
    const create = await screen.findByRole("button", { name: "Create library" });
    const form = screen.getByRole("form", { name: "New library" });
    expect(screen.getByLabelText<HTMLSelectElement>("Development environment").value).toBe("ENdev");
    expect(form.textContent).not.toContain("Every development environment holds a library");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Quote funnel" } });
    fireEvent.click(create);
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        name: "Quote funnel",
        environmentId: "ENdev",
        addAllChanged: true,
      }),
    );
  });
});

describe("LibrariesPage's library cards", () => {
  it("say who submitted a library", async () => {
    renderLibraries([
      {
        id: "LB2",
        name: "Spring",
        state: "submitted",
        createdAt: "2026-11-21T10:00:00.000Z",
        createdBy: "ada",
        submittedBy: "sam",
        submittedAt: "2026-11-21T11:00:00.000Z",
        resources: [],
        builds: [],
        live: false,
      },
    ]);
    const card = await screen.findByRole("article", { name: "Spring" });
    expect(card.textContent).toContain("by ada · submitted by sam");
  });
});
