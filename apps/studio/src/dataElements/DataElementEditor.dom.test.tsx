import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import DataElementEditor from "./DataElementEditor.tsx";

afterEach(cleanup);

const pattern = "/properties/:pid/data-elements/:id";

describe("DataElementEditor", () => {
  it("creates a data element from its module's form, without an id or a revision, and opens it", async () => {
    const doc = propertyState().document;
    doc.dataElements.push({
      id: "DE2",
      name: "page type",
      modulePath: "core/src/lib/dataElements/javascriptVariable.js",
      settings: { path: "digitalData.page.type" },
    });
    const saved = propertyState({
      revision: 8,
      document: doc,
      saved: { kind: "dataElement", id: "DE2", revision: 1 },
    });
    const { calls } = renderStudio(<DataElementEditor />, {
      path: "/properties/PR1/data-elements/new",
      pattern,
      role: "editor",
      state: propertyState(),
      routes: { "POST /api/properties/PR1/data-elements": () => ({ body: saved }) },
    });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "page type" } });
    expect(screen.getByLabelText("Type")).toHaveProperty(
      "value",
      "core/src/lib/dataElements/javascriptVariable.js",
    );
    fireEvent.change(screen.getByLabelText("Path"), { target: { value: "digitalData.page.type" } });
    fireEvent.change(screen.getByLabelText("Storage duration"), { target: { value: "session" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({
      dataElement: {
        name: "page type",
        modulePath: "core/src/lib/dataElements/javascriptVariable.js",
        settings: { path: "digitalData.page.type" },
        storageDuration: "session",
      },
    });
    // The page moves to the id the server gave, even though another item may share the name.
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("page type"),
    );
  });

  it("shows a viewer the element read-only, without Save or Delete", () => {
    renderStudio(<DataElementEditor />, {
      path: "/properties/PR1/data-elements/DE1",
      pattern,
      role: "viewer",
      state: propertyState(),
    });
    expect(screen.getByLabelText("Path")).toHaveProperty("readOnly", true);
    expect(screen.getByLabelText("Path")).toHaveProperty("value", "digitalData.page.name");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("says when the element no longer exists", () => {
    renderStudio(<DataElementEditor />, {
      path: "/properties/PR1/data-elements/GONE",
      pattern,
      role: "editor",
      state: propertyState(),
    });
    expect(screen.getByRole("alert").textContent).toContain("does not exist");
  });
});
