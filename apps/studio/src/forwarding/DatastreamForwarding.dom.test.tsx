import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DatastreamInfo, Role } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import { PlatformContext } from "../properties/platform.ts";
import EnvironmentsPage from "../publishing/EnvironmentsPage.tsx";

afterEach(cleanup);

const datastream: DatastreamInfo = {
  id: "DSdev",
  propertyId: "PR1",
  environmentId: "ENdev",
  orgId: "ABC@AdobeOrg",
  stage: "development",
  allowedOrigins: [],
};

function render(
  role: Role,
  initial: DatastreamInfo = datastream,
  platform: "web" | "edge" = "web",
) {
  let current = initial;
  return renderStudio(
    <PlatformContext.Provider value={platform}>
      <EnvironmentsPage />
    </PlatformContext.Provider>,
    {
      role,
      path: "/properties/PR1/environments",
      pattern: "/properties/:pid/environments",
      state: propertyState(),
      routes: {
        "GET /api/properties/PR1/environments": () => ({
          body: [
            {
              id: "ENdev",
              name: "Development",
              stage: "development",
              embedCode: "<script></script>",
              cacheControl: "no-cache",
            },
          ],
        }),
        "GET /api/datastreams": () => ({ body: { datastreams: [current] } }),
        "GET /api/properties": () => ({
          body: [
            { id: "PR1", name: "PC Marketing", revision: 3, updatedAt: "", updatedBy: "" },
            {
              id: "EP1",
              name: "Server side",
              platform: "edge",
              revision: 1,
              updatedAt: "",
              updatedBy: "",
            },
          ],
        }),
        "GET /api/properties/EP1/environments": () => ({
          body: [
            { id: "ENeprod", name: "Production", stage: "production" },
            { id: "ENedev", name: "Development", stage: "development" },
          ],
        }),
        "PUT /api/datastreams/DSdev/forwarding": (body) => {
          const link = body as { propertyId: string | null; environmentId?: string };
          current =
            link.propertyId === null
              ? { ...datastream }
              : {
                  ...datastream,
                  forwarding: { propertyId: link.propertyId, environmentId: link.environmentId! },
                };
          return { body: current };
        },
      },
    },
  );
}

describe("Environments: a datastream's event forwarding", () => {
  it("lets an admin link it to an edge property's environment of the same stage", async () => {
    const { calls } = render("admin");
    expect(
      await screen.findByText("Not forwarded: no server-side rules run for its events."),
    ).toBeTruthy();
    const property = await screen.findByLabelText("Event forwarding property");
    // Only event forwarding properties are offered.
    await waitFor(() =>
      expect([...property.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
        "Choose…",
        "Server side",
      ]),
    );
    fireEvent.change(property, { target: { value: "EP1" } });
    // The development datastream goes to the development environment unless chosen otherwise.
    await waitFor(() =>
      expect(screen.getByLabelText("Its environment")).toHaveProperty("value", "ENedev"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Link" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      propertyId: "EP1",
      environmentId: "ENedev",
    });
    const link = await screen.findByRole("link", { name: "Server side" });
    expect(link.getAttribute("href")).toBe("/properties/EP1/deliveries");
    expect(link.parentElement!.textContent).toContain("(Development)");
  });

  it("unlinks after a confirmation", async () => {
    const { calls } = render("admin", {
      ...datastream,
      forwarding: { propertyId: "EP1", environmentId: "ENeprod" },
    });
    fireEvent.click(
      await screen.findByRole("button", { name: "Unlink DSdev from event forwarding" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Stop forwarding the events of DSdev?",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Unlink" }));
    expect(
      await screen.findByText("Not forwarded: no server-side rules run for its events."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({ propertyId: null });
  });

  it("shows the link to others, without controls", async () => {
    render("editor", {
      ...datastream,
      forwarding: { propertyId: "EP1", environmentId: "ENeprod" },
    });
    const link = await screen.findByRole("link", { name: "Server side" });
    await waitFor(() => expect(link.parentElement!.textContent).toContain("(Production)"));
    expect(screen.queryByRole("button", { name: /Unlink/ })).toBeNull();
    expect(screen.queryByLabelText("Event forwarding property")).toBeNull();
  });

  it("is not offered on an event forwarding property's own environments, which list the datastreams they serve instead", async () => {
    // Here PR1 is the event forwarding property, and a web property's datastream is linked to it.
    render(
      "admin",
      {
        ...datastream,
        id: "DSweb",
        propertyId: "PRweb",
        forwarding: { propertyId: "PR1", environmentId: "ENdev" },
      },
      "edge",
    );
    const events = (await screen.findByText("Events from")).nextElementSibling!;
    await waitFor(() => expect(events.textContent).toBe("DSweb"));
    expect(screen.queryByRole("heading", { name: "Event forwarding" })).toBeNull();
    expect(screen.queryByLabelText("Embed code")).toBeNull();
  });
});
