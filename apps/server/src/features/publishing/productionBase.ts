import type { PropertyDocument } from "@liftoff/schema";
import type { Store } from "../../store/Store.ts";

/** What production serves: the base every library build adds its resources to. */
export interface ProductionBase {
  /** `rule:RL…` → revision, for every rule, data element and extension in production. */
  manifest: Record<string, number>;
  /** The production library, when one was ever published. */
  libraryId?: string;
  /** The property revision production's build was made at. */
  propertyRevision?: number;
}

/**
 * The manifest of the library production serves now (Launch's "upstream" of every build).
 * Empty before the first publish.
 */
export default function productionBase(
  store: Store,
  document: PropertyDocument,
): Promise<ProductionBase> {
  const production = document.environments.find((e) => e.stage === "production");
  return productionBaseOf(store, document.property.id, production?.id);
}

/** The same, for a property whose production environment's id is known. */
export async function productionBaseOf(
  store: Store,
  propertyId: string,
  productionId: string | undefined,
): Promise<ProductionBase> {
  if (!productionId) return { manifest: {} };
  const pointers = await store.authoring.environmentPointers(propertyId);
  const pointer = pointers.find((p) => p.environmentId === productionId);
  if (!pointer) return { manifest: {} };
  const library = await store.authoring.getLibrary(propertyId, pointer.libraryId);
  if (!library) return { manifest: {} };
  const build = [...library.builds].reverse().find((b) => b.environmentId === productionId);
  return {
    manifest: library.resolved ?? {},
    libraryId: library.id,
    ...(build ? { propertyRevision: build.propertyRevision } : {}),
  };
}
