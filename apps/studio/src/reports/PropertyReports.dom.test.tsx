import type { ReportInfo } from "@liftoff/schema";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import ReportsPage from "./ReportsPage.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/reports", pattern: "/properties/:pid/reports" };
const builtIn: ReportInfo = {
  name: "eventTypes",
  title: "Events by type",
  group: "generic",
  reads: "xdm.eventType",
  columns: ["eventType", "events"],
};
const own: ReportInfo = {
  name: "searchTerms",
  title: "Search terms",
  group: "property",
  reads: "Search term",
  columns: ["term", "searches"],
};
// Events in the range (so the reports show) but none above zero: no chart to draw in jsdom.
const table = (report: string, columns: string[], rows: Array<Array<string | number>>) => ({
  report,
  from: "",
  to: "",
  columns,
  rows,
});

function render(catalog: ReportInfo[]) {
  return renderStudio(<ReportsPage />, {
    ...at,
    role: "viewer",
    state: propertyState(),
    routes: {
      "GET /api/reports": () => ({ body: { reports: catalog.map((c) => c.name), catalog } }),
      "GET /api/reports/eventTypes": () => ({
        body: table("eventTypes", ["eventType", "events"], [["web.webpagedetails.pageViews", 0]]),
      }),
      "GET /api/reports/searchTerms": () => ({ body: table("searchTerms", own.columns, []) }),
      "GET /api/properties/PR1/saved-reports": () => ({ body: [] }),
    },
  });
}

describe("the property's own reports", () => {
  it("are asked for with the property and shown after the built-in ones under its name", async () => {
    const { calls } = render([builtIn, own]);
    const heading = await screen.findByRole("heading", { name: "PC Marketing's reports" });
    const cards = screen
      .getAllByRole("region")
      .map((r) => r.getAttribute("aria-labelledby"))
      .filter((id) => id?.startsWith("report-"));
    expect(cards).toEqual(["report-eventTypes", "report-searchTerms"]);
    expect(
      heading.compareDocumentPosition(screen.getByRole("region", { name: "Search terms" })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/reports")!.query).toBe("propertyId=PR1");
    await waitFor(() =>
      expect(screen.getByRole("region", { name: "Search terms" }).textContent).toContain(
        "No data in this range. This report reads Search term.",
      ),
    );
    const run = calls.find((c) => c.path === "/api/reports/searchTerms")!;
    expect(new URLSearchParams(run.query).get("propertyId")).toBe("PR1");
    expect(screen.queryByText(/no reports of its own yet/)).toBeNull();
  });

  it("point to the Reporting settings when the property has none", async () => {
    render([builtIn]);
    const link = await screen.findByRole("link", { name: "Reporting in its settings" });
    expect(link.getAttribute("href")).toBe("/properties/PR1/settings#reporting");
    expect(link.closest("p")!.textContent).toBe(
      "This property has no reports of its own yet: add its fields and reports under Reporting in its settings.",
    );
    expect(screen.queryByRole("heading", { name: "PC Marketing's reports" })).toBeNull();
  });
});
