import type { PropertyDocument } from "@liftoff/schema";
import { findExtension } from "./catalog.ts";
import type { Report } from "./checkModule.ts";

/**
 * A property may have no org id until an installed extension needs it (`needsOrgId`: the
 * Web SDK, whose instances fall back to it and whose edge names identity cookies after it).
 */
export default function checkOrgId(doc: PropertyDocument, report: Report): void {
  if (doc.company.orgId) return;
  const needing = doc.extensions
    .map((extension) => findExtension(extension.name))
    .filter((manifest) => manifest?.needsOrgId);
  if (needing.length === 0) return;
  report(
    "company.orgId",
    `the ${needing.map((m) => m!.displayName).join(" and ")} extension needs the property's org id (like ABCDEF0123456789ABCDEF01@AdobeOrg)`,
  );
}
