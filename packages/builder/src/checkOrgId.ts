import type { PropertyDocument, PropertyPlatform } from "@liftoff/schema";
import { findExtension } from "./catalog.ts";
import type { Report } from "./checkModule.ts";

/** Adobe's IMS org id form, as the API checks it at creation. */
const ORG_ID = /^[A-Za-z0-9]+@AdobeOrg$/;

/**
 * A property may have no org id until an installed extension needs it (`needsOrgId`: the
 * Web SDK, whose instances fall back to it and whose edge names identity cookies after it);
 * one that is set has Adobe's form, whichever way it came (settings, an imported document).
 */
export default function checkOrgId(
  doc: PropertyDocument,
  report: Report,
  platform: PropertyPlatform = "web",
): void {
  const orgId = doc.company.orgId;
  if (orgId !== undefined && !ORG_ID.test(orgId))
    report(
      "company.orgId",
      `expected an org id like ABCDEF0123456789ABCDEF01@AdobeOrg, got "${orgId}"`,
    );
  if (orgId) return;
  const needing = doc.extensions
    .map((extension) => findExtension(extension.name, platform))
    .filter((manifest) => manifest?.needsOrgId);
  if (needing.length === 0) return;
  report(
    "company.orgId",
    `the ${needing.map((m) => m!.displayName).join(" and ")} extension needs the property's org id (like ABCDEF0123456789ABCDEF01@AdobeOrg)`,
  );
}
