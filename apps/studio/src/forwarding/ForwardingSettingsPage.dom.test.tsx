import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OutboundHost, Role, SecretInfo } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { renderStudio } from "../../test/renderStudio.tsx";
import { edgeState } from "./edgeFixtures.ts";
import ForwardingSettingsPage from "./ForwardingSettingsPage.tsx";

afterEach(cleanup);

const token: SecretInfo = {
  environmentId: "ENeprod",
  name: "meta_token",
  updatedAt: "2026-11-28T10:00:00.000Z",
  updatedBy: "ada",
};

function render(
  role: Role,
  hosts: OutboundHost[] = [{ host: "graph.facebook.com" }],
  sealing: "on" | "off" = "on",
) {
  let secrets = [token];
  let storedHosts = hosts;
  return renderStudio(<ForwardingSettingsPage />, {
    role,
    path: "/properties/EP1/forwarding",
    pattern: "/properties/:pid/forwarding",
    state: edgeState(),
    routes: {
      "GET /api/properties/EP1/forwarding/secrets": () => ({ body: { secrets, sealing } }),
      "PUT /api/properties/EP1/forwarding/secrets/ENedev/ga4_secret": () => {
        const info = { ...token, environmentId: "ENedev", name: "ga4_secret" };
        secrets = [...secrets, info];
        return { body: info };
      },
      "DELETE /api/properties/EP1/forwarding/secrets/ENeprod/meta_token": () => {
        secrets = [];
        return { status: 204 };
      },
      "GET /api/properties/EP1/forwarding/hosts": () => ({ body: { hosts: storedHosts } }),
      "PUT /api/properties/EP1/forwarding/hosts": (body) => {
        storedHosts = (body as { hosts: OutboundHost[] }).hosts;
        return { body: { hosts: storedHosts } };
      },
      "GET /api/datastreams": () => ({
        body: {
          datastreams: [
            {
              id: "DSweb",
              propertyId: "PR1",
              environmentId: "ENprod",
              stage: "production",
              allowedOrigins: [],
              forwarding: { propertyId: "EP1", environmentId: "ENeprod" },
            },
          ],
        },
      }),
      "GET /api/properties": () => ({
        body: [{ id: "PR1", name: "PC Marketing", revision: 3, updatedAt: "", updatedBy: "" }],
      }),
    },
  });
}

