import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import DataElementEditor from "../dataElements/DataElementEditor.tsx";
import RuleEditor from "../rules/RuleEditor.tsx";

afterEach(cleanup);

const taken = (path: string, message: string) => () => ({
  status: 409,
  body: {
    type: "urn:liftoff:errors:api:name-taken",
    title: "Name taken",
    status: 409,
    detail: message,
    errors: [{ path, message }],
  },
});

describe("saving under a name another item has", () => {
  it("keeps a new data element's form open and says so at its Name field", async () => {
    const message = 'A data element named "page name" already exists.';
    const { calls } = renderStudio(<DataElementEditor />, {
      path: "/properties/PR1/data-elements/new",
      pattern: "/properties/:pid/data-elements/:id",
      role: "editor",
      state: propertyState(),
      routes: { "POST /api/properties/PR1/data-elements": taken("dataElement.name", message) },
    });
    const name = screen.getByLabelText("Name");
    fireEvent.change(name, { target: { value: "page name" } });
    fireEvent.change(screen.getByLabelText("Path"), { target: { value: "digitalData.x" } });
    fireEvent.click(screen.getAllByRole("button", { name: /^Save/ })[0]!);
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const described = name.getAttribute("aria-describedby")!.split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    // Still the new item's form with what was typed, not the other "page name".
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("New data element");
    expect(name).toHaveProperty("value", "page name");
    expect(screen.getByLabelText("Path")).toHaveProperty("value", "digitalData.x");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    // The raw request path is never shown to people.
    expect(document.body.textContent).not.toContain("dataElement.name");
  });

  it("keeps a new rule's form open and says so at its Name field", async () => {
    const message = 'A rule named "Page View" already exists.';
    renderStudio(<RuleEditor />, {
      path: "/properties/PR1/rules/new",
      pattern: "/properties/:pid/rules/:id",
      role: "editor",
      state: propertyState(),
      routes: { "POST /api/properties/PR1/rules": taken("rule.name", message) },
    });
    const name = screen.getByLabelText("Name");
    fireEvent.change(name, { target: { value: "Page View" } });
    fireEvent.click(screen.getAllByRole("button", { name: /^Save/ })[0]!);
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const described = name.getAttribute("aria-describedby")!.split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("New rule");
    expect(document.body.textContent).not.toContain("rule.name");
  });
});
