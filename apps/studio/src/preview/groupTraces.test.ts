import type { PreviewTrace } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { deliveredTrace, forwardedTraces, traces } from "../../test/previewFixtures.ts";
import { endsIn } from "./endsIn.ts";
import { groupTraces, requestIdOf, ruleShown, serverRuns, traceKey } from "./groupTraces.ts";

describe("groupTraces", () => {
  it("groups per page view, newest first, and per trigger in the page's order", () => {
    const views = groupTraces(traces);
    expect(views.map((v) => v.pageId)).toEqual(["p2", "p1"]);
    const [trigger] = views[0]!.triggers;
    expect(trigger).toMatchObject({ triggerId: "t1", eventName: "Click", at: 1234 });
    expect(trigger!.rules.map((r) => [r.ruleName, r.run?.outcome])).toEqual([
      ["Page View", "fired"],
      ["Quote start", "condition not met"],
    ]);
    expect(views[0]!.dataElements.map((d) => d.name)).toEqual(["page name"]);
    expect(views[0]!.edges).toHaveLength(1);
    expect(views[0]!.identity?.consent).toBe("in");
  });

  it("names a trigger by its event record even when the rule record came first", () => {
    const rule = traces.find((t) => t.type === "rule")!;
    const event = traces.find((t) => t.type === "event")!;
    // Seq decides the order, not arrival: the rule record says seq 0 here.
    const views = groupTraces([
      { ...event, seq: 1 },
      { ...rule, seq: 0 },
    ] as PreviewTrace[]);
    expect(views[0]!.triggers[0]).toMatchObject({ eventName: "Click", at: 1234 });
    expect(views[0]!.triggers[0]!.rules).toHaveLength(1);
  });

  it("orders page views that sent no page record by arrival", () => {
    const identity = traces.at(-1)!;
    const views = groupTraces([
      { ...identity, pageId: "a" },
      { ...identity, pageId: "b" },
    ]);
    expect(views.map((v) => v.pageId)).toEqual(["b", "a"]);
  });

  it("filters rules by outcome and name; a rule still running is not fired", () => {
    const rule = { ruleId: "RL9", ruleName: "Quote Start" };
    expect(ruleShown(rule, "not fired", "quote")).toBe(true);
    expect(ruleShown(rule, "fired", "")).toBe(false);
    expect(ruleShown(rule, "all", "page")).toBe(false);
  });
});

describe("endsIn", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  it("counts minutes, then seconds, then says ended", () => {
    expect(endsIn("2026-11-24T10:57:30Z", now)).toBe("ends in 58 min");
    expect(endsIn("2026-11-24T10:00:40Z", now)).toBe("ends in 40 s");
    expect(endsIn("2026-11-24T10:00:00Z", now)).toBe("ended");
  });
});

describe("server rules' records", () => {
  it("belong to the edge request of their requestId, not to a page view", () => {
    const all = [...forwardedTraces, deliveredTrace];
    const views = groupTraces(all);
    expect(views.map((v) => v.pageId)).toEqual(["p3"]);
    const runs = serverRuns(all);
    const run = runs.get(requestIdOf(views[0]!.edges[0]!)!)!;
    expect(run.events.map((e) => e.eventType)).toEqual(["web.webpagedetails.pageViews"]);
    // Attempts in their order, whatever order they arrived in.
    expect(run.attempts.get("41")!.map((a) => a.attempt)).toEqual([1, 2]);
    expect(
      serverRuns([deliveredTrace, ...forwardedTraces])
        .get(run.requestId)!
        .attempts.get("41")!
        .map((a) => a.attempt),
    ).toEqual([1, 2]);
  });

  it("are named by what they report, so two nodes' records never collide", () => {
    const [, , first, planned] = forwardedTraces;
    // The same clock reading (seq) on two records of the server: still two records.
    expect(traceKey({ ...deliveredTrace, seq: first!.seq })).not.toBe(traceKey(first!));
    expect(traceKey(planned!)).toBe(`forwarding:${(planned as { requestId: string }).requestId}:0`);
  });

  it("find an edge request's id in its URL, else in the answer", () => {
    const edge = forwardedTraces[1]!;
    if (edge.type !== "edge") throw new Error("the fixture's second record is an edge request");
    expect(requestIdOf({ ...edge, url: "https://e.test/ee/v1/interact?requestId=abc" })).toBe(
      "abc",
    );
    expect(
      requestIdOf({ ...edge, url: "https://e.test/ee/v1/collect", response: { requestId: "r9" } }),
    ).toBe("r9");
    expect(
      requestIdOf({ ...edge, url: "https://e.test/ee/v1/collect", response: undefined }),
    ).toBeUndefined();
  });
});
