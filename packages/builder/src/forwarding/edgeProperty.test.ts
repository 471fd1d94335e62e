import { checkSettings, type PropertyDocument } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { edgeProperty } from "../../test/fixtureEdgeProperty.ts";
import { smallProperty } from "../../test/fixtureProperty.ts";
import buildLibrary from "../buildLibrary.ts";
import exportLaunch from "../exportLaunch.ts";
import parsePropertyDocument from "../parsePropertyDocument.ts";
import propertyWarnings from "../propertyWarnings.ts";
import validateProperty, { validateDisabledItems } from "../validateProperty.ts";
import buildRuleset from "./buildRuleset.ts";
import { forwardingCatalog } from "./manifest.ts";

const edge = (change: (doc: PropertyDocument) => void = () => {}) => {
  const doc = edgeProperty();
  change(doc);
  return doc;
};
const problemsOf = (doc: PropertyDocument) =>
  validateProperty(doc).map((p) => `${p.path}: ${p.message}`);

describe("validating an edge property", () => {
  it("finds nothing wrong with the fixture", () => {
    expect(validateProperty(edgeProperty())).toEqual([]);
    expect(propertyWarnings(edgeProperty())).toEqual([]);
    expect(parsePropertyDocument(edgeProperty()).property.settings.platform).toBe("edge");
  });

  it("names web modules and extensions in it, and unknown modules", () => {
    const doc = edge((d) => {
      d.extensions.push({ name: "web-sdk" });
      d.rules[0]!.events[0]!.modulePath = "core/src/lib/events/click.js";
      d.rules[0]!.actions.push({
        id: "RL1-a1",
        modulePath: "core/src/lib/actions/customCode.js",
        settings: { source: "x" },
      });
      d.rules[1]!.actions.push({
        id: "RL2-a1",
        modulePath: "web-sdk/src/lib/actions/sendEvent.js",
        settings: {},
      });
      d.rules[1]!.actions.push({
        id: "RL2-a2",
        modulePath: "webhook/src/lib/actions/sendNothing.js",
        settings: {},
      });
    });
    expect(problemsOf(doc)).toEqual([
      'extensions[3].name: "web-sdk" is a web extension: an event forwarding property (platform edge) runs on the server and cannot install it',
      'rules[0].events[0].modulePath: "core/src/lib/events/click.js" is a web module: the rules of an event forwarding property (platform edge) run on the server and cannot use it',
      'rules[0].actions[1].modulePath: "core/src/lib/actions/customCode.js" is a web module: the rules of an event forwarding property (platform edge) run on the server and cannot use it',
      'rules[1].actions[1].modulePath: "web-sdk/src/lib/actions/sendEvent.js" is a web module: the rules of an event forwarding property (platform edge) run on the server and cannot use it',
      'rules[1].actions[2].modulePath: unknown module "webhook/src/lib/actions/sendNothing.js"',
    ]);
  });

  it("refuses imported module scripts: the server runs none", () => {
    const doc = edge((d) => {
      d.extensions.push({
        name: "acme-tag",
        opaqueModules: { "acme-tag/src/a.js": { script: "function(){}" } },
      });
    });
    expect(problemsOf(doc)).toEqual([
      'extensions[3].name: unknown extension "acme-tag": not one of Liftoff\'s event forwarding extensions',
    ]);
  });

  it("checks settings with checkSettings, taking {{tokens}} where a value is expected", () => {
    const doc = edge((d) => {
      d.rules[1]!.actions[0]!.settings = {
        pixelId: "1",
        accessToken: "{{meta token}}",
        purpose: "sell",
        eventName: "",
      };
      d.dataElements[2]!.settings = { value: "{{email}}", normalize: "upper" };
      d.rules[0]!.conditions.push({
        id: "RL1-c1",
        modulePath: "core/src/lib/conditions/valueComparison.js",
        settings: {
          leftOperand: "{{page url}}",
          comparison: { operator: "greaterThan" },
          rightOperand: "{{email}}",
        },
      });
      d.rules[0]!.conditions.push({
        id: "RL1-c2",
        modulePath: "core/src/lib/conditions/regex.js",
        settings: { value: "{{page url}}", pattern: "(" },
      });
    });
    expect(problemsOf(doc)).toEqual([
      'dataElements[2].settings.normalize: expected one of "none", "email", "phone", got "upper"',
      "rules[0].conditions[2].settings.pattern: not a valid regular expression: Unterminated group",
      "rules[1].actions[0].settings.eventName: is required",
      'rules[1].actions[0].settings.purpose: expected one of "none", "collect", "share", "personalize", got "sell"',
    ]);
  });

  it("accepts a whole {{token}} in a number field and refuses other text there", () => {
    const doc = edge((d) => {
      d.extensions.push({ name: "linkedin-capi" });
      const base = {
        conversionRuleId: "1",
        accessToken: "{{meta token}}",
        email: "{{hashed email}}",
      };
      d.rules[1]!.actions.push(
        {
          id: "RL2-a1",
          modulePath: "linkedin-capi/src/lib/actions/sendConversion.js",
          settings: { ...base, value: "{{page url}}" },
        },
        {
          id: "RL2-a2",
          modulePath: "linkedin-capi/src/lib/actions/sendConversion.js",
          settings: { ...base, value: "%total%" },
        },
      );
    });
    expect(problemsOf(doc)).toEqual([
      'rules[1].actions[2].settings.value: expected a number or a {{data element}} token, got "%total%"',
    ]);
  });

  it("warns about {{tokens}} that name nothing and refuses those naming a disabled data element", () => {
    const doc = edge((d) => {
      d.rules[1]!.actions[0]!.settings!.eventSourceUrl = "{{page}}";
      d.rules[1]!.actions[0]!.settings!.customData = { n: "{{unused draft}}" };
    });
    expect(problemsOf(doc)).toEqual([
      "rules[1].actions[0].settings.customData.n: {{unused draft}} names a disabled data element (no build includes it): enable it or use another",
    ]);
    expect(propertyWarnings(doc)).toEqual([
      {
        path: "rules[1].actions[0].settings.eventSourceUrl",
        message:
          "{{page}} names no data element: it is sent as nothing (an empty text, or the field left out)",
        where: 'rule "Purchases to Meta" › action 1',
        severity: "warning",
      },
    ]);
  });

  it("finds data element cycles through {{tokens}}", () => {
    const doc = edge((d) => {
      d.dataElements[1]!.modulePath = "core/src/lib/dataElements/join.js";
      d.dataElements[1]!.settings = { values: ["{{hashed email}}"] };
    });
    expect(problemsOf(doc)).toEqual([
      "dataElements[1].settings: circular data element reference: {{email}} → {{hashed email}} → {{email}}",
    ]);
  });

  it("checks the conditions inside logic conditions, three deep at most", () => {
    const logic = (conditions: unknown[]) => ({
      modulePath: "core/src/lib/conditions/logic.js",
      settings: { operator: "all", conditions },
    });
    const doc = edge((d) => {
      d.rules[0]!.conditions.push({
        id: "RL1-c1",
        modulePath: "core/src/lib/conditions/logic.js",
        settings: {
          operator: "any",
          conditions: [
            {
              modulePath: "core/src/lib/conditions/regex.js",
              settings: { value: "{{page url}}" },
              negate: true,
            },
            { modulePath: "core/src/lib/conditions/cookie.js", settings: {} },
            logic([logic([logic([])])]),
            { modulePath: "core/src/lib/conditions/regex.js", settings: "{{conditions}}" },
            { modulePath: "core/src/lib/conditions/regex.js", settings: "value: x" },
          ],
        },
      });
    });
    expect(problemsOf(doc)).toEqual([
      'rules[0].conditions[1].settings.conditions[1].modulePath: expected one of "core/src/lib/conditions/valueComparison.js", "core/src/lib/conditions/path.js", "core/src/lib/conditions/regex.js", "core/src/lib/conditions/logic.js", got "core/src/lib/conditions/cookie.js"',
      "rules[0].conditions[1].settings.conditions[4].settings: expected JSON (an object or a list) or one {{data element}} token, got text",
      "rules[0].conditions[1].settings.conditions[0].settings.pattern: is required",
      "rules[0].conditions[1].settings.conditions[2].settings.conditions[0].settings.conditions[0].settings: logic conditions nest at most 3 deep",
      "rules[0].conditions[1].settings.conditions[3].settings: expected an object of the condition's settings",
    ]);
  });

  it("checks path data elements, mapping table regexes and secrets fed to hashes", () => {
    const doc = edge((d) => {
      d.dataElements[0]!.settings = { path: "window.location.href" };
      d.dataElements[2]!.settings = { value: "{{meta token}}" };
      d.dataElements.push({
        id: "DE6",
        name: "kind",
        modulePath: "core/src/lib/dataElements/mappingTable.js",
        settings: {
          input: "{{meta token}}",
          rows: [
            { input: "[", output: "x", regex: true },
            { input: "[", output: "y" },
          ],
        },
      });
    });
    expect(problemsOf(doc)).toEqual([
      'dataElements[0].settings.path: expected a path starting at arc, such as arc.event.xdm.web.webPageDetails.URL or arc.event.data.items[0].sku, got "window.location.href"',
      "dataElements[2].settings.value: {{meta token}} is a secret: its value is known only when a request is sent, so it cannot be hashed",
      "dataElements[5].settings.rows[0].input: not a valid regular expression: Unterminated character class",
      "dataElements[5].settings.input: {{meta token}} is a secret: its value is known only when a request is sent, so it cannot be looked up in a mapping table",
    ]);
  });

  it("lists what disabled items would need, with the edge catalogue", () => {
    const doc = edge((d) => {
      d.rules[2]!.actions.push({
        id: "RL3-a0",
        modulePath: "core/src/lib/actions/customCode.js",
        settings: {},
      });
    });
    expect(validateProperty(doc)).toEqual([]);
    expect(validateDisabledItems(doc).map((p) => `${p.path}: ${p.message}`)).toEqual([
      'rules[2].actions[0].modulePath: "core/src/lib/actions/customCode.js" is a web module: the rules of an event forwarding property (platform edge) run on the server and cannot use it',
    ]);
  });

  it("refuses a platform other than web or edge", () => {
    const doc = edgeProperty() as unknown as { property: { settings: Record<string, unknown> } };
    doc.property.settings.platform = "ios";
    expect(() => parsePropertyDocument(doc)).toThrow(
      'property.settings.platform: expected one of "web", "edge", got "ios"',
    );
  });
});

