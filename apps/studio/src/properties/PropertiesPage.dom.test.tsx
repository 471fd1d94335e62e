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

describe("PropertiesPage: platforms", () => {
  it("creates an event forwarding property: no domains or org id, platform edge, then its forwarding settings", async () => {
    const { calls, router } = render({
      "POST /api/properties": () => ({ status: 201, body: propertyState() }),
    });
    const web = await screen.findByRole("radio", { name: "Web" });
    expect(web).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("radio", { name: "Event forwarding" }));
    expect(screen.queryByLabelText("Domains (one per line)")).toBeNull();
    expect(screen.queryByLabelText("Organization id (optional)")).toBeNull();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Server side" } });
    fireEvent.click(screen.getByRole("button", { name: "Create property" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/properties/PR1/forwarding"));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Server side",
      domains: [],
      platform: "edge",
    });
  });

  it("marks event forwarding properties in the list", async () => {
    render({
      "GET /api/properties": () => ({
        body: [
          {
            id: "PR1",
            name: "PC Marketing",
            revision: 3,
            updatedAt: "2026-11-21T10:00:00Z",
            updatedBy: "ada",
          },
          {
            id: "EP1",
            name: "Server side",
            platform: "edge",
            revision: 1,
            updatedAt: "2026-11-21T10:00:00Z",
            updatedBy: "ada",
          },
        ],
      }),
    });
    const edgeRow = (await screen.findByRole("link", { name: "Server side" })).closest("tr")!;
    expect(within(edgeRow).getAllByRole("cell")[1]!.textContent).toBe("Event forwarding");
    const webRow = screen.getByRole("link", { name: "PC Marketing" }).closest("tr")!;
    expect(within(webRow).getAllByRole("cell")[1]!.textContent).toBe("Web");
  });
});

