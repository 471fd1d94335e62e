import type { ExtensionManifest, PropertyState } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { catalog, propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import ExtensionsPage from "./ExtensionsPage.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/extensions", pattern: "/properties/:pid/extensions" };

const sdk: ExtensionManifest = {
  name: "sdk",
  displayName: "Event SDK",
  version: "2.0.0",
  description: "Sends events to a datastream.",
  settings: {
    type: "object",
    properties: { datastream: { type: "string", description: "datastream id" } },
    required: ["datastream"],
  },
  modules: [
    {
      path: "sdk/src/lib/actions/send.js",
      kind: "action",
      name: "send",
      displayName: "Send",
      settings: {},
    },
  ],
};

function withSdk(usedByRule: boolean): PropertyState {
  const base = propertyState();
  const document = structuredClone(base.document);
  document.extensions.push({
    name: "sdk",
    displayName: "Event SDK",
    settings: { datastream: "a" },
  });
  if (usedByRule)
    document.rules[0]!.actions.push({ id: "AC2", modulePath: "sdk/src/lib/actions/send.js" });
  return propertyState({ document });
}

function render(state: PropertyState, routes = {}) {
  const rendered = renderStudio(<ExtensionsPage />, { ...at, role: "editor", state, routes });
  act(() => {
    rendered.queryClient.setQueryData(["extensions"], [...catalog, sdk]);
  });
  return rendered;
}

describe("ExtensionsPage", () => {
  it("lists the catalogue and adds an extension with the settings its form asked for", async () => {
    const { calls } = render(propertyState(), {
      "PUT /api/properties/PR1/extensions/sdk": () => ({ body: withSdk(false) }),
    });
    const entry = await screen.findByRole("listitem", { name: /Event SDK/ });
    expect(entry.textContent).toContain("2.0.0");
    expect(entry.textContent).toContain("Sends events to a datastream.");
    expect(within(entry).getByText("Not installed")).toBeTruthy();
    expect(
      within(screen.getByRole("listitem", { name: /Core/ })).getByText("Installed"),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add Event SDK" }));
    const form = screen.getByRole("form", { name: "Add Event SDK" });
    fireEvent.change(within(form).getByLabelText(/Datastream/), { target: { value: "DS1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add Event SDK" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    // New: no revision; the settings the form collected.
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      extension: {
        name: "sdk",
        displayName: "Event SDK",
        version: "2.0.0",
        settings: { datastream: "DS1" },
      },
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole("listitem", { name: /Event SDK/ })).getByText("Installed"),
      ).toBeTruthy(),
    );
  });

  it("asks for the property's org id when the extension needs one and the property has none", async () => {
    const base = propertyState();
    const noOrg = propertyState({ document: { ...base.document, company: {} } });
    const rendered = renderStudio(<ExtensionsPage />, {
      ...at,
      role: "editor",
      state: noOrg,
      routes: {
        "PUT /api/properties/PR1/settings": () => ({ body: propertyState() }),
        "PUT /api/properties/PR1/extensions/sdk": () => ({ body: withSdk(false) }),
      },
    });
    act(() => {
      rendered.queryClient.setQueryData(["extensions"], [...catalog, { ...sdk, needsOrgId: true }]);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add Event SDK" }));
    const form = screen.getByRole("form", { name: "Add Event SDK" });
    const orgId = within(form).getByLabelText("Organization id");
    expect(document.getElementById(orgId.getAttribute("aria-describedby")!)!.textContent).toContain(
      "needs your Adobe org id",
    );
    fireEvent.change(orgId, { target: { value: "ABC123@AdobeOrg" } });
    fireEvent.change(within(form).getByLabelText(/Datastream/), { target: { value: "DS1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add Event SDK" }));
    await waitFor(() => expect(rendered.calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    const [settings, extension] = rendered.calls.filter((c) => c.method === "PUT");
    expect(settings).toMatchObject({
      path: "/api/properties/PR1/settings",
      body: { revision: 1, company: { orgId: "ABC123@AdobeOrg" } },
    });
    expect(extension!.path).toBe("/api/properties/PR1/extensions/sdk");
  });

  it("refuses to remove an extension while a rule uses it, naming the rule; Core stays", () => {
    render(withSdk(true));
    const remove = screen.getByRole("button", { name: "Remove Event SDK" });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(remove.getAttribute("aria-describedby")!)!;
    expect(note.textContent).toContain("change or delete them before removing");
    expect(within(note).getByRole("link", { name: "Page View" }).getAttribute("href")).toBe(
      "/properties/PR1/rules/RL1",
    );
    expect(screen.queryByRole("button", { name: "Remove Core" })).toBeNull();
    expect(screen.getByText("Core runs every library; it cannot be removed.")).toBeTruthy();
  });

  it("removes an unused extension after asking", async () => {
    const { calls } = render(withSdk(false), {
      "DELETE /api/properties/PR1/extensions/sdk": () => ({ body: propertyState() }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Remove Event SDK" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Remove the Event SDK extension?");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove extension" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Event SDK" })).toBeNull());
  });
});