describe("a web property and the edge catalogue", () => {
  it("names event forwarding modules and extensions in it", () => {
    const doc = smallProperty();
    doc.extensions.push({ name: "webhook" });
    doc.rules[0]!.actions.push({
      id: "x",
      modulePath: "webhook/src/lib/actions/sendEvent.js",
      settings: { url: "https://x" },
    });
    doc.rules[0]!.events.push({
      id: "y",
      modulePath: "core/src/lib/events/eventReceived.js",
      settings: {},
    });
    expect(problemsOf(doc)).toEqual([
      `extensions[${doc.extensions.length - 1}].name: "webhook" is an event forwarding extension: only properties of platform edge install it`,
      'rules[0].events[1].modulePath: "core/src/lib/events/eventReceived.js" is an event forwarding module: only properties of platform edge can use it',
      `rules[0].actions[${doc.rules[0]!.actions.length - 1}].modulePath: "webhook/src/lib/actions/sendEvent.js" is an event forwarding module: only properties of platform edge can use it`,
    ]);
  });
});

describe("building an edge property", () => {
  it("makes the ruleset of the environment: enabled items only, per-stage values resolved", () => {
    const ruleset = buildRuleset(edgeProperty(), "stg", { buildDate: "2026-11-29T00:00:00Z" });
    expect(ruleset).toEqual({
      format: "liftoff-forwarding-1",
      propertyId: "PRedge",
      environment: { id: "stg", stage: "staging" },
      buildDate: "2026-11-29T00:00:00Z",
      dataElements: {
        "page url": {
          modulePath: "core/src/lib/dataElements/path.js",
          settings: { path: "arc.event.xdm.web.webPageDetails.URL" },
        },
        email: {
          modulePath: "core/src/lib/dataElements/path.js",
          settings: { path: "arc.event.data.email" },
        },
        "hashed email": {
          modulePath: "core/src/lib/dataElements/sha256.js",
          settings: { value: "{{email}}", normalize: "email" },
        },
        "meta token": {
          modulePath: "core/src/lib/dataElements/secret.js",
          settings: { name: "meta" },
        },
      },
      rules: [
        {
          id: "RL1",
          name: "Page views to the webhook",
          events: [
            {
              modulePath: "core/src/lib/events/eventReceived.js",
              settings: { eventTypes: ["web.webpagedetails.pageViews"] },
            },
          ],
          conditions: [
            {
              modulePath: "core/src/lib/conditions/path.js",
              settings: { paths: [{ value: "^/products/", valueIsRegex: true }] },
              negate: true,
            },
          ],
          actions: [
            {
              modulePath: "webhook/src/lib/actions/sendEvent.js",
              settings: { url: "https://hooks-staging.example/in" },
            },
          ],
        },
        {
          id: "RL2",
          name: "Purchases to Meta",
          events: [
            {
              modulePath: "core/src/lib/events/eventReceived.js",
              settings: { eventTypes: ["commerce.purchases"] },
            },
          ],
          conditions: [],
          actions: [
            {
              modulePath: "meta-capi/src/lib/actions/sendEvent.js",
              settings: {
                pixelId: "1234567890",
                accessToken: "{{meta token}}",
                eventName: "Purchase",
                eventSourceUrl: "{{page url}}",
                email: "{{hashed email}}",
              },
            },
          ],
        },
      ],
    });
    expect(buildRuleset(edgeProperty(), "dev").rules[0]!.actions[0]!.settings.url).toBe(
      "http://127.0.0.1:4010/hook",
    );
    expect(() => buildRuleset(edgeProperty(), "qa")).toThrow('environmentId: no environment "qa"');
  });

  it("gives the ruleset's JSON text as the library's code, and refuses a property with problems", async () => {
    const built = await buildLibrary(edgeProperty(), {
      environmentId: "prod",
      buildDate: "2026-11-29T00:00:00Z",
    });
    expect(JSON.parse(built.code)).toEqual(
      buildRuleset(edgeProperty(), "prod", { buildDate: "2026-11-29T00:00:00Z" }),
    );
    expect(built.ruleset).toEqual(JSON.parse(built.code));
    expect(built.bytes).toBe(Buffer.byteLength(built.code));
    expect(built.files).toEqual([]);
    expect(built.modules).toEqual([
      "core/src/lib/conditions/path.js",
      "core/src/lib/dataElements/path.js",
      "core/src/lib/dataElements/secret.js",
      "core/src/lib/dataElements/sha256.js",
      "core/src/lib/events/eventReceived.js",
      "meta-capi/src/lib/actions/sendEvent.js",
      "webhook/src/lib/actions/sendEvent.js",
    ]);
    expect(built.container.rules).toEqual([]);
    expect(built.code).not.toContain("_satellite");
    const broken = edge(
      (d) => (d.rules[0]!.events[0]!.modulePath = "core/src/lib/events/click.js"),
    );
    await expect(buildLibrary(broken, { environmentId: "prod" })).rejects.toThrow(
      "nothing was built",
    );
    await expect(
      buildLibrary(edgeProperty(), {
        environmentId: "dev",
        preview: { sessionId: "a".repeat(32), label: "x" },
      }),
    ).rejects.toThrow("an event forwarding property has no preview build");
  });
});

