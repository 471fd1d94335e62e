import type { PreviewTrace } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/FakeEventSource.ts";
import { propertyState } from "../../test/fixtures.ts";
import {
  deliveredTrace,
  forwardedTraces,
  previewSession,
  traces,
} from "../../test/previewFixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import PreviewSessionPage from "./PreviewSessionPage.tsx";

const session = previewSession();

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSession(role: "editor" | "viewer" = "editor", state = propertyState()) {
  const result = renderStudio(<PreviewSessionPage />, {
    role,
    path: `/properties/PR1/preview/${session.id}`,
    pattern: "/properties/:pid/preview/:id",
    state,
    routes: {
      [`GET /api/previews/${session.id}`]: () => ({ body: session }),
      [`DELETE /api/previews/${session.id}`]: () => ({
        body: { ...session, endedAt: new Date().toISOString() },
      }),
    },
  });
  const stream = FakeEventSource.opened[0]!;
  return { ...result, stream };
}

describe("PreviewSessionPage", () => {
  it("shows the link to copy and open, its QR code, its expiry and build", async () => {
    const { stream } = renderSession();
    expect(stream.url).toBe(`/api/previews/${session.id}/stream`);
    expect(stream.init).toEqual({ withCredentials: true });
    await screen.findByRole("heading", { name: "Preview: November release" });
    expect(screen.getByText(session.link)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy the preview link" })).toBeTruthy();
    const open = screen.getByRole("link", { name: "Open the page in preview" });
    expect(open.getAttribute("href")).toBe(session.link);
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("rel")).toBe("noopener");
    expect(screen.getByText("ends in 58 min")).toBeTruthy();
    expect(screen.getByText("Builds property revision 7.")).toBeTruthy();
    const qr = await screen.findByRole("img", {
      name: `QR code of the preview link ${session.link}`,
    });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    // A version-4+ code for a link this long: dozens of dark modules, quiet zone around.
    expect(qr.querySelector("path")!.getAttribute("d")!.split("M").length).toBeGreaterThan(100);
    expect(qr.getAttribute("viewBox")).toMatch(/^0 0 \d+ \d+$/);
  });

  it("says what to do until the page runs, then groups what it did per page view", async () => {
    const { stream } = renderSession();
    await screen.findByRole("heading", { name: "Preview: November release" });
    act(() => stream.open());
    expect(screen.getByText(/Open the link on the site; this page fills as it runs/)).toBeTruthy();
    act(() => stream.send("traces", traces.slice(0, 5)));
    act(() => stream.send("traces", traces.slice(3)));
    // Newest page view first.
    const views = screen.getAllByRole("article");
    expect(views.map((v) => within(v).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "https://example.com/pcg/auto/quote",
      "https://example.com/",
    ]);
    const quote = within(views[0]!);
    expect(quote.getByText(/development environment/).textContent).toContain("revision 7");
    expect(
      quote.getByText("Click", { selector: ".trigger-head strong" }).closest("li")!.textContent,
    ).toContain('on a#quote.cta "Get a quote" +1.23 s');
    // The rule that fired, in sequence, with what its condition compared.
    const fired = quote.getByRole("link", { name: "Page View" }).closest("li")!;
    expect(fired.textContent).toContain("Fired");
    expect(fired.textContent).toContain("in sequence");
    const condition = within(fired).getByRole("link", {
      name: "Condition 1: Path Without Query String",
    });
    expect(condition.getAttribute("href")).toBe("/properties/PR1/rules/RL1#conditions-0-title");
    expect(condition.closest("li")!.textContent).toBe(
      "Condition 1: Path Without Query String /pcg/auto/quote matches regex ^/pcg/auto → met · 0.4 ms",
    );
    const action = within(fired).getByRole("link", { name: "Action 1: Custom Code" });
    expect(action.getAttribute("href")).toBe("/properties/PR1/rules/RL1#actions-0-title");
    expect(action.closest("li")!.textContent).toContain("→ ran · 3 ms");
    // The rule that did not fire says where it stopped, negate shown.
    const notFired = quote.getByRole("link", { name: "Quote start" }).closest("li")!;
    expect(notFired.textContent).toContain("Not fired: condition 1 not met");
    expect(notFired.textContent).toContain("negated");
    expect(notFired.textContent).toContain("(after negate)");
    expect(quote.getByRole("link", { name: "Quote start" }).getAttribute("href")).toBe(
      "/properties/PR1/rules/RL2",
    );
    // Data elements: value, source, storage duration, a link by name.
    const row = quote.getByRole("link", { name: "page name" }).closest("tr")!;
    expect(quote.getByRole("link", { name: "page name" }).getAttribute("href")).toBe(
      "/properties/PR1/data-elements/DE1",
    );
    expect([...row.cells].map((c) => c.textContent)).toEqual([
      "page name",
      '{"section":"auto"}',
      "stored",
      "session",
      "Click",
    ]);
    // Edge requests with their XDM and the answer, identity and consent.
    const edge = quote.getByText("web.webinteraction.linkClicks").closest("li")!;
    expect(edge.textContent).toContain("HTTP 200 · 42 ms");
    expect(within(edge).getByText("request:")).toBeTruthy();
    expect(within(edge).getByText("response:")).toBeTruthy();
    expect(edge.textContent).toContain('"web.webinteraction.linkClicks"');
    expect(views[0]!.textContent).toContain("ECID 12345678901234567890 · consent in");
    // The replayed records (seq 3 and 4 twice) are shown once.
    expect(quote.getAllByRole("link", { name: "Page View" })).toHaveLength(1);
    expect(screen.getByText(/Live · 2 page views, 9 records/).className).toContain("live-open");
  });

  it("shows the server rules under the edge request they ran for, and attempts as they arrive", async () => {
    const { stream } = renderSession();
    await screen.findByRole("heading", { name: "Preview: November release" });
    act(() => stream.open());
    act(() => stream.send("traces", forwardedTraces));
    const view = screen.getByRole("article", {
      name: "Page view https://example.com/pcg/auto/thanks",
    });
    const edge = within(view).getByText("web.webpagedetails.pageViews").closest("li")!;
    const rules = within(edge).getByRole("region", { name: "Server rules" });
    // Each rule: ran or not, with the reason; links go to the forwarding property's rules.
    const ran = within(rules).getByRole("link", { name: "Page views to the CRM" });
    expect(ran.getAttribute("href")).toBe("/properties/PRedge/rules/RLhook");
    expect(ran.closest("li")!.querySelector(".rule-verdict")!.textContent).toBe("Ran");
    const quiet = within(rules).getByRole("link", { name: "Forms to the CRM" }).closest("li")!;
    expect(quiet.textContent).toBe(
      'Forms to the CRM Did not run: event type "web.webpagedetails.pageViews" is not one of web.formFilledOut',
    );
    // An action held back names the consent that held it.
    const meta = within(rules).getByRole("list", { name: "Actions of Page views to Meta" });
    expect(meta.textContent).toBe(
      "Action 1 → held back for consent (purpose share): xdm.consent.share.val is n",
    );
    // The delivery: its request (secrets as placeholders) and its first attempt, a 503.
    const actions = within(rules).getByRole("list", { name: "Actions of Page views to the CRM" });
    const delivery = within(actions).getByRole("link", { name: "Action 1: HTTP request" });
    expect(delivery.getAttribute("href")).toBe("/properties/PRedge/rules/RLhook#actions-0-title");
    const item = delivery.closest("li")!;
    expect(item.textContent).toContain("to crm.example.com → will be tried again");
    fireEvent.click(within(item).getByText("Request and 1 attempt"));
    expect(within(item).getByText("POST https://crm.example.com/collect")).toBeTruthy();
    expect(within(item).getByRole("list", { name: "Query" }).textContent).toBe("page=thanks");
    expect(within(item).getByRole("list", { name: "Headers" }).textContent).toBe(
      "authorization: Bearer {{secret:crm token}}",
    );
    expect(within(item).getByLabelText("Request body").textContent).toBe(
      '{\n  "page": "thanks"\n}',
    );
    const attempts = within(item).getByRole("list", { name: "Attempts" });
    expect(attempts.children[0]!.textContent).toContain(
      "Attempt 1: HTTP 503 · 18 ms · tried again at",
    );
    expect(within(attempts).getByLabelText("Answer to attempt 1").textContent).toBe(
      '{"error":"busy"}',
    );
    // The retry arrives later: the same delivery, now delivered.
    act(() => stream.send("traces", [deliveredTrace]));
    expect(item.textContent).toContain("to crm.example.com → delivered");
    expect(within(item).getByText("Request and 2 attempts")).toBeTruthy();
    expect(
      within(attempts)
        .getAllByRole("listitem")
        .map((a) => a.textContent),
    ).toEqual([
      expect.stringContaining("Attempt 1: HTTP 503"),
      'Attempt 2: HTTP 200 · 22 ms{"ok":true}',
    ]);
    // The server's records are not a page view of their own.
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("lists server rules apart when the page's record of their request does not come", async () => {
    const { stream } = renderSession();
    await screen.findByRole("heading", { name: "Preview: November release" });
    vi.useFakeTimers();
    try {
      act(() => stream.open());
      const [page, edge, ...server] = forwardedTraces;
      // The server's report usually comes before the page's record of its request.
      act(() => stream.send("traces", server));
      act(() => {
        vi.advanceTimersByTime(4_000);
      });
      act(() => stream.send("traces", [page!, edge!]));
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(
        screen.queryByRole("article", { name: "Server rules of other edge requests" }),
      ).toBeNull();
      expect(screen.getAllByRole("region", { name: "Server rules" })).toHaveLength(1);
      // A request the page never reports: listed apart once it has waited long enough.
      const other = server.map((t) => ({ ...t, requestId: "other-request" }) as PreviewTrace);
      act(() => stream.send("traces", other));
      act(() => {
        vi.advanceTimersByTime(4_000);
      });
      expect(
        screen.queryByRole("article", { name: "Server rules of other edge requests" }),
      ).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      const apart = screen.getByRole("article", { name: "Server rules of other edge requests" });
      expect(apart.textContent).toContain("Request other-request");
      expect(within(apart).getByRole("link", { name: "Page views to the CRM" })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("lists the enabled rules no trigger of a page view reached, with the events they wait for", async () => {
    const state = propertyState();
    const rule = state.document.rules[0]!;
    state.document.rules.push(
      { ...rule, id: "RL8", name: "Newsletter signup" },
      { ...rule, id: "RL9", name: "Retired", enabled: false },
    );
    const { stream } = renderSession("editor", state);
    await screen.findByRole("heading", { name: "Preview: November release" });
    act(() => stream.open());
    act(() => stream.send("traces", traces));
    const quote = within(screen.getAllByRole("article")[0]!);
    const section = quote.getByText("Rules not triggered on this page (1)").closest("details")!;
    const link = within(section).getByRole("link", { name: "Newsletter signup" });
    expect(link.getAttribute("href")).toBe("/properties/PR1/rules/RL8");
    expect(link.closest("li")!.textContent).toBe("Newsletter signup waits for Page Bottom");
    expect(within(section).queryByText("Retired")).toBeNull();
  });

  it("filters rules by outcome and by name", async () => {
    const { stream } = renderSession();
    act(() => {
      stream.open();
      stream.send("traces", traces);
    });
    await screen.findByRole("link", { name: "Quote start" });
    const shown = screen.getByLabelText("Rules shown");
    fireEvent.change(shown, { target: { value: "fired" } });
    expect(screen.queryByRole("link", { name: "Quote start" })).toBeNull();
    expect(screen.getByRole("link", { name: "Page View" })).toBeTruthy();
    fireEvent.change(shown, { target: { value: "not fired" } });
    expect(screen.queryByRole("link", { name: "Page View" })).toBeNull();
    expect(screen.getByRole("link", { name: "Quote start" })).toBeTruthy();
    fireEvent.change(shown, { target: { value: "all" } });
    fireEvent.change(screen.getByLabelText("Rule name"), { target: { value: "quote" } });
    expect(screen.queryByRole("link", { name: "Page View" })).toBeNull();
    expect(screen.getByRole("link", { name: "Quote start" })).toBeTruthy();
  });

  it("ends the preview after confirming, and shows it ended when the stream says so", async () => {
    const { stream, calls } = renderSession();
    fireEvent.click(await screen.findByRole("button", { name: "End preview" }));
    const dialog = await screen.findByRole("dialog", {
      name: "End the preview of “November release”?",
    });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "End preview" }));
    await screen.findByText(/Tabs that opened the link are back on the published library/);
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/previews/${session.id}`,
    ]);
    expect(screen.queryByRole("link", { name: "Open the page in preview" })).toBeNull();
    // The stream's own word on the session (a later revision) is taken too.
    act(() => stream.send("session", { ...session, revision: 9, endedAt: session.createdAt }));
    expect(screen.getByText("Builds property revision 9.")).toBeTruthy();
  });

  it("says so when the session is unknown, without a panel", async () => {
    const other = "e".repeat(32);
    renderStudio(<PreviewSessionPage />, {
      role: "viewer",
      path: `/properties/PR1/preview/${other}`,
      pattern: "/properties/:pid/preview/:id",
      state: propertyState(),
      routes: {
        [`GET /api/previews/${other}`]: () => ({
          status: 404,
          body: {
            type: "about:blank",
            title: "Not Found",
            status: 404,
            detail: "No such preview session.",
          },
        }),
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("No such preview session.");
    expect(screen.queryByRole("heading", { name: "What the page did" })).toBeNull();
  });

  it("lets a viewer watch but not end", async () => {
    renderSession("viewer");
    await screen.findByRole("heading", { name: "Preview: November release" });
    expect(screen.getByRole("link", { name: "Open the page in preview" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "End preview" })).toBeNull();
  });
});
