import { describe, expect, it } from "vitest";
import type { PropertyDocument } from "@liftoff/schema";
import { PROD, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary from "./buildLibrary.ts";
import exportLaunch from "./exportLaunch.ts";

const MCID = "adobe-mcid/src/lib/sharedModules/mcidInstance.js";
const ASKS =
  'function(module,exports,require,turbine){var v=turbine.getSharedModule("adobe-mcid","mcid-instance");module.exports=function(){return v&&v.getMarketingCloudVisitorID();};}';

/** The fixture with Liftoff's identity and an imported extension whose module asks `asks`. */
function withIdentity(script = ASKS): PropertyDocument {
  const doc = smallProperty();
  doc.extensions.push(
    { name: "identity", settings: { orgId: doc.company.orgId } },
    {
      name: "acme-ids",
      opaqueModules: { "acme-ids/src/lib/dataElements/ecid.js": { name: "ecid", script } },
    },
  );
  return doc;
}

describe("shared-module aliases", () => {
  it("gives adobe-mcid's mcid-instance to a module that asks for it, from Liftoff's identity", async () => {
    const { container, modules } = await buildLibrary(withIdentity(), { environmentId: PROD });
    expect(container.extensions["adobe-mcid"]).toEqual({
      displayName: "Experience Cloud ID Service",
      modules: {
        [MCID]: {
          name: "mcid-instance",
          displayName: "Visitor instance",
          shared: true,
          script:
            'function(module,exports,require,turbine){module.exports=turbine.getSharedModule("identity","mcid-instance");}',
        },
      },
    });
    expect(modules).toContain(MCID);
    // The Web SDK's Launch name is not asked for: no alias.
    expect(container.extensions["adobe-alloy"]).toBeUndefined();
  });

  it("adds nothing when no imported module names the Launch extension", async () => {
    const quiet = withIdentity("function(module){module.exports=function(){return 1;};}");
    const { container } = await buildLibrary(quiet, { environmentId: PROD });
    expect(Object.keys(container.extensions).sort()).toEqual([
      "acme-ids",
      "core",
      "identity",
      "web-sdk",
    ]);
  });

  it("keeps a real adobe-mcid extension, and leaves Launch exports without aliases", async () => {
    const doc = withIdentity();
    const real = "function(module){module.exports={real:true};}";
    doc.extensions.push({
      name: "adobe-mcid",
      opaqueModules: { [MCID]: { name: "mcid-instance", shared: true, script: real } },
    });
    const { container } = await buildLibrary(doc, { environmentId: PROD });
    expect(container.extensions["adobe-mcid"]!.modules[MCID]!.script).toBe(real);
    const exported = await exportLaunch(withIdentity(), PROD);
    expect(exported.extensions["adobe-mcid"]).toBeUndefined();
  });

  it("names the Web SDK's instance manager under adobe-alloy when a module asks for it", async () => {
    const doc = withIdentity(
      'function(module,exports,require,turbine){module.exports=turbine.getSharedModule("adobe-alloy","instanceManager");}',
    );
    const { container } = await buildLibrary(doc, { environmentId: PROD });
    expect(Object.keys(container.extensions["adobe-alloy"]!.modules)).toEqual([
      "adobe-alloy/src/lib/instanceManager.js",
    ]);
    expect(container.extensions["adobe-mcid"]).toBeUndefined();
  });
});
