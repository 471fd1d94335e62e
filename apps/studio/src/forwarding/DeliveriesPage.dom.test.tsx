import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DeliveryPage } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { renderStudio, type Routes } from "../../test/renderStudio.tsx";
import DeliveriesPage from "./DeliveriesPage.tsx";
import { delivery, edgeState } from "./edgeFixtures.ts";

afterEach(cleanup);

const stats = {
  destinations: [
    {
      destination: "meta",
      host: "graph.facebook.com",
      delivered: 1200,
      pending: 3,
      dead: 2,
      successRate: 0.99834,
      p50LatencyMs: 120,
      p95LatencyMs: 480.4,
    },
    {
      destination: "webhook",
      host: "hooks.example.com",
      delivered: 0,
      pending: 0,
      dead: 0,
      successRate: null,
      p50LatencyMs: null,
      p95LatencyMs: null,
    },
  ],
};

function render(routes: Routes = {}) {
  return renderStudio(<DeliveriesPage />, {
    role: "viewer",
    path: "/properties/EP1/deliveries",
    pattern: "/properties/:pid/deliveries",
    state: edgeState(),
    routes: {
      "GET /api/properties/EP1/deliveries/stats": () => ({ body: stats }),
      "GET /api/properties/EP1/deliveries": () => ({ body: { deliveries: [delivery()] } }),
      ...routes,
    },
  });
}

describe("DeliveriesPage", () => {
  it("shows each destination's counts, success rate and latency over the last day", async () => {
    const { calls } = render();
    const table = await screen.findByRole("table", { name: "By destination, last 24 hours" });
    const meta = within(table).getByText("Meta Conversions API").closest("tr")!;
    const cells = within(meta)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual([
      "Meta Conversions API",
      "graph.facebook.com",
      (1200).toLocaleString(),
      "3",
      "2",
      `${(99.8).toLocaleString()} %`,
      "120 ms",
      "480 ms",
    ]);
    const webhook = within(table).getByText("Webhook").closest("tr")!;
    expect(within(webhook).getAllByRole("cell")[5]!.textContent).toBe("–");
    // The window is the last 24 hours, asked as `since`.
    const since = calls.find((c) => c.path.endsWith("/stats"))!.query;
    const sinceMs = Date.parse(new URLSearchParams(since).get("since")!);
    expect(Date.now() - sinceMs).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(Date.now() - sinceMs).toBeLessThan(25 * 3600 * 1000);
  });

  it("lists deliveries, each linked to its page, and filters dead letters and a destination on the server", async () => {
    const { calls } = render({
      "GET /api/properties/EP1/deliveries": (_body, query) => ({
        body: {
          deliveries:
            query?.get("state") === "dead"
              ? [delivery({ id: "DL2", state: "dead", reason: "HTTP 400 from the destination" })]
              : [delivery()],
        },
      }),
    });
    const link = await screen.findByRole("link", {
      name: new Date("2026-11-29T09:00:00.000Z").toLocaleString(),
    });
    expect(link.getAttribute("href")).toBe("/properties/EP1/deliveries/DL1");
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "dead" } });
    expect(await screen.findByText("HTTP 400 from the destination")).toBeTruthy();
    expect(screen.getByText("Dead letter").className).toContain("delivery-dead");
    fireEvent.change(screen.getByLabelText("Destination"), { target: { value: "ga4" } });
    await waitFor(() =>
      expect(calls.map((c) => c.query)).toContain("state=dead&destination=ga4&limit=50"),
    );
  });

  it("asks the server for failing deliveries (tried, waiting for a retry), and pages with `before`", async () => {
    const pages: Record<string, DeliveryPage> = {
      first: {
        deliveries: [
          delivery({
            id: "DL4",
            state: "pending",
            attempts: 2,
            ruleName: "Retrying",
            lastStatus: 503,
          }),
        ],
        next: "cursor-1",
      },
      second: {
        deliveries: [
          delivery({ id: "DL5", state: "pending", attempts: 1, ruleName: "Older retry" }),
        ],
      },
    };
    const { calls } = render({
      "GET /api/properties/EP1/deliveries": (_body, query) => ({
        body: query?.get("before") === "cursor-1" ? pages.second : pages.first,
      }),
    });
    fireEvent.change(await screen.findByLabelText("Show"), { target: { value: "failed" } });
    expect(await screen.findByText("Retrying")).toBeTruthy();
    expect(calls.map((c) => c.query)).toContain("state=failing&limit=50");
    fireEvent.click(screen.getByRole("button", { name: "Older deliveries" }));
    expect(await screen.findByText("Older retry")).toBeTruthy();
    expect(calls.map((c) => c.query)).toContain("state=failing&limit=50&before=cursor-1");
    expect(screen.queryByRole("button", { name: "Older deliveries" })).toBeNull();
  });

  it("asks again every 5 seconds while it is open", async () => {
    const { calls } = render();
    await screen.findByText("Purchase to Meta");
    const statsCalls = () => calls.filter((c) => c.path.endsWith("/stats")).length;
    const listCalls = () => calls.filter((c) => c.path.endsWith("/deliveries")).length;
    expect(statsCalls()).toBe(1);
    await waitFor(() => expect(statsCalls()).toBe(2), { timeout: 7000 });
    await waitFor(() => expect(listCalls()).toBeGreaterThanOrEqual(2));
  }, 10000);
});
