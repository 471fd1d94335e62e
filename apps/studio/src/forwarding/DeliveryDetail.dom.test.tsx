import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Role } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { renderStudio } from "../../test/renderStudio.tsx";
import DeliveryDetail from "./DeliveryDetail.tsx";
import { delivery, edgeState } from "./edgeFixtures.ts";

afterEach(cleanup);

const dead = delivery({
  id: "DL7",
  state: "dead",
  attempts: 2,
  deliveredAt: undefined,
  lastStatus: 400,
  reason: "HTTP 400: the destination refused the request",
  attemptLog: [
    { at: "2026-11-29T09:00:01.000Z", status: 503, latencyMs: 80, excerpt: "busy" },
    {
      at: "2026-11-29T09:00:05.000Z",
      status: 400,
      latencyMs: 95,
      excerpt: '{"error":{"message":"Invalid parameter"}}',
    },
  ],
});

function render(role: Role, info = dead) {
  // The server's delivery: pending again once replayed.
  let current = info;
  const replayed = {
    ...info,
    state: "pending" as const,
    reason: undefined,
    nextAt: "2026-11-29T10:00:00.000Z",
  };
  return renderStudio(<DeliveryDetail />, {
    role,
    path: `/properties/EP1/deliveries/${info.id}`,
    pattern: "/properties/:pid/deliveries/:did",
    state: edgeState(),
    routes: {
      [`GET /api/properties/EP1/deliveries/${info.id}`]: () => ({ body: current }),
      [`POST /api/properties/EP1/deliveries/${info.id}/replay`]: () => {
        current = replayed;
        return { body: replayed };
      },
    },
  });
}

describe("DeliveryDetail", () => {
  it("shows the planned request with secrets as placeholders, every attempt and why it died", async () => {
    render("viewer");
    expect(
      await screen.findByRole("heading", { name: /Delivery to graph\.facebook\.com/ }),
    ).toBeTruthy();
    expect(screen.getByRole("note", { name: "Why it is dead" }).textContent).toBe(
      "HTTP 400: the destination refused the request",
    );
    expect(screen.getByText("POST https://graph.facebook.com/v21.0/123/events")).toBeTruthy();
    const query = screen.getByRole("table", { name: "Query" });
    expect(within(query).getByText("{{secret:meta token}}")).toBeTruthy();
    expect(
      within(screen.getByRole("table", { name: "Headers" })).getByText("Content-Type"),
    ).toBeTruthy();
    // A JSON body is indented for reading.
    expect(screen.getByText(/"event_name": "Purchase"/).tagName).toBe("PRE");
    const attempts = screen.getAllByRole("row").filter((r) => r.textContent?.includes("ms"));
    expect(attempts.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual([
      "503",
      "400",
    ]);
    expect(screen.getByText('{"error":{"message":"Invalid parameter"}}')).toBeTruthy();
    expect(screen.getByText("Production")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Purchase to Meta" }).getAttribute("href")).toBe(
      "/properties/EP1/rules/RL9",
    );
    // Viewers cannot replay.
    expect(screen.queryByRole("button", { name: "Replay" })).toBeNull();
  });

  it("replays a dead letter for an editor after a confirmation, and says so", async () => {
    const { calls } = render("editor");
    fireEvent.click(await screen.findByRole("button", { name: "Replay" }));
    const dialog = await screen.findByRole("dialog", { name: "Replay this delivery?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Replay" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/DL7/replay"))).toBe(true),
    );
    expect(
      (
        await screen.findByText("Replayed: the delivery is queued and will be sent again.")
      ).getAttribute("role"),
    ).toBe("status");
    // The answer is the delivery, pending again: no Replay, no reason.
    expect(await screen.findByText("Pending", { selector: ".badge" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Replay" })).toBeNull();
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    const { calls } = render("editor");
    fireEvent.click(await screen.findByRole("button", { name: "Replay" }));
    const dialog = await screen.findByRole("dialog", { name: "Replay this delivery?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("offers no replay on a delivered one", async () => {
    render("admin", delivery());
    expect(await screen.findByText("Delivered", { selector: ".badge" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Replay" })).toBeNull();
  });
});
