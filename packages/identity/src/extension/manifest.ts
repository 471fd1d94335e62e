/**
 * The identity extension's manifest. Its key in properties and containers is `identity`;
 * Launch calls the same extension `adobe-mcid` (Experience Cloud ID Service), and the
 * builder maps that name on import. The shared `mcid-instance` creates the Visitor instance
 * when the library starts (mcidInstance.ts); the "Set Customer IDs" action and the "ECID"
 * data element use it, as Launch's do.
 */
import { label, type ExtensionManifest } from "@liftoff/schema";

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
    {
      path: "identity/src/lib/actions/setCustomerIds.js",
      kind: "action",
      name: "set-customer-ids",
      displayName: "Set Customer IDs",
      settings: {
        type: "object",
        properties: {
          customerIds: label(
            {
              type: "array",
              items: {
                type: "object",
                properties: {
                  integrationCode: label(
                    { type: "string" },
                    "Integration code",
                    "The data source's code in Adobe, e.g. crm_id",
                  ),
                  value: label(
                    { type: "string" },
                    "Value",
                    "The customer id, usually a %data element% token",
                  ),
                  authState: label(
                    { type: "integer", enum: [0, 1, 2], default: 0 },
                    "Authentication state",
                    "0 unknown, 1 authenticated, 2 logged out",
                  ),
                  hashType: label(
                    { type: "string", enum: ["", "SHA-256"], default: "" },
                    "Hash",
                    "SHA-256 hashes the id in the browser before it is sent",
                  ),
                },
                required: ["integrationCode", "value"],
              },
            },
            "Customer ids",
            "Sent with the next ID service call",
          ),
        },
        required: ["customerIds"],
      },
    },
    {
      path: "identity/src/lib/dataElements/ecid.js",
      kind: "dataElement",
      name: "ecid",
      displayName: "ECID",
      settings: { type: "object" },
    },
  ],
};
