import type { PropertyDocument, PropertyRuleAction } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { DEV, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary from "./buildLibrary.ts";
import checkVariableLeaks from "./checkVariableLeaks.ts";
import validateProperty from "./validateProperty.ts";

const UPDATE = "web-sdk/src/lib/actions/updateVariable.js";
const SEND = "web-sdk/src/lib/actions/sendEvent.js";

const update = (id: string, data: unknown, clear: string[] = []): PropertyRuleAction => ({
  id,
  modulePath: UPDATE,
  settings: {
    dataElementCacheId: "shared-xdm",
    data,
    ...(clear.length
      ? { transforms: Object.fromEntries(clear.map((path) => [path, { clear: true }])) }
      : {}),
  },
});
const send = (id: string, type: string): PropertyRuleAction => ({
  id,
  modulePath: SEND,
  settings: { instanceName: "alloy", type, xdm: "%shared xdm%" },
});

/**
 * The fixture with a Variable "shared xdm": "Page View" fills it from the "XDM page view"
 * data element (web.webPageDetails.name, …) and "Signup" sets its interaction name; both send it.
 */
function sharedVariableProperty(signupClears: string[]): PropertyDocument {
  const doc = smallProperty();
  doc.dataElements.push({
    id: "DE-shared",
    name: "shared xdm",
    modulePath: "web-sdk/src/lib/dataElements/variable.js",
    settings: { dataElementCacheId: "shared-xdm" },
  });
  doc.rules[0]!.actions.push(
    update("RL1-a1", "%XDM page view%"),
    send("RL1-a2", "web.webpagedetails.pageViews"),
  );
  doc.rules[1]!.actions.push(
    update("RL2-a1", { web: { webInteraction: { name: "signup" } } }, signupClears),
    send("RL2-a2", "web.webinteraction.linkClicks"),
  );
  return doc;
}

describe("checkVariableLeaks", () => {
  it("names the fields one rule sets that another neither sets nor clears, both ways", () => {
    const warnings = checkVariableLeaks(sharedVariableProperty([]));
    expect(warnings).toEqual([
      {
        path: "rules[0].actions[1]",
        where: 'rule "Page View" › action 2',
        severity: "warning",
        message:
          'Variable "shared xdm": "Page View" sets web.webPageDetails that "Signup" neither sets nor clears; ' +
          "these values would be sent again with that rule's event. " +
          "Clear them in the update-variable action of that rule, or set them there.",
      },
      {
        path: "rules[1].actions[1]",
        where: 'rule "Signup" › action 2',
        severity: "warning",
        message:
          'Variable "shared xdm": "Signup" sets web.webInteraction that "Page View" neither sets nor clears; ' +
          "these values would be sent again with that rule's event. " +
          "Clear them in the update-variable action of that rule, or set them there.",
      },
    ]);
  });

  it("finds nothing once each rule clears what the other sets (a parent path clears all under it)", () => {
    const doc = sharedVariableProperty(["web.webPageDetails"]);
    expect(checkVariableLeaks(doc).map((w) => w.path)).toEqual(["rules[1].actions[1]"]);
    doc.rules[0]!.actions[1]!.settings!.transforms = { web: { clear: true } };
    expect(checkVariableLeaks(doc)).toEqual([]);
  });

  it("counts a field the other rule sets as handled, and a clear after the send as too late", () => {
    const doc = sharedVariableProperty([]);
    doc.rules[1]!.actions[1] = update("RL2-a1", {
      web: { webPageDetails: { name: "signup" }, webInteraction: { name: "signup" } },
    });
    doc.rules[0]!.actions[1]!.settings!.transforms = { "web.webInteraction": { clear: true } };
    expect(checkVariableLeaks(doc)).toEqual([]);
    doc.rules[1]!.actions[1] = update("RL2-a1", { web: { webInteraction: { name: "x" } } });
    doc.rules[1]!.actions.push(update("RL2-a3", {}, ["web.webPageDetails"]));
    expect(checkVariableLeaks(doc).map((w) => w.message)).toEqual([
      expect.stringContaining('"Page View" sets web.webPageDetails that "Signup" neither'),
    ]);
  });

  it("warns only about rules that send the variable after updating it", () => {
    const doc = sharedVariableProperty([]);
    doc.rules[1]!.actions.pop();
    expect(checkVariableLeaks(doc).map((w) => w.where)).toEqual(['rule "Signup" › action 2']);
  });

  it("leaves out rules whose data cannot be named, and disabled rules", () => {
    const doc = sharedVariableProperty([]);
    doc.rules[0]!.actions[1]!.settings!.data = "%page name%";
    expect(checkVariableLeaks(doc)).toEqual([]);
    const signupOff = sharedVariableProperty([]);
    signupOff.rules[1]!.enabled = false;
    expect(checkVariableLeaks(signupOff)).toEqual([]);
  });

  it("is a warning only: the property still validates and builds", async () => {
    const doc = sharedVariableProperty([]);
    expect(checkVariableLeaks(doc)).toHaveLength(2);
    expect(validateProperty(doc)).toEqual([]);
    const built = await buildLibrary(doc, { environmentId: DEV });
    expect(built.code).toContain("shared-xdm");
  });

  it("names five readers of a leaked field and counts the others", () => {
    const doc = sharedVariableProperty([]);
    // Eight copies of "Signup": each reads what "Page View" leaves in the variable.
    const signup = doc.rules[1]!;
    for (let n = 2; n <= 8; n++)
      doc.rules.push({
        ...structuredClone(signup),
        id: `RL-signup-${n}`,
        name: `Signup ${n}`,
      });
    const fromPageView = checkVariableLeaks(doc).filter((w) => w.path === "rules[0].actions[1]");
    expect(fromPageView).toHaveLength(1);
    expect(fromPageView[0]!.message).toContain(
      'sets web.webPageDetails that "Signup", "Signup 2", "Signup 3", "Signup 4", "Signup 5" and 3 other rules neither set nor clear',
    );
    // A copy reads what another copy sets, never what it sets itself.
    const fromCopy = checkVariableLeaks(doc).find((w) => w.path.startsWith("rules[3]."));
    expect(fromCopy?.message).toContain('that "Page View" neither sets nor clears');
  });
});
