import type { ForwardingRuleset, PropertyDocument } from "@liftoff/schema";
import { buildLibrary, validateProperty } from "@liftoff/builder";
import {
  ENVIRONMENTS,
  FORWARDED_RULES,
  FORWARDING_ENVIRONMENTS,
  pcMarketingForwarding,
  pcMarketingServerSide,
  propertyDocument,
} from "@liftoff/pc-marketing";
import { describe, expect, it } from "vitest";

/** What the page tags load and call (their hosts' defaults and the stand-ins' paths). */
const VENDOR_SCRIPTS = [
  "pixel.vendor.example",
  "tracker.vendor.example",
  "insight.vendor.example",
  "/pixel/events.js",
  "/mat/tracking.js",
  "/insight/insight.min.js",
];

const production = (doc: PropertyDocument, environmentId: string) =>
  buildLibrary(doc, { environmentId, buildDate: "2025-03-26T00:00:00.000Z", minify: true });

describe("pc-marketing's server-side variant, as the builder sees it (liftoff validate, build)", () => {
  it("validates both documents with no problem", () => {
    expect(validateProperty(pcMarketingServerSide)).toEqual([]);
    expect(validateProperty(pcMarketingForwarding)).toEqual([]);
    // The edge property is checked against the edge catalogue, not waved through.
    const broken = structuredClone(pcMarketingForwarding);
    broken.rules[1]!.actions[0]!.settings!.method = "FETCH";
    expect(validateProperty(broken)).not.toEqual([]);
  });

  it("builds a production web library that loads none of the three vendors' scripts", async () => {
    const page = (await production(propertyDocument, ENVIRONMENTS.production)).code;
    const serverSide = (await production(pcMarketingServerSide, ENVIRONMENTS.production)).code;
    for (const text of VENDOR_SCRIPTS) {
      expect(page, text).toContain(text);
      expect(serverSide, text).not.toContain(text);
    }
    expect(serverSide).toContain("share consent");
  });

  it("builds a forwarding ruleset whose rules are the three forwarded tags", async () => {
    const built = await production(pcMarketingForwarding, FORWARDING_ENVIRONMENTS.production);
    const ruleset = JSON.parse(built.code) as ForwardingRuleset;
    expect(ruleset).toMatchObject({
      format: "liftoff-forwarding-1",
      propertyId: "PRpcforwarding",
      environment: { id: FORWARDING_ENVIRONMENTS.production, stage: "production" },
    });
    expect(ruleset.rules.map((r) => r.name)).toEqual(FORWARDED_RULES);
    expect(ruleset.rules.map((r) => r.actions.map((a) => a.settings.purpose))).toEqual([
      ["share"],
      ["collect"],
      ["share"],
    ]);
  });
});
