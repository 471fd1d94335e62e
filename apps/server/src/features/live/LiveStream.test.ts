import { describe, expect, it } from "vitest";
import { edgeEventMessage, LiveStream, type LiveLimits } from "./LiveStream.ts";
import type { NewEvent } from "../../store/Store.ts";

const limits: LiveLimits = { maxSubscribers: 4, maxPerUser: 2, maxBuffered: 1024 };

const event = (environmentId: string, pageName: string): NewEvent => ({
  receivedAt: new Date("2026-01-02T03:04:05Z"),
  requestId: "r1",
  datastreamId: "ds",
  propertyId: "PRa",
  environmentId,
  ecid: "1",
  eventType: "web.webpagedetails.pageViews",
  xdm: { pageName },
  data: null,
  pageName,
  pageUrl: null,
  siteSection: null,
  eventNumbers: null,
  linkType: null,
  linkUrl: null,
  campaign: null,
});

describe("LiveStream", () => {
  it("serialises each event once per publish however many subscribers match it", () => {
    const formatted: string[] = [];
    const live = new LiveStream({ ...limits, maxSubscribers: 100, maxPerUser: 100 }, (e) => {
      formatted.push(e.pageName!);
      return edgeEventMessage(e);
    });
    const received: string[][] = [];
    for (let i = 0; i < 30; i++) {
      const texts: string[] = [];
      received.push(texts);
      const filter = i % 3 === 0 ? {} : { environmentId: i % 3 === 1 ? "ENprod" : "ENstage" };
      live.subscribe(filter, `user:${i}`, (text) => texts.push(text));
    }
    live.publish([event("ENprod", "a"), event("ENstage", "b"), event("ENprod", "c")]);
    expect(formatted.sort()).toEqual(["a", "b", "c"]);
    // Every subscriber of a filter got the same text; each filter saw only its events.
    const all = edgeEventMessage(event("ENprod", "a")) + edgeEventMessage(event("ENstage", "b"));
    expect(received[0]![0]!.startsWith(all)).toBe(true);
    expect(received[1]).toEqual([
      edgeEventMessage(event("ENprod", "a")) + edgeEventMessage(event("ENprod", "c")),
    ]);
    expect(received[2]).toEqual([edgeEventMessage(event("ENstage", "b"))]);
    expect(new Set(received.filter((_, i) => i % 3 === 1).map((t) => t[0])).size).toBe(1);
  });

  it("skips subscribers with no matching event and survives a throwing one", () => {
    const live = new LiveStream(limits);
    const got: string[] = [];
    live.subscribe({ environmentId: "ENnone" }, "a", (t) => got.push(`none:${t}`));
    live.subscribe({}, "b", () => {
      throw new Error("broken subscriber");
    });
    live.subscribe({}, "c", (t) => got.push(t));
    live.publish([event("ENprod", "x")]);
    expect(got).toEqual([edgeEventMessage(event("ENprod", "x"))]);
  });

  it("caps subscribers per owner and in total, and frees a place on unsubscribe", () => {
    const live = new LiveStream(limits);
    const first = live.subscribe({}, "user:1", () => {});
    expect("unsubscribe" in first).toBe(true);
    live.subscribe({}, "user:1", () => {});
    expect(live.subscribe({}, "user:1", () => {})).toEqual({ refused: "user" });
    live.subscribe({}, "user:2", () => {});
    live.subscribe({}, "user:3", () => {});
    expect(live.subscribers).toBe(4);
    expect(live.subscribe({}, "user:4", () => {})).toEqual({ refused: "total" });
    if ("unsubscribe" in first) {
      first.unsubscribe();
      first.unsubscribe(); // twice is harmless: the count must not go below what is held
    }
    expect(live.subscribers).toBe(3);
    expect("unsubscribe" in live.subscribe({}, "user:1", () => {})).toBe(true);
    expect(live.subscribe({}, "user:1", () => {})).toEqual({ refused: "user" });
  });
});
