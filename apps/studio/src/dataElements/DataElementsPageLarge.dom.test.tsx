import type { PropertyDataElement, PropertyState } from "@liftoff/schema";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState, resourcesOf } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import DataElementsPage from "./DataElementsPage.tsx";

afterEach(cleanup);

const list = { path: "/properties/PR1/data-elements", pattern: "/properties/:pid/data-elements" };

/** 4,000 data elements; the last one has a problem. */
function bigProperty(): PropertyState {
  const base = propertyState();
  const dataElements: PropertyDataElement[] = Array.from({ length: 4000 }, (_, i) => ({
    id: `DE${i}`,
    name: `element ${i}`,
    modulePath: "core/src/lib/dataElements/javascriptVariable.js",
    settings: { path: `digitalData.n${i}` },
  }));
  const document = { ...base.document, dataElements };
  return {
    ...base,
    document,
    resources: resourcesOf(document),
    problems: [{ path: "dataElements[3999].settings.path", message: "bad" }],
  };
}

describe("DataElementsPage at 4,000 data elements", () => {
  it("mounts a window of rows, and search brings the last one with its problem count", async () => {
    renderStudio(<DataElementsPage />, { ...list, role: "editor", state: bigProperty() });
    await waitFor(() => expect(document.querySelector("tr.virtual-spacer")).not.toBeNull());
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("4001");
    expect(document.querySelectorAll("tbody tr[data-index]").length).toBeLessThan(100);
    expect(screen.queryByRole("link", { name: "element 3999" })).toBeNull();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), {
      target: { value: "element 3999" },
    });
    const row = screen.getByRole("link", { name: "element 3999" }).closest("tr")!;
    expect(row.getAttribute("aria-rowindex")).toBe("2");
    expect(row.textContent).toContain("1 problem");
  });
});