describe("PropertiesPage: import a Launch library", () => {
  const exists = {
    status: 409,
    body: {
      type: "urn:liftoff:errors:api:property-exists",
      title: "Property already exists",
      status: 409,
      detail: 'This property is already here as "PC Marketing" (PR1): open it, …',
      existing: { id: "PR1", name: "PC Marketing" },
    },
  };
  const noReport = { mapped: [], opaque: [], warnings: [] };
  const counts = (rule: number[], dataElement: number[]) => ({
    rule: { added: rule[0]!, changed: rule[1]!, deleted: rule[2]! },
    dataElement: { added: dataElement[0]!, changed: dataElement[1]!, deleted: dataElement[2]! },
    extension: { added: 0, changed: 0, deleted: 0 },
  });
  const pickAndImport = async () => {
    const file = new File(['{"container": true}'], "container.json", { type: "application/json" });
    fireEvent.change(await screen.findByLabelText("File"), { target: { files: [file] } });
    fireEvent.submit(screen.getByRole("form", { name: "Import a Launch library" }));
    return screen.findByRole("region", { name: "“PC Marketing” is already here" });
  };

  it("answers a second import with the property already here and the ways forward", async () => {
    const copy = propertyState();
    copy.document.property = { ...copy.document.property, id: "PR2", name: "PC Marketing (copy)" };
    const { calls } = render({
      "POST /api/properties/import": (_body, query) =>
        query?.get("mode") === "copy"
          ? { status: 201, body: { property: copy, report: noReport } }
          : exists,
    });
    const panel = await pickAndImport();
    expect(document.activeElement).toBe(within(panel).getByRole("heading", { level: 2 }));
    const open = within(panel).getByRole("link", { name: "Open “PC Marketing”" });
    expect(open.getAttribute("href")).toBe("/properties/PR1");
    // No raw problem text with ids and query parameters: the panel says it in words.
    expect(panel.textContent).not.toContain("PR1");
    expect(within(panel).getByRole("button", { name: "Update “PC Marketing”" })).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: "Import as a copy" }));
    const report = await screen.findByRole("region", { name: "Imported “PC Marketing (copy)”" });
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => c.query)).toEqual(["", "mode=copy"]);
    expect(posts[1]!.body).toEqual({ container: true });
    expect(
      within(report).getByRole("link", { name: "Open PC Marketing (copy)" }).getAttribute("href"),
    ).toBe("/properties/PR2");
  });

  it("shows what an update changes, and applies it at the revision shown once confirmed", async () => {
    const updated = propertyState();
    let revision = 4;
    const { calls } = render({
      "POST /api/properties/import": (_body, query) => {
        if (query?.get("mode") !== "update") return exists;
        if (query.get("dryRun") === "true")
          return {
            body: {
              property: updated,
              report: noReport,
              update: {
                dryRun: true,
                fromRevision: revision,
                counts: counts([0, 1, 0], [1, 0, 1]),
                items: [
                  { kind: "rule", id: "RL1", name: "Page View", change: "changed" },
                  { kind: "dataElement", id: "DE2", name: "cart total", change: "added" },
                  { kind: "dataElement", id: "DE1", name: "page name", change: "deleted" },
                ],
              },
            },
          };
        // The first confirmation comes too late: someone saved revision 5 meanwhile.
        if (query.get("revision") === "4") {
          revision = 5;
          return {
            status: 409,
            body: {
              type: "urn:liftoff:errors:api:property-changed",
              title: "The property changed meanwhile",
              status: 409,
              stale: { yourRevision: 4, currentRevision: 5, changedBy: "ana", changedAt: "…" },
            },
          };
        }
        return {
          body: {
            property: { ...updated, revision: 6 },
            report: noReport,
            update: {
              dryRun: false,
              fromRevision: 5,
              counts: counts([0, 1, 0], [1, 0, 1]),
              items: [{ kind: "rule", id: "RL1", name: "Page View", change: "changed" }],
            },
          },
        };
      },
    });
    const panel = await pickAndImport();
    fireEvent.click(within(panel).getByRole("button", { name: "Update “PC Marketing”" }));
    const preview = await within(panel).findByRole("heading", { name: "What the update changes" });
    await waitFor(() => expect(document.activeElement).toBe(preview));
    expect(panel.textContent).toContain(
      "1 rule changed; 1 data element added, 1 deleted (from revision 4 of “PC Marketing”)",
    );
    const items = within(panel)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "changed rule “Page View”",
      "added data element “cart total”",
      "deleted data element “page name”",
    ]);
    fireEvent.click(within(panel).getByRole("button", { name: "Confirm update" }));
    // Refused as stale: the comparison is made again, and says why.
    await within(panel).findByText(/ana changed “PC Marketing” meanwhile, so nothing was saved/);
    await within(panel).findByText(/from revision 5 of “PC Marketing”/);
    fireEvent.click(within(panel).getByRole("button", { name: "Confirm update" }));
    const report = await screen.findByRole("region", { name: "Updated “PC Marketing”" });
    expect(report.textContent).toContain("1 rule changed; 1 data element added, 1 deleted");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.query)).toEqual([
      "",
      "mode=update&dryRun=true",
      "mode=update&revision=4",
      "mode=update&dryRun=true",
      "mode=update&revision=5",
    ]);
  });

  it("says there is nothing to update when the property already has the library", async () => {
    render({
      "POST /api/properties/import": (_body, query) =>
        query?.get("dryRun") === "true"
          ? {
              body: {
                property: propertyState(),
                report: noReport,
                update: {
                  dryRun: true,
                  fromRevision: 3,
                  counts: counts([0, 0, 0], [0, 0, 0]),
                  items: [],
                },
              },
            }
          : exists,
    });
    const panel = await pickAndImport();
    fireEvent.click(within(panel).getByRole("button", { name: "Update “PC Marketing”" }));
    await within(panel).findByText(/already has everything this library has/);
    expect(within(panel).queryByRole("button", { name: "Confirm update" })).toBeNull();
    fireEvent.click(within(panel).getByRole("button", { name: "Choose another file" }));
    expect(await screen.findByRole("form", { name: "Import a Launch library" })).toBeTruthy();
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
