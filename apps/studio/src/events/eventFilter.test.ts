import { describe, expect, it } from "vitest";
import type { StoredEventWire } from "../api/createStudioApi.ts";
import { matchesEvent } from "./eventFilter.ts";

const event: StoredEventWire = {
  receivedAt: "2026-11-21T10:00:00Z",
  requestId: "r1",
  datastreamId: "ds",
  propertyId: "PR1",
  environmentId: "ENdev",
  ecid: "12345678901234567890123456789012345678",
  eventType: "web.webpagedetails.pageViews",
  xdm: { web: { webPageDetails: { name: "pc:auto" } } },
  data: null,
  pageName: "pc:auto",
  pageUrl: "https://example.com/auto",
  siteSection: "auto",
  eventNumbers: "1",
  linkType: null,
  linkUrl: null,
  searchTerm: null,
  deviceType: "Desktop",
  downloadName: null,
  campaign: null,
};
const all = { environmentId: "", eventType: "", text: "" };

describe("matchesEvent", () => {
  it("filters by environment and event type", () => {
    expect(matchesEvent(event, all)).toBe(true);
    expect(matchesEvent(event, { ...all, environmentId: "ENprod" })).toBe(false);
    expect(matchesEvent(event, { ...all, eventType: "web.webinteraction.linkClicks" })).toBe(false);
  });

  it("finds text anywhere in the event, payload included, ignoring case", () => {
    expect(matchesEvent(event, { ...all, text: "PC:AUTO" })).toBe(true);
    expect(matchesEvent(event, { ...all, text: "webPageDetails" })).toBe(true);
    expect(matchesEvent(event, { ...all, text: "claims" })).toBe(false);
  });
});
