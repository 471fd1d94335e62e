/**
 * The identity extension's manifest. Its key in properties and containers is `identity`;
 * Launch calls the same extension `adobe-mcid` (Experience Cloud ID Service), and the
 * builder maps that name on import. Its only module is the shared `mcid-instance`, which
 * creates the Visitor instance when the library starts (mcidInstance.ts).
 */
import type { ExtensionManifest } from "@liftoff/schema";

export const manifest: ExtensionManifest = {
  name: "identity",
  displayName: "Experience Cloud ID Service",
  version: "5.5.0",
  description: "Sets the Experience Cloud visitor id (ECID) for Analytics and other Adobe tags.",
  launchNames: ["adobe-mcid"],
  settings: {
    type: "object",
    properties: {
      orgId: {
        type: "string",
        title: "Adobe organization id",
        description: "e.g. ABC123@AdobeOrg. Launch: Experience Cloud Organization ID",
      },
      variables: {
        type: "array",
        title: "ID service options",
        description:
          "Visitor.getInstance options as name and text value, e.g. cookieDomain. Launch: Variables",
        items: {
          type: "object",
          // A value may differ by environment (a tracking server per stage).
          properties: { name: { type: "string" }, value: { stages: true } },
          required: ["name"],
        },
      },
    },
    required: ["orgId"],
  },
  modules: [
    {
      path: "identity/src/lib/sharedModules/mcidInstance.js",
      kind: "shared",
      name: "mcid-instance",
      displayName: "Visitor instance",
      settings: { type: "object" },
    },
  ],
};
