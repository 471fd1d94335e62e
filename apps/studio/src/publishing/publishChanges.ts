import type { LibraryInfo, LibraryResourceKind, PropertyState } from "@liftoff/schema";

export type PublishChangeKind = "New" | "Changed" | "Deleted";

export interface PublishChange {
  kind: LibraryResourceKind;
  id: string;
  name: string;
  change: PublishChangeKind;
}

/**
 * What publishing a library changes in production: each of its resources against the
 * revision production serves now. Resources production already serves at the same revision,
 * and deletions of resources production never had, change nothing and are left out.
 */
export function publishChanges(library: LibraryInfo, state: PropertyState): PublishChange[] {
  const changes: PublishChange[] = [];
  for (const r of library.resources) {
    const served = state.resources.find(
      (s) => s.kind === r.kind && s.id === r.id,
    )?.publishedRevision;
    const change: PublishChangeKind | undefined = r.deleted
      ? served === undefined
        ? undefined
        : "Deleted"
      : served === undefined
        ? "New"
        : served === r.revision
          ? undefined
          : "Changed";
    if (change) changes.push({ kind: r.kind, id: r.id, name: r.name, change });
  }
  return changes;
}