describe("exporting an edge property", () => {
  it("is refused as a Launch container, with the reason", async () => {
    await expect(exportLaunch(edgeProperty(), "prod")).rejects.toThrow(
      "property.settings.platform: an event forwarding property (platform edge) runs on the server and has no Launch container",
    );
  });
});

describe("the edge catalogue", () => {
  it("marks every extension edge and words every action's consent purpose", () => {
    for (const extension of forwardingCatalog) {
      expect(extension.platform).toBe("edge");
      for (const module of extension.modules.filter((m) => m.kind === "action")) {
        const purpose = module.settings.properties!.purpose!;
        expect(purpose.enum).toEqual(["none", "collect", "share", "personalize"]);
        expect(purpose.enumTitles).toHaveLength(4);
      }
    }
  });

  it("has defaults that fit their own fields", () => {
    const misfits: string[] = [];
    for (const module of forwardingCatalog.flatMap((e) => e.modules))
      for (const [key, field] of Object.entries(module.settings.properties ?? {}))
        if (field.default !== undefined)
          for (const problem of checkSettings(field, field.default, key, false, "edge"))
            misfits.push(`${module.path} ${problem.path}: ${problem.message}`);
    expect(misfits).toEqual([]);
  });

  it("gives every field a title", () => {
    const untitled: string[] = [];
    for (const module of forwardingCatalog.flatMap((e) => e.modules))
      for (const [key, field] of Object.entries(module.settings.properties ?? {}))
        if (!field.title) untitled.push(`${module.path} ${key}`);
    expect(untitled).toEqual([]);
  });
});
