import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { ValidationErrors } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { FIXTURES, largeProperty, PROD, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary from "./buildLibrary.ts";
import exportLaunch from "./exportLaunch.ts";
import importLaunch from "./importLaunch.ts";
import { functionBody } from "./mapLaunchExtension.ts";
import validateProperty from "./validateProperty.ts";

const LIBRARY = readFileSync(
  join(FIXTURES, "launch-EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e-production.min.js"),
  "utf8",
);

describe("importLaunch from a built library file", () => {
  const { document, report } = importLaunch(LIBRARY);

  it("reads the container without running the engine after it", () => {
    expect(document.property).toEqual({
      id: "PR0a1b2c3d4e5f60718293a4b5c6d7e8f9",
      name: "Acme Insurance - Marketing",
      settings: {
        domains: ["acme-insurance.test", "www.acme-insurance.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
        // Extensions may read the original's buildInfo (Analytics' version code does).
        turbineVersion: "28.1.0",
        turbineBuildDate: "2025-02-06T18:35:41.379Z",
      },
    });
    expect(document.company).toEqual({
      orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
      dynamicCdnEnabled: false,
    });
  });

  it("maps Core and the ECID service and keeps the third-party extension opaque", () => {
    expect(report.mapped).toEqual([
      { from: "core", to: "core" },
      { from: "adobe-mcid", to: "identity" },
      {
        from: "adobe-mcid/src/lib/sharedModules/mcidInstance.js",
        to: "identity/src/lib/sharedModules/mcidInstance.js",
      },
    ]);
    expect(report.opaque).toEqual([
      {
        extension: "acme-pixel",
        modules: [
          "acme-pixel/src/lib/sharedModules/pixel.js",
          "acme-pixel/src/lib/actions/track.js",
        ],
      },
    ]);
    const pixel = document.extensions.find((e) => e.name === "acme-pixel")!;
    expect(pixel.settings).toEqual({ accountId: "%pixel account%" });
    expect(pixel.hostedLibFilesBaseUrl).toBe("https://assets.adobedtm.com/extensions/EPacme/");
    expect(pixel.opaqueModules!["acme-pixel/src/lib/sharedModules/pixel.js"]).toMatchObject({
      name: "pixel",
      shared: true,
    });
    expect(pixel.opaqueModules!["acme-pixel/src/lib/actions/track.js"]!.script).toMatch(
      /^function\(e,t,n,r\)\{"use strict";var o=n\("\.\.\/sharedModules\/pixel\.js"\)/,
    );
    expect(document.extensions.find((e) => e.name === "identity")!.settings).toMatchObject({
      orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg",
    });
  });

  it("turns transformed custom code back into the code authors edit", () => {
    const pageName = document.dataElements.find((e) => e.name === "page name")!;
    expect(pageName.settings).toEqual({ source: 'return document.title.split("|")[0].trim()' });
    expect(pageName.storageDuration).toBe("pageview");
    expect(document.rules[0]!.conditions[0]!.settings).toEqual({
      source: 'return -1===location.pathname.indexOf("/ms/")',
    });
  });

  it("derives the ids Launch containers lack, the same on every import", () => {
    const again = importLaunch(LIBRARY).document;
    expect(again).toEqual(document);
    expect(document.dataElements[0]!.id).toMatch(/^DE[0-9a-f]{32}$/);
    expect(document.rules[0]!.events[0]!.id).toMatch(/^RC[0-9a-f]{32}$/);
    expect(document.environments.map((e) => e.stage)).toEqual([
      "development",
      "staging",
      "production",
    ]);
    expect(document.environments[2]!.id).toBe("EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e");
    expect(report.warnings).toEqual([
      "environments: the container carried no development, staging environment; added with new ids",
    ]);
  });

  it("reads an older build: no property id, the stage only in buildInfo.environment", () => {
    const older = {
      buildInfo: {
        buildDate: "2020-11-05T05:15:23Z",
        environment: "development",
        turbineBuildDate: "2020-08-10T20:14:17Z",
        turbineVersion: "27.0.0",
      },
      company: { orgId: "5LIFTOFF0OLDER0000000001@AdobeOrg" },
      property: { name: "Older", settings: { domains: ["example.test"] } },
      dataElements: {},
      extensions: { core: { displayName: "Core", modules: {} } },
      rules: [],
    };
    const first = importLaunch(older);
    expect(first.document.property.id).toMatch(/^PR[0-9a-f]{32}$/);
    expect(importLaunch(older).document.property.id).toBe(first.document.property.id);
    expect(first.report.warnings[0]).toMatch(/^property\.id: the container carried none/);
    // It predates buildInfo.minified: its rebuilds report false, so extensions keep asking
    // for hosted files by their plain names.
    expect(first.document.property.settings.buildInfoMinified).toBe(false);
    expect(importLaunch(LIBRARY).document.property.settings.buildInfoMinified).toBeUndefined();
    // It names its stage but no environment id: all three get derived ids.
    expect(first.report.warnings).toContain(
      "environments: the container carried no development, staging, production environment; added with new ids",
    );
  });

  it("gives a document that validates and builds, opaque modules included", async () => {
    expect(validateProperty(document)).toEqual([]);
    const lib = await buildLibrary(document, {
      environmentId: "EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e",
    });
    expect(lib.modules).toContain("acme-pixel/src/lib/actions/track.js");
    expect(lib.modules).toContain("identity/src/lib/sharedModules/mcidInstance.js");
    expect(lib.code).toContain(
      '"acme-pixel/src/lib/actions/track.js":{"name":"track","displayName":"Track","script":function(e,t,n,r)',
    );
    expect(lib.container.buildInfo).toMatchObject({
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T18:35:41.379Z",
    });
  });
});

describe("importLaunch from a JavaScript object", () => {
  it("turns functions in it into source text, as from a file", () => {
    const container = {
      company: { orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg" },
      property: { id: "PR1", name: "Object", settings: {} },
      dataElements: {
        now: {
          modulePath: "core/src/lib/dataElements/customCode.js",
          settings: {
            source: function (_event: unknown) {
              return Date.now();
            },
          },
        },
      },
      rules: [],
      extensions: { core: { displayName: "Core", modules: {} } },
    };
    const { document } = importLaunch(container);
    // The test runner reformats this file's code, so compare the body without its layout.
    expect((document.dataElements[0]!.settings!.source as string).trim()).toBe(
      "return Date.now();",
    );
  });
});

describe("importLaunch of a third-party module using a renamed shared module", () => {
  it("raises no warning: the build gives it the catalog extension's module under the Launch name", () => {
    const { report } = importLaunch({
      company: { orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg" },
      property: { id: "PR1", name: "Analytics", settings: {} },
      extensions: {
        core: { displayName: "Core", modules: {} },
        "adobe-analytics": {
          displayName: "Adobe Analytics",
          modules: {
            "adobe-analytics/src/lib/sharedModules/getTracker.js": {
              name: "get-tracker",
              shared: true,
              script:
                'function(e,t,n,r){var v=r.getSharedModule("adobe-mcid","mcid-instance");e.exports={}}',
            },
          },
        },
      },
    });
    expect(report.opaque).toEqual([
      {
        extension: "adobe-analytics",
        modules: ["adobe-analytics/src/lib/sharedModules/getTracker.js"],
      },
    ]);
    expect(report.warnings.filter((w) => w.includes("getSharedModule"))).toEqual([]);
  });
});

describe("importLaunch of the ECID and Web SDK modules real properties use", () => {
  // Shaped as real libraries carry them (module names, settings), each module a stub: the
  // import maps by name, so the scripts are never kept.
  const stub = "function(e){e.exports=function(){}}";
  const container = {
    company: { orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg" },
    property: { id: "PR1", name: "Brand", settings: {} },
    environment: { id: "EN1", stage: "production" },
    dataElements: {
      ECID: { modulePath: "adobe-mcid/src/lib/dataElements/ecid.js", settings: {} },
      "user id": {
        modulePath: "core/src/lib/dataElements/javascriptVariable.js",
        settings: { path: "digitalData.user.id" },
      },
      aep_eventMergeID: {
        modulePath: "adobe-alloy/dist/lib/dataElements/eventMergeId/index.js",
        settings: { cacheId: "dbbaafd7-c845-4031-81b6-5691c062ec79" },
      },
    },
    rules: [
      {
        id: "RL1",
        name: "Authentication State",
        events: [
          { modulePath: "core/src/lib/events/libraryLoaded.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "adobe-mcid/src/lib/actions/setCustomerIds.js",
            settings: {
              customerIds: [
                { value: "%user id%", hashType: "", authState: 1, integrationCode: "userauthid" },
              ],
            },
          },
        ],
      },
    ],
    extensions: {
      core: { displayName: "Core", modules: {} },
      "adobe-mcid": {
        displayName: "Experience Cloud ID Service",
        settings: { orgId: "ABCDEF0123456789ABCDEF01@AdobeOrg", variables: [] },
        modules: {
          "adobe-mcid/src/lib/actions/setCustomerIds.js": {
            name: "set-customer-ids",
            script: stub,
          },
          "adobe-mcid/src/lib/dataElements/ecid.js": { name: "ecid", script: stub },
        },
      },
      "adobe-alloy": {
        displayName: "AEP Web SDK",
        settings: { instances: [{ name: "alloy", edgeConfigId: "ds1" }] },
        modules: {
          "adobe-alloy/dist/lib/dataElements/eventMergeId/index.js": {
            name: "event-merge-id",
            script: stub,
          },
        },
      },
    },
  };

  it("maps Set Customer IDs, ECID and Event Merge ID to Liftoff's, and the rebuild carries them", async () => {
    const { document, report } = importLaunch(container);
    expect(report.warnings.filter((w) => !w.startsWith("environments:"))).toEqual([]);
    expect(validateProperty(document)).toEqual([]);
    const lib = await buildLibrary(document, { environmentId: "EN1" });
    expect(lib.modules).toEqual(
      expect.arrayContaining([
        "identity/src/lib/actions/setCustomerIds.js",
        "identity/src/lib/dataElements/ecid.js",
        "web-sdk/src/lib/dataElements/eventMergeId.js",
      ]),
    );
  });
});

describe("importLaunch of a Liftoff property document", () => {
  it("parses and validates it without mapping", () => {
    const doc = smallProperty();
    doc.dataElements[1]!.settings = {};
    expect(importLaunch(JSON.stringify(doc))).toEqual({
      document: doc,
      report: {
        mapped: [],
        opaque: [],
        warnings: ["validation: dataElements[1].settings.value: is required"],
      },
    });
  });
});

describe("importLaunch input errors", () => {
  it("names what is wrong with a container", () => {
    try {
      importLaunch({ company: {}, property: { id: 3 }, rules: {} });
      throw new Error("expected an error");
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationErrors);
      expect((error as Error).message).toBe(
        "rules: expected array, got object\ncompany.orgId: expected the org id string\nproperty.id: expected string",
      );
    }
  });

  it("explains files that are not libraries", () => {
    expect(() => importLaunch("var x = 1;")).toThrow(
      "No window._satellite.container assignment found: is this a Launch library file?",
    );
    expect(() => importLaunch("window._satellite = {")).toThrow(
      "The library file is not valid JavaScript",
    );
    expect(() => importLaunch('{"company": ')).toThrow(
      "The file starts like JSON but is not valid JSON",
    );
    // The file is parsed, never run (scriptLiterals.ts): a loop or a require does nothing.
    for (const text of ["while (true) {}", "require('fs')"])
      expect(() => importLaunch(text)).toThrow("No window._satellite.container assignment found");
  });
});

describe("exportLaunch", () => {
  it("writes container JSON that imports back to the same rules, data elements and extensions", async () => {
    const doc = smallProperty();
    const json = JSON.parse(JSON.stringify(await exportLaunch(doc, PROD)));
    expect(json.environment).toEqual({ id: PROD, stage: "production" });
    expect(typeof json.extensions.core.modules["core/src/lib/events/libraryLoaded.js"].script).toBe(
      "string",
    );
    expect(json.dataElements["page name"].settings.source).toBe(
      doc.dataElements[0]!.settings!.source,
    );
    const back = importLaunch(json).document;
    expect(
      back.rules.map((r) => [r.id, r.name, r.events.map((e) => [e.modulePath, e.settings])]),
    ).toEqual(
      doc.rules
        .filter((r) => r.enabled !== false)
        .map((r) => [r.id, r.name, r.events.map((e) => [e.modulePath, e.settings ?? {}])]),
    );
    expect(back.dataElements.map((e) => [e.name, e.modulePath, e.settings])).toEqual(
      doc.dataElements.map((e) => [e.name, e.modulePath, e.settings]),
    );
    // Per-stage values come back resolved for the exported environment.
    expect(back.extensions.find((e) => e.name === "web-sdk")!.settings).toMatchObject({
      instances: [{ name: "alloy", edgeConfigId: "ds-prod" }],
    });
    expect(validateProperty(back)).toEqual([]);
  });
});

describe("importLaunch of a library Liftoff built", () => {
  it("turns the custom-code action's compiled function back into its code", async () => {
    const doc = largeProperty();
    const lib = await buildLibrary(doc, { environmentId: PROD, minify: false });
    expect(lib.code).toContain('"source":function(event,target,Promise){window.__generated = 0;');
    const { document: back } = importLaunch(lib.code);
    const actions = (d: typeof doc) =>
      d.rules
        .filter((r) => r.enabled !== false)
        .flatMap((r) => r.actions)
        .filter((a) => a.modulePath === "core/src/lib/actions/customCode.js")
        .map((a) => a.settings);
    expect(actions(back).length).toBeGreaterThan(1);
    expect(actions(back)).toEqual(actions(doc));
    expect(validateProperty(back)).toEqual([]);
  });

  it("keeps minified custom code runnable: renamed parameters get the real arguments", async () => {
    const doc = smallProperty();
    doc.dataElements.push({
      id: "DEevent_type",
      name: "event type",
      modulePath: "core/src/lib/dataElements/customCode.js",
      settings: { source: "return event.$type + ':' + document.title;" },
    });
    const lib = await buildLibrary(doc, { environmentId: PROD });
    const { document: back } = importLaunch(lib.code);
    const source = (name: string) =>
      back.dataElements.find((e) => e.name === name)!.settings!.source as string;
    // Code that names no parameter comes back as the body alone.
    expect(source("page name")).toBe("return document.title.toLowerCase()");
    const code = source("event type");
    expect(code).toMatch(/^return \(function\((\w+)\)\{.*\}\)\.apply\(this, arguments\);$/s);
    expect(validateProperty(back)).toEqual([]);
    // Run as Core runs a data element's code: a function of `event`.
    const run = runInNewContext(`(function (event) {${code}})`, {
      document: { title: "Quote" },
    }) as (event: object) => unknown;
    expect(run({ $type: "core.click" })).toBe("core.click:Quote");
  });
});

describe("functionBody", () => {
  it("reads the body of function and arrow sources", () => {
    expect(functionBody("function (event) {\nreturn 1;\n}")).toBe("return 1;");
    expect(functionBody("function named(a, b) { return a }")).toBe(" return a ");
    expect(functionBody("(e) => { return e }")).toBe(" return e ");
    expect(functionBody("42")).toBeUndefined();
  });
});
