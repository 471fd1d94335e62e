import type { SavedReport } from "@liftoff/schema";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import BreakdownPage from "./BreakdownPage.tsx";
import SavedReportsList from "./SavedReportsList.tsx";

afterEach(cleanup);

const S = "/api/properties/PR1/saved-reports";
const report = (overrides: Partial<SavedReport> = {}): SavedReport => ({
  id: "SR1",
  propertyId: "PR1",
  name: "Links by type",
  definition: {
    field: "xdm.web.webInteraction.name",
    by: "xdm.web.webInteraction.type",
    measure: "events",
    from: "2026-11-01",
    to: "2026-11-07",
  },
  createdBy: "viewer-user",
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedBy: "viewer-user",
  updatedAt: "2026-11-21T10:00:00.000Z",
  ...overrides,
});
// No rows: the chart (uPlot needs a real browser) is not drawn; e2e/reports.e2e.ts draws it.
const table = { report: "breakdown", from: "", to: "", columns: ["a", "events"], rows: [] };

describe("saved reports", () => {
  it("saves the breakdown as shown under a name, keeps the dialog open on a taken name, then opens it by id", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        type: "urn:liftoff:errors:api:name-taken",
        title: "Name taken",
        status: 409,
        detail: 'A saved report named "Links" already exists.',
        errors: [{ path: "name", message: "taken" }],
      },
    };
    const { calls, router } = renderStudio(<BreakdownPage />, {
      path: "/properties/PR1/reports/breakdown?field=xdm.web.webInteraction.name&by=xdm.web.webInteraction.type&from=2026-11-01&to=2026-11-07",
      pattern: "/properties/:pid/reports/breakdown",
      role: "viewer",
      state: propertyState(),
      routes: {
        "GET /api/reports/breakdown": () => ({ body: table }),
        [`POST ${S}`]: () => answer,
        [`GET ${S}/SR1`]: () => ({ body: report() }),
      },
    });
    const open = await screen.findByRole("button", { name: "Save report" });
    // An edit not yet run is not what gets saved.
    fireEvent.change(screen.getByLabelText("Only event type"), { target: { value: "x.y" } });
    fireEvent.click(open);
    const dialog = screen.getByRole("dialog", { name: "Save report" });
    const name = within(dialog).getByLabelText("Name");
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: "Links" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty(
      "textContent",
      'A saved report named "Links" already exists.',
    );
    expect(screen.getByRole("dialog", { name: "Save report" })).toBe(dialog);
    answer = { status: 201, body: report() };
    fireEvent.change(name, { target: { value: " Links by type " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.search).toBe("?saved=SR1"));
    expect(await screen.findByRole("heading", { name: "Links by type", level: 1 })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const posts = calls.filter((c) => c.method === "POST").map((c) => c.body);
    expect(posts[1]).toEqual({
      name: "Links by type",
      definition: {
        field: "xdm.web.webInteraction.name",
        by: "xdm.web.webInteraction.type",
        measure: "events",
        from: "2026-11-01",
        to: "2026-11-07",
      },
    });
    expect(screen.getByRole("link", { name: "Link to this report" }).getAttribute("href")).toBe(
      "/properties/PR1/reports/breakdown?saved=SR1",
    );
  });

  it("lists saved reports; only the creator or an admin may rename or delete, after confirming", async () => {
    let list = [report(), report({ id: "SR2", name: "Someone else's", createdBy: "erin" })];
    const { calls } = renderStudio(<SavedReportsList pid="PR1" />, {
      path: "/properties/PR1/reports",
      pattern: "/properties/:pid/reports",
      role: "viewer",
      state: propertyState(),
      routes: {
        [`GET ${S}`]: () => ({ body: list }),
        [`PUT ${S}/SR1`]: (body) => {
          list = [{ ...list[0]!, name: (body as { name: string }).name }, list[1]!];
          return { body: list[0] };
        },
        [`DELETE ${S}/SR1`]: () => {
          list = list.slice(1);
          return { status: 204 };
        },
      },
    });
    const row = (await screen.findByRole("link", { name: "Links by type" })).closest("li")!;
    expect(row.textContent).toContain("xdm.web.webInteraction.name · xdm.web.webInteraction.type");
    expect(row.textContent).toContain("viewer-user");
    expect(screen.getByRole("link", { name: "Links by type" }).getAttribute("href")).toBe(
      "/properties/PR1/reports/breakdown?saved=SR1",
    );
    // Another person's report: no buttons to rename or delete it.
    expect(screen.queryByRole("button", { name: "Rename Someone else's" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Someone else's" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Rename Links by type" }));
    const dialog = screen.getByRole("dialog", { name: "Rename “Links by type”" });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Clicks" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await screen.findByRole("link", { name: "Clicks" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Delete Clicks" }));
    const ask = screen.getByRole("dialog", { name: "Delete the saved report “Clicks”?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Sentinel: the confirmed delete is the first DELETE sent, so the cancelled one sent none.
    fireEvent.click(screen.getByRole("button", { name: "Delete Clicks" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Clicks" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { name: "Clicks" },
    ]);
  });
});
