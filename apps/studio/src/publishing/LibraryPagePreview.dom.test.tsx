import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { devLibrary } from "../../test/previewFixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import LibraryPage from "./LibraryPage.tsx";

afterEach(cleanup);

function renderLibrary(role: "editor" | "viewer", state = devLibrary.state) {
  return renderStudio(<LibraryPage />, {
    role,
    path: "/properties/PR1/libraries/LB1",
    pattern: "/properties/:pid/libraries/:lid",
    state: propertyState(),
    routes: {
      "GET /api/properties/PR1/libraries/LB1": () => ({ body: { ...devLibrary, state } }),
      "GET /api/properties/PR1/environments": () => ({ body: [] }),
    },
  });
}

describe("LibraryPage's Preview button", () => {
  it("takes an editor to the preview page with the library chosen", async () => {
    renderLibrary("editor");
    const preview = await screen.findByRole("link", { name: "Preview" });
    expect(preview.getAttribute("href")).toBe("/properties/PR1/preview?library=LB1");
  });

  it("is only on development libraries", async () => {
    renderLibrary("editor", "submitted");
    await screen.findByRole("heading", { name: "November release" });
    expect(screen.queryByRole("link", { name: "Preview" })).toBeNull();
  });

  it("leads back to the publishing page, not to the property's first section", async () => {
    renderLibrary("viewer");
    const back = await screen.findByRole("link", { name: "← Publishing" });
    expect(back.getAttribute("href")).toBe("/properties/PR1/libraries");
  });
});
