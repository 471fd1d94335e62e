import type { PropertyDocument } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { PROD, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary from "./buildLibrary.ts";
import propertyWarnings, { customVariableNames } from "./propertyWarnings.ts";
import validateProperty from "./validateProperty.ts";

const CUSTOM_CODE = "core/src/lib/actions/customCode.js";

/** The fixture with "section" reading `value`, and "Page View"'s condition running `code`. */
function withToken(value: string, code = "return true;"): PropertyDocument {
  const doc = smallProperty();
  doc.dataElements[1]!.settings = { value };
  doc.rules[0]!.conditions[0]!.settings = { source: code };
  return doc;
}

const messages = (doc: PropertyDocument) => propertyWarnings(doc).map((w) => w.message);

describe("propertyWarnings: tokens", () => {
  it("warns about a token naming nothing, and the build still goes ahead", async () => {
    const doc = withToken("%Candiate ID% and %window.location.hostname%");
    expect(validateProperty(doc)).toEqual([]);
    expect(propertyWarnings(doc)).toEqual([
      {
        path: "dataElements[1].settings.value",
        message:
          '%Candiate ID% names no data element and no _satellite.setVar variable: the page gets the text "%Candiate ID%"',
        where: 'data element "section"',
        severity: "warning",
      },
      {
        path: "dataElements[1].settings.value",
        message:
          '%window.location.hostname% names no data element and no _satellite.setVar variable: the page gets the text "%window.location.hostname%"',
        where: 'data element "section"',
        severity: "warning",
      },
    ]);
    const lib = await buildLibrary(doc, { environmentId: PROD, minify: false });
    expect(lib.code).toContain("%Candiate ID%");
  });

  it("knows variables the property's code sets with _satellite.setVar", () => {
    const doc = withToken(
      "%btnClicked% %brand.name% %sku% %'quoted'% %later%",
      `_satellite.setVar("btnClicked", "x"); _satellite.setVar( 'brand' , {name: 1});
       _satellite.setVar({ sku: 1, "later": 2 });`,
    );
    expect(customVariableNames(doc)).toEqual(new Set(["btnClicked", "brand", "sku", "later"]));
    // `'quoted'` starts with a quote, so it is no token at all (findTokens.ts).
    expect(messages(doc)).toEqual([]);
  });

  it("does not know a name computed at run time", () => {
    const doc = withToken("%brand%", 'var n = "brand"; _satellite.setVar(n, 1);');
    expect(messages(doc)).toEqual([
      '%brand% names no data element and no _satellite.setVar variable: the page gets the text "%brand%"',
    ]);
  });

  it("reads setVar calls in imported extensions' module scripts", () => {
    const doc = withToken("%fromExtension%");
    doc.extensions.push({
      name: "acme",
      opaqueModules: {
        "acme/src/lib/actions/a.js": {
          script:
            'function(module){module.exports=function(){_satellite.setVar("fromExtension",1)}}',
        },
      },
    });
    expect(messages(doc)).toEqual([]);
  });

  it("leaves disabled items out, and event tokens and percentages alone", () => {
    const doc = withToken("50% of %event.type% and %this.id%");
    doc.rules[2]!.actions = [
      {
        id: "RL3-a0",
        modulePath: CUSTOM_CODE,
        settings: { source: "%nothing%", language: "html" },
      },
    ];
    expect(messages(doc)).toEqual([]);
  });
});

describe("propertyWarnings: rules with no event", () => {
  it("warns about an enabled rule with no event, which still builds and never runs", async () => {
    const doc = smallProperty();
    doc.rules.push({ id: "RL9", name: "popup close", events: [], conditions: [], actions: [] });
    expect(validateProperty(doc)).toEqual([]);
    expect(propertyWarnings(doc)).toEqual([
      {
        path: "rules[3].events",
        message: "this rule has no event, so it never runs: add one or disable the rule",
        where: 'rule "popup close"',
        severity: "warning",
      },
    ]);
    const lib = await buildLibrary(doc, { environmentId: PROD });
    expect(lib.container.rules.map((r) => r.name)).toContain("popup close");
  });

  it("says nothing about a disabled one", () => {
    const doc = smallProperty();
    doc.rules[2]!.events = [];
    expect(doc.rules[2]!.enabled).toBe(false);
    expect(messages(doc)).toEqual([]);
  });
});
