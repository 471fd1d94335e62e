import type { PropertyDataElement } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import createPropertyDocument, { DATASTREAMS, ENVIRONMENTS } from "./createPropertyDocument.ts";
import { searchSuccess } from "./custom-code/searchValues.ts";
import { businessStyles } from "./custom-code/stylingFixes.ts";
import { propertyDocument } from "./index.ts";
import { core, webSdk } from "./modules.ts";
import { EVARS, PROPS } from "./xdm.ts";

type Event = { element?: unknown } | undefined;

/**
 * Evaluates the document's data elements the way the Core modules do (custom code as
 * `function(event){source}`), so the test runs the very strings the library will carry.
 */
function resolver(elements: PropertyDataElement[]) {
  const byName = new Map(elements.map((e) => [e.name, e]));
  const getVar = (name: string, event?: Event): unknown => {
    const element = byName.get(name);
    if (!element) throw new Error(`no data element ${name}`);
    const settings = element.settings as Record<string, string>;
    switch (element.modulePath) {
      case core.customCode:
        // Core's build turns the source into function(event){…}; the test does the same.
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        return new Function("event", "_satellite", settings.source!)(event, { getVar });
      case core.constant:
        return settings.value;
      case core.queryStringParameter:
        return new URLSearchParams(location.search).get(settings.name!) ?? undefined;
      case core.pageInfo:
        return settings.attribute === "title" ? document.title : location.href;
      case core.cookie:
        return undefined;
      default:
        return undefined;
    }
  };
  return getVar;
}

describe("pc-marketing property document", () => {
  it("has the fixed ids, environments and datastreams", () => {
    expect(propertyDocument.property.id).toBe("PRpcmarketing");
    expect(propertyDocument.company.orgId).toBe("5LIFTOFF0PCMARKETING0001@AdobeOrg");
    expect(propertyDocument.environments.map((e) => [e.id, e.stage])).toEqual([
      [ENVIRONMENTS.development, "development"],
      [ENVIRONMENTS.staging, "staging"],
      [ENVIRONMENTS.production, "production"],
    ]);
    const webSdkSettings = propertyDocument.extensions.find((e) => e.name === "web-sdk")!.settings;
    expect(webSdkSettings).toMatchObject({
      instances: [
        {
          name: "alloy",
          edgeConfigId: DATASTREAMS.production,
          stagingEdgeConfigId: DATASTREAMS.staging,
          developmentEdgeConfigId: DATASTREAMS.development,
          edgeOrigin: "http://localhost:8080",
        },
      ],
    });
  });

  it("points the vendor tags at one origin's stand-ins, unless a host is given", () => {
    const constant = (doc: typeof propertyDocument, name: string) =>
      (doc.dataElements.find((e) => e.name === name)!.settings as { value: string }).value;
    const hosts = ["ad pixel host", "marketing automation host", "insight host"];
    expect(hosts.map((n) => constant(propertyDocument, n))).toEqual([
      "https://pixel.vendor.example",
      "https://tracker.vendor.example",
      "https://insight.vendor.example",
    ]);
    const demo = createPropertyDocument({ vendorOrigin: "http://127.0.0.1:8081/" });
    expect(hosts.map((n) => constant(demo, n))).toEqual(
      Array(3).fill("http://127.0.0.1:8081/vendor"),
    );
    expect(constant(demo, "hosted scripts base")).toBe("http://127.0.0.1:8081/vendor/hosted");
    const mixed = createPropertyDocument({
      vendorOrigin: "http://127.0.0.1:8081",
      insightHost: "https://insight.example.com",
    });
    expect(constant(mixed, "insight host")).toBe("https://insight.example.com");
    expect(constant(mixed, "ad pixel host")).toBe("http://127.0.0.1:8081/vendor");
  });

  it("keeps names unique and the data layer rule first (ruleOrder 1)", () => {
    const doc = createPropertyDocument();
    const names = doc.rules.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const dataElementNames = doc.dataElements.map((d) => d.name);
    expect(new Set(dataElementNames).size).toBe(dataElementNames.length);
    expect(doc.rules[0]!.name).toBe("Data Layer");
    expect(doc.rules[0]!.events[0]!.ruleOrder).toBe(1);
    expect(doc.rules.slice(1).every((r) => r.events.every((e) => e.ruleOrder === 50))).toBe(true);
  });

  it("names the video milestone rules as the spec does", () => {
    const videoRules = propertyDocument.rules
      .filter((r) => r.name.startsWith("Video 75% Viewed"))
      .map((r) => [r.name, r.events[0]!.settings!.amount]);
    expect(videoRules).toEqual([
      ["Video 75% Viewed (25%)", 25],
      ["Video 75% Viewed (50%)", 50],
      ["Video 75% Viewed", 75],
    ]);
  });

  it("carries the tested function text as custom code", () => {
    const source = propertyDocument.dataElements.find((d) => d.name === "search success")!.settings!
      .source;
    expect(source).toBe(`return (${searchSuccess.toString()})(document);`);
    const styling = propertyDocument.rules.find((r) => r.name === "Business Pages Styling")!;
    expect(styling.actions[0]!.settings!.source).toBe(
      `return (${businessStyles.toString()})(document);`,
    );
  });

  it("evaluates its custom-code data elements on a page", () => {
    window.history.replaceState(null, "", "/pcg/auto/page-not-found?q=x&cmpid=spring");
    document.body.innerHTML =
      '<nav class="breadcrumb"><ol><li>Personal</li><li>Auto</li></ol></nav><span id="totalCount">7</span>';
    delete (window as { digitalData?: unknown }).digitalData;
    const getVar = resolver(propertyDocument.dataElements);
    expect(getVar("page name")).toBe("pc:pcg:auto:page-not-found");
    expect(getVar("site section")).toBe("Auto");
    expect(getVar("channel")).toBe("Personal");
    expect(getVar("line of business")).toBe("auto");
    expect(getVar("search success")).toBe(1);
    expect(getVar("search result count")).toBe(7);
    expect(getVar("404 page")).toBe(true);
    expect(getVar("page events")).toEqual({ event1: { value: 1 }, event17: { value: 1 } });
    expect(getVar("campaign")).toBe("spring");
    expect(getVar("site hierarchy")).toEqual([{ value: "Personal" }, { value: "Auto" }]);
    const link = { href: "https://pc.test/forms/claim.pdf", id: "ep-3" };
    expect(getVar("downloaded file name", { element: link })).toBe("claim.pdf");
    expect(getVar("podcast name", { element: link })).toBe("ep-3");
    expect(getVar("video name", { element: { currentSrc: "https://pc.test/v/intro.webm" } })).toBe(
      "intro.webm",
    );
  });

  it("maps every eVar and prop of docs/analytics-mapping.md to an existing data element", () => {
    const names = new Set(propertyDocument.dataElements.map((d) => d.name));
    for (const name of [...Object.values(EVARS), ...Object.values(PROPS)])
      expect(names, name).toContain(name);
    const pageView = propertyDocument.dataElements.find((d) => d.name === "XDM page view")!;
    expect(pageView.modulePath).toBe(webSdk.xdmObject);
  });
});
