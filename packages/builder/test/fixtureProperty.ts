/**
 * Test properties: the small fixture (fixtures/property.json: Core + Web SDK, three rules,
 * one disabled) as a fresh copy per call, and a generated property of realistic size for
 * the build-time figure.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PropertyDocument, PropertyRule } from "@liftoff/schema";

export const FIXTURES = join(import.meta.dirname, "fixtures");
export const PROPERTY_FILE = join(FIXTURES, "property.json");
export const PROD = "EN0000000000000000000000000000prod";
export const DEV = "EN00000000000000000000000000000dev";

const text = readFileSync(PROPERTY_FILE, "utf8");

export function smallProperty(): PropertyDocument {
  return JSON.parse(text) as PropertyDocument;
}

/**
 * ~40 rules and ~50 data elements over the Core modules a marketing site uses (lifecycle,
 * click, direct call; path, custom code, value comparison; custom code and direct call
 * actions; several data element types), plus the Web SDK sending events.
 */
export function largeProperty(rules = 40, dataElements = 50): PropertyDocument {
  const doc = smallProperty();
  const types = [
    ["core/src/lib/dataElements/javascriptVariable.js", { path: "digitalData.page.name" }],
    ["core/src/lib/dataElements/queryStringParameter.js", { name: "cmpid", caseInsensitive: true }],
    ["core/src/lib/dataElements/pageInfo.js", { attribute: "pathname" }],
    ["core/src/lib/dataElements/cookie.js", { name: "visitor_type" }],
    [
      "core/src/lib/dataElements/customCode.js",
      { source: "return location.pathname.split('/')[2] || 'home';" },
    ],
    [
      "core/src/lib/dataElements/domAttribute.js",
      { elementSelector: "#totalCount", elementProperty: "text" },
    ],
  ] as const;
  for (let i = 0; doc.dataElements.length < dataElements; i++) {
    const [modulePath, settings] = types[i % types.length]!;
    doc.dataElements.push({
      id: `GEN-DE${i}`,
      name: `generated ${i}`,
      modulePath,
      settings: { ...settings },
    });
  }
  const events = [
    ["core/src/lib/events/pageBottom.js", {}],
    ["core/src/lib/events/click.js", { elementSelector: "a.cta", bubbleFireIfParent: true }],
    ["core/src/lib/events/directCall.js", { identifier: "quote-start" }],
    ["core/src/lib/events/domReady.js", {}],
  ] as const;
  for (let i = 0; doc.rules.length < rules; i++) {
    const [modulePath, settings] = events[i % events.length]!;
    const rule: PropertyRule = {
      id: `GEN-RL${i}`,
      name: `generated rule ${i}`,
      events: [{ id: `GEN-RL${i}-e0`, modulePath, settings: { ...settings } }],
      conditions: [
        {
          id: `GEN-RL${i}-c0`,
          modulePath: "core/src/lib/conditions/path.js",
          settings: { paths: [{ value: `^/section-${i}`, valueIsRegex: true }] },
        },
        {
          id: `GEN-RL${i}-c1`,
          modulePath: "core/src/lib/conditions/valueComparison.js",
          settings: {
            leftOperand: `%generated ${i % dataElements}%`,
            comparison: { operator: "contains", caseInsensitive: true },
            rightOperand: "quote",
          },
        },
      ],
      actions: [
        {
          id: `GEN-RL${i}-a0`,
          modulePath: "core/src/lib/actions/customCode.js",
          settings: { language: "javascript", source: `window.__generated = ${i};` },
        },
        {
          id: `GEN-RL${i}-a1`,
          modulePath: "web-sdk/src/lib/actions/sendEvent.js",
          settings: {
            instanceName: "alloy",
            type: "web.webinteraction.linkClicks",
            xdm: "%XDM page view%",
          },
        },
      ],
    };
    doc.rules.push(rule);
  }
  return doc;
}
