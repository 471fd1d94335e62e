import type { ResourceInfo } from "@liftoff/schema";
import type { StoredResource } from "./AuthoringRepository.ts";
import { resourceKey } from "./propertyResources.ts";
import type { ProductionBase } from "../publishing/productionBase.ts";

const LIBRARY_KINDS = new Set(["rule", "dataElement", "extension"]);

/** Where one resource stands against production (ResourceInfo), or undefined to hide it. */
export function resourceInfo(
  r: Omit<StoredResource, "body">,
  base: ProductionBase,
): ResourceInfo | undefined {
  const published = LIBRARY_KINDS.has(r.kind) ? base.manifest[resourceKey(r)] : undefined;
  // A deleted resource stays listed (restorable) while production still has it or it was
  // deleted after the last publish; once a publish removed it, only its history has it.
  if (
    r.deleted &&
    published === undefined &&
    base.propertyRevision !== undefined &&
    r.changedIn <= base.propertyRevision
  )
    return undefined;
  const changed = !LIBRARY_KINDS.has(r.kind)
    ? false
    : r.deleted
      ? published !== undefined
      : published !== r.revision;
  return {
    kind: r.kind,
    id: r.id,
    name: r.name,
    revision: r.revision,
    updatedAt: r.updatedAt,
    updatedBy: r.updatedBy,
    deleted: r.deleted,
    ...(published !== undefined ? { publishedRevision: published } : {}),
    changed,
  };
}
