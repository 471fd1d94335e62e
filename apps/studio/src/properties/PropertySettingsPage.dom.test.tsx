import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import PropertySettingsPage from "./PropertySettingsPage.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/settings", pattern: "/properties/:pid/settings" };

describe("PropertySettingsPage", () => {
  it("saves settings and company together, one domain per line", async () => {
    const { calls } = renderStudio(<PropertySettingsPage />, {
      ...at,
      role: "editor",
      state: propertyState(),
      routes: {
        "PUT /api/properties/PR1/settings": () => ({ body: propertyState({ revision: 8 }) }),
      },
    });
    fireEvent.change(screen.getByLabelText("Domains (one per line)"), {
      target: { value: "example.com\n www.example.com \n" },
    });
    fireEvent.click(screen.getByLabelText(/Run rule components in sequence/));
    fireEvent.change(screen.getByLabelText("Library cache time (seconds)"), {
      target: { value: "600" },
    });
    fireEvent.click(screen.getByLabelText(/Dynamic CDN/));
    fireEvent.change(screen.getByLabelText("CDN host allow list (one per line)"), {
      target: { value: "cdn.example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    // The settings resource's own revision, not the property's (7).
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      revision: 1,
      name: "PC Marketing",
      settings: {
        domains: ["example.com", "www.example.com"],
        ruleComponentSequencingEnabled: true,
        undefinedVarsReturnEmpty: false,
        libraryMaxAge: 600,
      },
      company: {
        orgId: "ABC@AdobeOrg",
        dynamicCdnEnabled: true,
        cdnAllowList: ["cdn.example.com"],
      },
    });
  });

  it("shows the turbine version and date an import kept, and saves them unchanged", async () => {
    const state = propertyState();
    state.document.property.settings = {
      ...state.document.property.settings,
      turbineVersion: "27.5.0",
      turbineBuildDate: "2023-08-15T17:20:08Z",
    };
    const { calls } = renderStudio(<PropertySettingsPage />, {
      ...at,
      role: "editor",
      state,
      routes: {
        "PUT /api/properties/PR1/settings": () => ({ body: propertyState({ revision: 8 }) }),
      },
    });
    const facts = screen.getByText("turbineVersion").closest("dl")!;
    expect(facts.textContent).toBe("turbineVersion27.5.0turbineBuildDate2023-08-15T17:20:08Z");
    expect(screen.getByText(/Kept from the imported Launch library/).textContent).toContain(
      "Analytics derives its version code from turbineBuildDate",
    );
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({
      settings: { turbineVersion: "27.5.0", turbineBuildDate: "2023-08-15T17:20:08Z" },
    });
  });

  it("says a property without them reports Liftoff's own", () => {
    renderStudio(<PropertySettingsPage />, { ...at, role: "editor", state: propertyState() });
    expect(screen.getByText("turbineVersion").closest("dl")!.textContent).toBe(
      "turbineVersionLiftoff's ownturbineBuildDateLiftoff's own",
    );
  });

  it("sends a cleared org id as null, which removes it", async () => {
    const { calls } = renderStudio(<PropertySettingsPage />, {
      ...at,
      role: "editor",
      state: propertyState(),
      routes: {
        "PUT /api/properties/PR1/settings": () => ({ body: propertyState({ revision: 8 }) }),
      },
    });
    fireEvent.change(screen.getByLabelText("Organization id"), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({
      company: { orgId: null },
    });
  });

  it("shows problems under the company's org id", () => {
    renderStudio(<PropertySettingsPage />, {
      ...at,
      role: "editor",
      state: propertyState({
        problems: [{ path: "company.orgId", message: "must end in @AdobeOrg" }],
      }),
    });
    const orgId = screen.getByLabelText("Organization id");
    expect(orgId.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(orgId.getAttribute("aria-describedby")!)!.textContent).toBe(
      "must end in @AdobeOrg",
    );
  });

  it("gives a viewer disabled fields and no Save button", () => {
    renderStudio(<PropertySettingsPage />, { ...at, role: "viewer", state: propertyState() });
    expect(screen.getByLabelText("Organization id")).toHaveProperty("disabled", false);
    expect(screen.getByLabelText("Organization id").closest("fieldset")).toHaveProperty(
      "disabled",
      true,
    );
    expect(screen.queryByRole("button", { name: "Save settings" })).toBeNull();
  });

  describe("Approver must differ from the submitter", () => {
    it("is an admin's checkbox, saved as separationOfDuties, with its meaning beside it", async () => {
      const { calls } = renderStudio(<PropertySettingsPage />, {
        ...at,
        role: "admin",
        state: propertyState(),
        routes: {
          "PUT /api/properties/PR1/settings": () => ({ body: propertyState({ revision: 8 }) }),
        },
      });
      const box = screen.getByRole("checkbox", { name: "Approver must differ from the submitter" });
      expect(box).toHaveProperty("checked", false);
      expect(document.getElementById(box.getAttribute("aria-describedby")!)!.textContent).toBe(
        "On: whoever submits a library cannot approve it; another approver or an admin must. Only admins change this.",
      );
      fireEvent.click(box);
      fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
      await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
      expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({
        settings: { separationOfDuties: true },
      });
    });

    it("is shown but not changeable by an editor, whose save leaves it as it is", async () => {
      const state = propertyState();
      state.document.property.settings.separationOfDuties = true;
      const { calls } = renderStudio(<PropertySettingsPage />, {
        ...at,
        role: "editor",
        state,
        routes: {
          "PUT /api/properties/PR1/settings": () => ({ body: propertyState({ revision: 8 }) }),
        },
      });
      const box = screen.getByRole("checkbox", { name: "Approver must differ from the submitter" });
      expect(box).toHaveProperty("checked", true);
      expect(box).toHaveProperty("disabled", true);
      fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
      await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
      expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({
        settings: { separationOfDuties: true },
      });
    });
  });
});
