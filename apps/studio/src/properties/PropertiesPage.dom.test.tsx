import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
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

describe("PropertiesPage: import a Launch library", () => {
  it("answers a second import of the same property with a link to the one already here", async () => {
    render({
      "POST /api/properties/import": () => ({
        status: 409,
        body: {
          type: "urn:liftoff:errors:api:property-exists",
          title: "Property already exists",
          status: 409,
          detail:
            'This property is already here as "PC Marketing" (PR1): open it and publish a new library there, or delete it before importing again.',
          existing: { id: "PR1", name: "PC Marketing" },
        },
      }),
    });
    const file = new File(['{"container": true}'], "container.json", { type: "application/json" });
    fireEvent.change(await screen.findByLabelText("File"), { target: { files: [file] } });
    fireEvent.submit(screen.getByRole("form", { name: "Import a Launch library" }));
    const open = await screen.findByRole("link", { name: "Open “PC Marketing”" });
    expect(open.getAttribute("href")).toBe("/properties/PR1");
    expect(screen.getByText(/is already here as "PC Marketing"/)).toBeTruthy();
  });

  it("shows what did not map and the warnings before the new property opens", async () => {
    const imported = propertyState();
    const { calls } = render({
      "POST /api/properties/import": () => ({
        status: 201,
        body: {
          property: imported,
          report: {
            mapped: [{ from: "adobe-alloy", to: "web-sdk" }],
            opaque: [{ extension: "acme-pixel", modules: ["acme-pixel/a.js", "acme-pixel/b.js"] }],
            warnings: ["environments: the container carried no staging environment"],
          },
        },
      }),
    });
    const file = new File(['{"container": true}'], "container.json", { type: "application/json" });
    fireEvent.change(await screen.findByLabelText("File"), { target: { files: [file] } });
    // jsdom's constraint validation does not see files set from a test; submit the form itself.
    fireEvent.submit(screen.getByRole("form", { name: "Import a Launch library" }));
    await waitFor(() => expect(calls.map((c) => c.method)).toContain("POST"));
    const report = await screen.findByRole("region", { name: "Imported “PC Marketing”" });
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ container: true });
    expect(
      within(report)
        .getByText(/acme-pixel/)
        .closest("li")!.textContent,
    ).toContain("2 modules kept as the library had them");
    expect(
      within(report).getByText("environments: the container carried no staging environment"),
    ).toBeTruthy();
    expect(report.textContent).toContain("adobe-alloy → web-sdk");
    expect(document.activeElement).toBe(within(report).getByRole("heading", { level: 2 }));
    expect(
      within(report).getByRole("link", { name: "Open PC Marketing" }).getAttribute("href"),
    ).toBe("/properties/PR1");
    fireEvent.click(within(report).getByRole("button", { name: "Import another" }));
    expect(screen.getByRole("button", { name: "Import" })).toBeTruthy();
  });
});
