import type { Datastream } from "./storage/Store.ts";

/**
 * The datastreams seeded on first start for the spec's property (the insurer's marketing
 * site), one per Launch environment. The spec omits the real ids, so these are Liftoff's own;
 * the builder will create properties, environments and datastreams later and the repository
 * stays the single source (docs/server.md). Allowed origins start empty (any origin).
 */
export const DEFAULT_ORG_ID = "5LIFTOFF0PCMARKETING0001@AdobeOrg";
export const DEFAULT_PROPERTY_ID = "PRpcmarketing";

export const defaultDatastreams: Datastream[] = (
  ["development", "staging", "production"] as const
).map((stage) => ({
  id: `pc-marketing-${stage}`,
  orgId: DEFAULT_ORG_ID,
  propertyId: DEFAULT_PROPERTY_ID,
  environmentId: `ENpcmarketing${stage}`,
  stage,
  allowedOrigins: [],
}));