describe("ForwardingSettingsPage: secrets", () => {
  it("lists names per environment and sets a value write-only: sent once, then gone from the page", async () => {
    const { calls } = render("editor");
    const prod = await screen.findByRole("group", { name: /Production/ });
    expect(within(prod).getByText("meta_token")).toBeTruthy();
    expect(
      within(prod).getByText(`${new Date(token.updatedAt).toLocaleString()} by ada`),
    ).toBeTruthy();
    const dev = screen.getByRole("group", { name: /Development/ });
    expect(within(dev).getByText("No secrets in this environment.")).toBeTruthy();
    const value = within(dev).getByLabelText("Value");
    expect(value.getAttribute("type")).toBe("password");
    expect(value.getAttribute("autocomplete")).toBe("new-password");
    fireEvent.change(within(dev).getByLabelText("Name"), { target: { value: "ga4_secret" } });
    fireEvent.change(value, { target: { value: "s3cr3t-value" } });
    fireEvent.click(within(dev).getByRole("button", { name: "Set secret" }));
    expect(await within(dev).findByText("Secret “ga4_secret” saved.")).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toEqual({ value: "s3cr3t-value" });
    expect(put.csrf).toBe("csrf-1");
    // The list was asked again (names only) and shows the new one; the value is nowhere.
    expect(await within(dev).findByText("ga4_secret")).toBeTruthy();
    expect(value).toHaveProperty("value", "");
    expect(document.body.innerHTML).not.toContain("s3cr3t-value");
    const reads = calls.filter((c) => c.method === "GET" && c.path.includes("/secrets"));
    expect(reads.map((c) => c.path)).toEqual([
      "/api/properties/EP1/forwarding/secrets",
      "/api/properties/EP1/forwarding/secrets",
    ]);
  });

  it("replaces a secret: Replace names it in the form and puts the focus on the value", async () => {
    render("editor");
    const prod = await screen.findByRole("group", { name: /Production/ });
    fireEvent.click(within(prod).getByRole("button", { name: "Replace meta_token in Production" }));
    expect(within(prod).getByLabelText("Name")).toHaveProperty("value", "meta_token");
    expect(document.activeElement).toBe(within(prod).getByLabelText("Value"));
    expect(within(prod).getByRole("button", { name: "Replace secret" })).toBeTruthy();
  });

  it("deletes a secret after a confirmation", async () => {
    const { calls } = render("editor");
    const prod = await screen.findByRole("group", { name: /Production/ });
    fireEvent.click(
      within(prod).getByRole("button", { name: "Delete meta_token from Production" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Delete the secret “meta_token” from Production?",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete secret" }));
    expect(await within(prod).findByText("No secrets in this environment.")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("says when the server cannot encrypt secrets, and offers no way to set one", async () => {
    render("editor", undefined, "off");
    expect((await screen.findByRole("note")).textContent).toContain("LIFTOFF_SECRET_KEYS");
    const prod = screen.getByRole("group", { name: /Production/ });
    expect(within(prod).getByText("meta_token")).toBeTruthy();
    expect(screen.queryByLabelText("Value")).toBeNull();
    expect(screen.queryByRole("button", { name: /Replace/ })).toBeNull();
  });

  it("shows viewers the names only, with no form", async () => {
    render("viewer");
    const prod = await screen.findByRole("group", { name: /Production/ });
    expect(within(prod).getByText("meta_token")).toBeTruthy();
    expect(screen.queryByLabelText("Value")).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});

describe("ForwardingSettingsPage: outbound hosts", () => {
  it("lets an admin allow a host with private addresses, warning first", async () => {
    const { calls } = render("admin");
    expect(await screen.findByText("graph.facebook.com", { selector: "li code" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Host"), { target: { value: "127.0.0.1:4010" } });
    const allow = screen.getByLabelText("Allow private addresses");
    const warning = document.getElementById(allow.getAttribute("aria-describedby")!)!;
    expect(warning.textContent).toContain("stay refused");
    fireEvent.click(allow);
    expect(warning.textContent).toMatch(/^Warning: .*internal network/);
    fireEvent.click(screen.getByRole("button", { name: "Allow host" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      hosts: [{ host: "graph.facebook.com" }, { host: "127.0.0.1:4010", allowPrivate: true }],
    });
    expect(await screen.findByText("private addresses allowed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove graph.facebook.com" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT").at(-1)!.body).toEqual({
        hosts: [{ host: "127.0.0.1:4010", allowPrivate: true }],
      }),
    );
  });

  it("sends a host's rate and concurrency when given, and shows the defaults otherwise", async () => {
    const { calls } = render("admin");
    expect(await screen.findByText("50/s, 4 at once")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Host"), { target: { value: "hooks.example.com" } });
    fireEvent.change(screen.getByLabelText("Per second"), { target: { value: "500" } });
    fireEvent.change(screen.getByLabelText("At once"), { target: { value: "16" } });
    fireEvent.click(screen.getByRole("button", { name: "Allow host" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      hosts: [
        { host: "graph.facebook.com" },
        { host: "hooks.example.com", maxPerSecond: 500, maxConcurrent: 16 },
      ],
    });
  });

  it("shows the hosts read-only to an editor", async () => {
    render("editor");
    expect(await screen.findByText("graph.facebook.com", { selector: "li code" })).toBeTruthy();
    expect(screen.queryByLabelText("Host")).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });

  it("says when no host is allowed", async () => {
    render("viewer", []);
    expect(
      await screen.findByText("None: every request this property's rules plan is refused."),
    ).toBeTruthy();
  });
});

describe("ForwardingSettingsPage: datastreams", () => {
  it("lists the datastreams linked to the property, with their property and environment", async () => {
    render("viewer");
    const section = (await screen.findByRole("heading", { name: "Datastreams sending here" }))
      .parentElement!;
    await waitFor(() =>
      expect(section.textContent).toContain("DSweb (production) of PC Marketing → Production"),
    );
  });
});
