import { FORWARDING_TOKEN } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import createForwardingProperty, {
  FORWARDED_RULES,
  PAGE_VIEW,
} from "./createForwardingProperty.ts";
import createServerSideProperty from "./createServerSideProperty.ts";
import { pcMarketingForwarding, pcMarketingServerSide, propertyDocument } from "./index.ts";
import { forwarding } from "./modules.ts";

/** Every `{{name}}` in a setting value, however deep. */
function tokens(value: unknown): string[] {
  if (typeof value === "string") return [...value.matchAll(FORWARDING_TOKEN)].map((m) => m[1]!);
  if (Array.isArray(value)) return value.flatMap(tokens);
  if (value && typeof value === "object") return Object.values(value).flatMap(tokens);
  return [];
}

describe("pc-marketing, server-side variant: the web property", () => {
  afterEach(() => {
    document.cookie = "dnsCookie=; max-age=0; path=/";
  });

  it("drops the three vendor tags and their ids and hosts, and keeps every other rule", () => {
    const names = pcMarketingServerSide.rules.map((r) => r.name);
    for (const name of FORWARDED_RULES) expect(names).not.toContain(name);
    expect(names).toEqual(
      propertyDocument.rules.map((r) => r.name).filter((n) => !FORWARDED_RULES.includes(n)),
    );
    const elements = pcMarketingServerSide.dataElements.map((e) => e.name);
    for (const gone of ["ad pixel host", "marketing automation host", "insight host"])
      expect(elements).not.toContain(gone);
    // The hosted rule scripts are the site's own, not vendor tags: they stay.
    expect(elements).toContain("hosted scripts base");
    expect(JSON.stringify(pcMarketingServerSide)).not.toMatch(/pixel|insight|\/mat\//);
  });

  it("sends consent.share.val with the page view: n after do not sell, else y", () => {
    const doc = createServerSideProperty({ vendorOrigin: "http://127.0.0.1:8081" });
    const pageView = doc.dataElements.find((e) => e.name === "XDM page view")!;
    expect(pageView.settings!.data).toMatchObject({
      consent: { share: { val: "%share consent%" } },
      web: { webPageDetails: { name: "%page name%" } },
    });
    const share = doc.dataElements.find((e) => e.name === "share consent")!;
    // Core runs a custom-code data element as function(event){source}; so does the test.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("event", share.settings!.source as string) as () => unknown;
    expect(run()).toBe("y");
    document.cookie = "dnsCookie=later; path=/";
    expect(run()).toBe("y");
    // What the hosted do-not-sell script writes (apps/demo-site, vendorStandIns.ts).
    document.cookie = "dnsCookie=optout; path=/; max-age=31536000";
    expect(run()).toBe("n");
  });

  it("leaves the base property's page view as the analytics contract has it", () => {
    const pageView = propertyDocument.dataElements.find((e) => e.name === "XDM page view")!;
    expect(pageView.settings!.data).not.toHaveProperty("consent");
  });
});

describe("pc-marketing, server-side variant: the event forwarding property", () => {
  it("is an edge property of its own with three environments", () => {
    expect(pcMarketingForwarding.property).toMatchObject({
      id: "PRpcforwarding",
      settings: { platform: "edge" },
    });
    expect(pcMarketingForwarding.property.id).not.toBe(propertyDocument.property.id);
    expect(pcMarketingForwarding.company.orgId).toBe(propertyDocument.company.orgId);
    expect(pcMarketingForwarding.environments.map((e) => e.stage)).toEqual([
      "development",
      "staging",
      "production",
    ]);
  });

  it("has the three forwarded tags as its rules, one page-view action each, by purpose", () => {
    expect(pcMarketingForwarding.rules.map((r) => r.name)).toEqual(FORWARDED_RULES);
    const summary = pcMarketingForwarding.rules.map((r) => ({
      event: [r.events[0]!.modulePath, r.events[0]!.settings],
      actions: r.actions.map((a) => [a.modulePath, a.settings!.purpose]),
    }));
    const pageViews = [forwarding.eventReceived, { eventTypes: [PAGE_VIEW] }];
    expect(summary).toEqual([
      { event: pageViews, actions: [[forwarding.metaSendEvent, "share"]] },
      { event: pageViews, actions: [[forwarding.sendHttpRequest, "collect"]] },
      { event: pageViews, actions: [[forwarding.sendHttpRequest, "share"]] },
    ]);
  });

  it("reads the page, the ECID and the request from arc, and names only its data elements", () => {
    const paths = Object.fromEntries(
      pcMarketingForwarding.dataElements
        .filter((e) => e.modulePath === forwarding.path)
        .map((e) => [e.name, e.settings!.path]),
    );
    expect(paths).toMatchObject({
      "page URL": "arc.event.xdm.web.webPageDetails.URL",
      "page name": "arc.event.xdm.web.webPageDetails.name",
      ECID: "arc.request.ecid",
    });
    const names = new Set(pcMarketingForwarding.dataElements.map((e) => e.name));
    const used = tokens(pcMarketingForwarding.rules);
    expect(used).toEqual(expect.arrayContaining(["page URL", "page name", "ECID"]));
    for (const name of used) expect(names, name).toContain(name);
  });

  it("sends to the demo site's stand-ins when given its origin", () => {
    const doc = createForwardingProperty({ vendorOrigin: "http://127.0.0.1:8081/" });
    const constant = (name: string) =>
      doc.dataElements.find((e) => e.name === name)!.settings!.value;
    expect(constant("ad pixel endpoint")).toBe("http://127.0.0.1:8081/vendor/pixel");
    expect(constant("marketing automation host")).toBe("http://127.0.0.1:8081/vendor");
    expect(constant("insight host")).toBe("http://127.0.0.1:8081/vendor");
    const urls = doc.rules.map(
      (r) => r.actions[0]!.settings!.url ?? r.actions[0]!.settings!.endpoint,
    );
    expect(urls).toEqual([
      "{{ad pixel endpoint}}",
      "{{marketing automation host}}/mat/collect",
      "{{insight host}}/insight/collect",
    ]);
  });
});
