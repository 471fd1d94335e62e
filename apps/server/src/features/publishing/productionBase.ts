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
export default async function productionBase(
  store: Store,
  document: PropertyDocument,
): Promise<ProductionBase> {
  const production = document.environments.find((e) => e.stage === "production");
  if (!production) return { manifest: {} };
  const pointers = await store.authoring.environmentPointers(document.property.id);
  const pointer = pointers.find((p) => p.environmentId === production.id);
  if (!pointer) return { manifest: {} };
  const library = await store.authoring.getLibrary(document.property.id, pointer.libraryId);
  if (!library) return { manifest: {} };
  const build = [...library.builds].reverse().find((b) => b.environmentId === production.id);
  return {
    manifest: library.resolved ?? {},
    libraryId: library.id,
    ...(build ? { propertyRevision: build.propertyRevision } : {}),
  };
}
