import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { DEV, largeProperty, PROD, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary, { BuildRefusedError, COMPILE_HINT } from "./buildLibrary.ts";

const STAGING = "EN0000000000000000000000000000stag";

describe("buildLibrary", () => {
  it("lays the library out as Launch does and reports its sizes", async () => {
    const lib = await buildLibrary(smallProperty(), {
      environmentId: PROD,
      buildDate: "2025-03-26T00:00:00Z",
    });
    const [hint, body] = [
      lib.code.slice(0, COMPILE_HINT.length),
      lib.code.slice(COMPILE_HINT.length),
    ];
    expect(hint).toBe("//# allFunctionsCalledOnLoad\n");
    expect(
      body.startsWith("window._satellite=window._satellite||{},window._satellite.container={"),
    ).toBe(true);
    expect(lib.bytes).toBe(Buffer.byteLength(lib.code));
    expect(lib.gzipBytes).toBeGreaterThan(1000);
    expect(lib.gzipBytes).toBeLessThan(lib.bytes);
    expect(lib.container.buildInfo).toEqual({
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T00:00:00Z",
      buildDate: "2025-03-26T00:00:00Z",
      minified: true,
    });
    expect(lib.container.environment).toEqual({ id: PROD, stage: "production" });
  });

  it("carries the Web SDK's click collection only when some instance collects clicks", async () => {
    const doc = smallProperty();
    const web = doc.extensions.find((e) => e.name === "web-sdk")!;
    const instances = (web.settings as { instances: Array<Record<string, unknown>> }).instances;
    const carried = async () =>
      (await buildLibrary(doc, { environmentId: PROD })).modules.includes(
        "web-sdk/src/lib/clickCollection.js",
      );
    expect(await carried()).toBe(true); // absent: on, as in alloy
    instances[0]!.clickCollectionEnabled = false;
    expect(await carried()).toBe(false);
    instances.push({ ...instances[0], name: "second", clickCollectionEnabled: true });
    expect(await carried()).toBe(true);
  });

  it("carries the identity extension's publishDestinations only for an Audience Manager property", async () => {
    const PART = "identity/src/lib/sharedModules/publishDestinations.js";
    const doc = smallProperty();
    doc.extensions.push({ name: "identity", settings: { orgId: doc.company.orgId } });
    const carried = async () =>
      (await buildLibrary(doc, { environmentId: PROD })).modules.includes(PART);
    expect(await carried()).toBe(false);
    // An imported Analytics extension whose Audience Manager module (DIL) publishes through
    // the Visitor API, as a hosted file…
    doc.extensions.push({
      name: "adobe-analytics",
      opaqueModules: {
        "adobe-analytics/src/lib/sharedModules/getTracker.js": {
          script: "function(module){module.exports=function(){};}",
        },
      },
      hostedFiles: {
        "AppMeasurement_Module_AudienceManagement.min.js":
          "var DIL=function(){};DIL.create=function(c){c.visitorService.publishDestinations({});};",
      },
    });
    expect(await carried()).toBe(true);
    // …or in a module's own code.
    doc.extensions.pop();
    doc.extensions.push({
      name: "adobe-audience-manager",
      opaqueModules: {
        "adobe-audience-manager/src/lib/sharedModules/dil.js": {
          script: "function(module){module.exports=function(v){v.publishDestinations({});};}",
        },
      },
    });
    expect(await carried()).toBe(true);
  });

  it("carries only the modules the property uses, their helpers and shared modules", async () => {
    const lib = await buildLibrary(smallProperty(), { environmentId: PROD });
    expect(lib.modules).toEqual([
      "core/src/lib/actions/customCode.js",
      "core/src/lib/conditions/customCode.js",
      "core/src/lib/dataElements/constant.js",
      "core/src/lib/dataElements/customCode.js",
      "core/src/lib/events/directCall.js",
      "core/src/lib/events/helpers/pageLifecycleEvents.js",
      "core/src/lib/events/libraryLoaded.js",
      "web-sdk/src/lib/clickCollection.js",
      "web-sdk/src/lib/dataElements/xdmObject.js",
      "web-sdk/src/lib/instanceManager.js",
      "web-sdk/src/lib/variableStore.js",
    ]);
    // The disabled rule (a click rule) is left out, and so is the click module.
    expect(lib.container.rules.map((r) => r.name)).toEqual(["Page View", "Signup"]);
    const core = lib.container.extensions.core!.modules;
    expect(core["core/src/lib/events/libraryLoaded.js"]).toMatchObject({ name: "library-loaded" });
    expect(core["core/src/lib/events/helpers/pageLifecycleEvents.js"]!.name).toBeUndefined();
    expect(
      lib.container.extensions["web-sdk"]!.modules["web-sdk/src/lib/instanceManager.js"],
    ).toMatchObject({
      name: "instanceManager",
      shared: true,
    });
  });

  it("reports buildInfo.minified as the property says, for an import that predates the flag", async () => {
    const doc = smallProperty();
    doc.property.settings.buildInfoMinified = false;
    const lib = await buildLibrary(doc, { environmentId: PROD, buildDate: "2025-03-26T00:00:00Z" });
    expect(lib.container.buildInfo.minified).toBe(false);
    // The code itself is still minified, as a production build is.
    const plain = await buildLibrary(smallProperty(), {
      environmentId: PROD,
      buildDate: "2025-03-26T00:00:00Z",
    });
    expect(plain.container.buildInfo.minified).toBe(true);
    expect(lib.code.length).toBe(plain.code.length + 1);
  });

  it("leaves disabled data elements out, with their modules", async () => {
    const doc = smallProperty();
    doc.dataElements[2]!.enabled = false;
    const lib = await buildLibrary(doc, { environmentId: PROD });
    expect(Object.keys(lib.container.dataElements)).toEqual(["page name", "section"]);
    expect(lib.modules).not.toContain("web-sdk/src/lib/dataElements/xdmObject.js");
  });

  it("resolves per-stage values for the environment's stage", async () => {
    const settingsOf = async (environmentId: string) =>
      (await buildLibrary(smallProperty(), { environmentId })).container.extensions["web-sdk"]!
        .settings;
    expect(await settingsOf(PROD)).toMatchObject({ instances: [{ edgeConfigId: "ds-prod" }] });
    expect(await settingsOf(DEV)).toMatchObject({ instances: [{ edgeConfigId: "ds-dev" }] });
  });

  it("resolves a per-stage value only at a field whose manifest allows one", async () => {
    const doc = smallProperty();
    const accounts = { production: ["prod-rs"], development: ["dev-rs"] };
    doc.extensions.push({
      name: "third-party",
      settings: { libraryCode: { accounts } },
      opaqueModules: {
        "third-party/src/lib/actions/send.js": {
          name: "send",
          script: "function(module){module.exports=function(){};}",
        },
      },
    });
    doc.rules[0]!.actions.push({
      id: "RL1-send",
      modulePath: "third-party/src/lib/actions/send.js",
      settings: { accounts },
    });
    doc.dataElements[1]!.settings = {
      value: { development: "dev value", staging: "staging value", production: "prod value" },
    };
    for (const [environmentId, value] of [
      [DEV, "dev value"],
      [STAGING, "staging value"],
      [PROD, "prod value"],
    ] as const) {
      const { container } = await buildLibrary(doc, { environmentId });
      // The extension picks accounts[turbine.environment.stage] itself: kept exactly.
      expect(container.extensions["third-party"]!.settings).toEqual({ libraryCode: { accounts } });
      expect(container.rules[0]!.actions!.at(-1)?.settings).toEqual({ accounts });
      expect(container.dataElements.section!.settings).toEqual({ value });
    }
  });

  it("makes custom code functions, and the library evaluates to that container", async () => {
    const lib = await buildLibrary(smallProperty(), { environmentId: PROD, minify: false });
    expect(lib.container.buildInfo.minified).toBe(false);
    // Run the file with a window whose container setter keeps the value and stops there:
    // the engine after it needs a browser.
    let container: any;
    const satellite = {};
    Object.defineProperty(satellite, "container", {
      set(value) {
        container = value;
        throw new Error("stop");
      },
    });
    expect(() => runInNewContext(lib.code, { window: { _satellite: satellite } })).toThrow("stop");
    const source = container.dataElements["page name"].settings.source;
    expect(typeof source).toBe("function");
    expect(String(source)).toBe("function(event){return document.title.toLowerCase();\n}");
    expect(typeof container.rules[0].conditions[0].settings.source).toBe("function");
    expect(
      typeof container.extensions.core.modules["core/src/lib/events/libraryLoaded.js"].script,
    ).toBe("function");
  });

  it("gives the same bytes for the same input and build date", async () => {
    const options = { environmentId: PROD, buildDate: "2025-03-26T00:00:00Z" };
    const a = await buildLibrary(largeProperty(), options);
    const b = await buildLibrary(largeProperty(), options);
    expect(b.code).toBe(a.code);
    expect(a.code).toContain('"buildDate":"2025-03-26T00:00:00Z"');
  });

  it("dates a library with the time of its build when no date is given", async () => {
    const before = Date.now();
    const { buildDate } = (await buildLibrary(smallProperty(), { environmentId: PROD })).container
      .buildInfo;
    expect(buildDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(buildDate)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(buildDate)).toBeLessThanOrEqual(Date.now());
  });

  it("builds development unminified and staging and production minified, unless told", async () => {
    const built = (environmentId: string, minify?: boolean) =>
      buildLibrary(
        largeProperty(),
        minify === undefined ? { environmentId } : { environmentId, minify },
      );
    const development = await built(DEV);
    expect(development.container.buildInfo.minified).toBe(false);
    // Custom code stays as authored, readable, where a minified build compresses it.
    expect(development.code).toContain(
      '"source":function(event,target,Promise){window.__generated = 0;',
    );
    expect((await built(STAGING)).container.buildInfo.minified).toBe(true);
    expect((await built(PROD)).container.buildInfo.minified).toBe(true);
    expect((await built(DEV, true)).container.buildInfo.minified).toBe(true);
    expect((await built(PROD, false)).container.buildInfo.minified).toBe(false);
  });

  it("reports the property's turbine version and date when it keeps an original's", async () => {
    const doc = smallProperty();
    doc.property.settings.turbineVersion = "27.5.0";
    doc.property.settings.turbineBuildDate = "2023-08-15T17:20:08Z";
    const { buildInfo } = (await buildLibrary(doc, { environmentId: PROD })).container;
    expect(buildInfo).toMatchObject({
      turbineVersion: "27.5.0",
      turbineBuildDate: "2023-08-15T17:20:08Z",
    });
  });

  it("refuses a property with problems, listing them", async () => {
    const doc = smallProperty();
    doc.rules[1]!.events[0]!.settings = {};
    const error = await buildLibrary(doc, { environmentId: PROD }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildRefusedError);
    expect((error as BuildRefusedError).problems).toEqual([
      {
        path: "rules[1].events[0].settings.identifier",
        message: "is required",
        where: 'rule "Signup" › event 1',
      },
    ]);
    expect((error as Error).message).toContain(
      "rules[1].events[0].settings.identifier: is required",
    );
  });

  it("names the bad option", async () => {
    await expect(buildLibrary(smallProperty(), { environmentId: "EN-nope" })).rejects.toThrow(
      'environmentId: no environment "EN-nope"',
    );
    await expect(
      buildLibrary(smallProperty(), { environmentId: PROD, buildDate: "yesterday" }),
    ).rejects.toThrow(
      'buildDate: expected an ISO date-time such as 2025-03-26T00:00:00Z, got "yesterday"',
    );
  });

  it("builds a property of 40 rules and 50 data elements in under a second once modules are cached", async () => {
    const doc = largeProperty();
    await buildLibrary(doc, { environmentId: PROD });
    const lib = await buildLibrary(doc, { environmentId: PROD });
    // 40 rules, one of them disabled.
    expect(lib.container.rules).toHaveLength(39);
    expect(Object.keys(lib.container.dataElements)).toHaveLength(50);
    expect(lib.durationMs).toBeLessThan(1000);
  });
});
