import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio, type Routes } from "../../test/renderStudio.tsx";
import PropertiesPage from "./PropertiesPage.tsx";

afterEach(cleanup);

const render = (routes: Routes) =>
  renderStudio(<PropertiesPage />, {
    path: "/",
    pattern: "/",
    role: "editor",
    state: propertyState(),
    routes: { "GET /api/properties": () => ({ body: [] }), ...routes },
  });

describe("PropertiesPage: create a property", () => {
  it("creates one without an org id, saying when it is needed", async () => {
    const { calls } = render({
      "POST /api/properties": () => ({ status: 201, body: propertyState() }),
    });
    const orgId = await screen.findByLabelText("Organization id (optional)");
    expect((orgId as HTMLInputElement).required).toBe(false);
    const hint = document.getElementById(orgId.getAttribute("aria-describedby")!)!;
    expect(hint.textContent).toContain("Needed once you add the Web SDK");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Blog" } });
    fireEvent.click(screen.getByRole("button", { name: "Create property" }));
    // Off to the new property's settings: this page is gone.
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Properties" })).toBeNull());
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "Blog", domains: [] });
  });

  it("sends the org id when one is given", async () => {
    const { calls } = render({
      "POST /api/properties": () => ({ status: 201, body: propertyState() }),
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Shop" } });
    fireEvent.change(screen.getByLabelText("Organization id (optional)"), {
      target: { value: "ABC123@AdobeOrg" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Create property" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Shop",
      orgId: "ABC123@AdobeOrg",
      domains: [],
    });
  });
});
