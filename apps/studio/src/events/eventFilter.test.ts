import { describe, expect, it } from "vitest";
import type { StoredEventWire } from "../api/createStudioApi.ts";
import { historyParams, interactionOf, matchesEvent, NO_FILTER } from "./eventFilter.ts";

const event: StoredEventWire = {
  receivedAt: "2026-11-21T10:00:00.000Z",
  requestId: "r1",
  datastreamId: "ds",
  propertyId: "PR1",
  environmentId: "ENdev",
  ecid: "12345678901234567890123456789012345678",
  eventType: "web.webpagedetails.pageViews",
  xdm: { web: { webPageDetails: { name: "pc:auto" } } },
  data: null,
  pageName: "pc:auto",
  pageUrl: "https://example.com/Auto",
  siteSection: "auto",
  eventNumbers: "1",
  linkType: null,
  linkUrl: null,
  campaign: null,
};
const all = NO_FILTER;

describe("matchesEvent", () => {
  it("filters by environment, event type and ECID", () => {
    expect(matchesEvent(event, all)).toBe(true);
    expect(matchesEvent(event, { ...all, environmentId: "ENprod" })).toBe(false);
    expect(matchesEvent(event, { ...all, eventType: "web.webinteraction.linkClicks" })).toBe(false);
    expect(matchesEvent(event, { ...all, ecid: event.ecid })).toBe(true);
    expect(matchesEvent(event, { ...all, ecid: "other" })).toBe(false);
  });

  it("finds text in the page URL ignoring case, as the server does", () => {
    expect(matchesEvent(event, { ...all, url: "/auto" })).toBe(true);
    expect(matchesEvent(event, { ...all, url: "pc:auto" })).toBe(false);
  });

  it("keeps events in the time range, `to` exclusive", () => {
    const local = (iso: string) => {
      const d = new Date(iso);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    expect(matchesEvent(event, { ...all, from: local(event.receivedAt) })).toBe(true);
    expect(matchesEvent(event, { ...all, to: local(event.receivedAt) })).toBe(false);
    expect(matchesEvent(event, { ...all, from: local("2026-11-21T10:01:00Z") })).toBe(false);
  });
});

describe("historyParams", () => {
  it("leaves empty filters out and sends times as ISO instants", () => {
    expect(historyParams("PR1", all)).toEqual({ propertyId: "PR1" });
    const q = historyParams("PR1", { ...all, url: " quote ", from: "2026-11-21T10:00" });
    expect(q.url).toBe("quote");
    expect(q.from).toBe(new Date("2026-11-21T10:00").toISOString());
  });
});

describe("interactionOf", () => {
  it("names a link click and its type, and tells a scroll interaction by its missing URL", () => {
    const click = {
      ...event,
      eventType: "web.webinteraction.linkClicks",
      xdm: {
        web: { webInteraction: { name: "Get a quote", type: "exit", URL: "https://x.test/" } },
      },
      linkType: "exit",
      linkUrl: "https://x.test/",
    };
    expect(interactionOf(click)).toEqual({
      name: "Get a quote",
      type: "exit",
      url: "https://x.test/",
    });
    const scroll = {
      ...click,
      xdm: { web: { webInteraction: { name: "scroll 25%", type: "other" } } },
      linkType: "other",
      linkUrl: null,
    };
    expect(interactionOf(scroll)).toEqual({ name: "scroll 25%", type: "other", url: null });
    expect(interactionOf({ ...click, xdm: {}, linkType: "d" })?.type).toBe("download");
    expect(interactionOf(event)).toBeNull();
  });
});
