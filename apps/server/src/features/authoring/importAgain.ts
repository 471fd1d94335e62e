import {
  LIBRARY_RESOURCE_KINDS,
  type ImportUpdate,
  type ImportUpdateItem,
  type LibraryResourceKind,
  type PropertyDocument,
} from "@liftoff/schema";
import type { PropertySnapshot, ResourceWrite } from "./AuthoringRepository.ts";
import { resourceKey } from "./propertyResources.ts";
import { newId } from "../../http/requestParts.ts";

/**
 * A library imported a second time (`POST /api/properties/import?mode=copy|update`): the two
 * ways forward besides the 409 `property-exists` of a plain import.
 */

/** `name`, or "name (copy)", "name (copy 2)"… when a property already has it. */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const first = `${name} (copy)`;
  if (!taken.has(first)) return first;
  for (let n = 2; ; n++) if (!taken.has(`${name} (copy ${n})`)) return `${name} (copy ${n})`;
}

/**
 * The imported document as a new property named `name`. Rules, data elements and extensions
 * keep their ids: resources are stored per property, so they collide with nothing. The
 * property and environment ids are new, and every string that held an old one gets the new
 * one: a datastream is named `<property>-<environment>` (ensureDatastreams), so a Web SDK
 * setting or custom code that named the original's would otherwise send the copy's events to
 * the original. Launch ids are a prefix and 32 hex digits, so a match is never an accident.
 */
export function copyOfDocument(document: PropertyDocument, name: string): PropertyDocument {
  const renamed = new Map<string, string>([[document.property.id, newId("PR")]]);
  for (const env of document.environments) renamed.set(env.id, newId("EN"));
  // Longest first: an environment id may contain the property id (`PRabcdev`).
  const pattern = new RegExp(
    [...renamed.keys()]
      .sort((a, b) => b.length - a.length)
      .map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|"),
    "g",
  );
  const copy = JSON.parse(
    JSON.stringify(document).replace(pattern, (id) => renamed.get(id) ?? id),
  ) as PropertyDocument;
  copy.property.name = name;
  return copy;
}

/**
 * `current` with the imported library's rules, data elements and extensions in place of its
 * own. The property's name, settings, org id and environments stay: they are the team's, and
 * a library does not carry the environments' published state.
 */
export function importedInto(
  current: PropertyDocument,
  imported: PropertyDocument,
): PropertyDocument {
  return {
    ...current,
    extensions: imported.extensions,
    dataElements: imported.dataElements,
    rules: imported.rules,
  };
}

const isLibraryKind = (kind: string): kind is LibraryResourceKind =>
  (LIBRARY_RESOURCE_KINDS as readonly string[]).includes(kind);

/** What `writes` (PropertyService.writesBetween of `head`) add, change and delete, by kind. */
export function importUpdateOf(
  head: PropertySnapshot,
  writes: ResourceWrite[],
  dryRun: boolean,
): ImportUpdate {
  const before = new Map(head.resources.map((r) => [resourceKey(r), r]));
  const counts = Object.fromEntries(
    LIBRARY_RESOURCE_KINDS.map((kind) => [kind, { added: 0, changed: 0, deleted: 0 }]),
  ) as ImportUpdate["counts"];
  const items: ImportUpdateItem[] = [];
  for (const write of writes) {
    if (!isLibraryKind(write.kind)) continue;
    const old = before.get(resourceKey(write));
    // A deleted item the library has again comes back as a new revision of its history.
    const change = write.deleted ? "deleted" : !old || old.deleted ? "added" : "changed";
    counts[write.kind][change] += 1;
    items.push({ kind: write.kind, id: write.id, name: write.name, change });
  }
  return { dryRun, fromRevision: head.revision, counts, items };
}

/** "2 added, 1 changed, 1 deleted" over every kind, for the revision summary and audit log. */
export function importUpdateSummary(update: ImportUpdate): string {
  const total = { added: 0, changed: 0, deleted: 0 };
  for (const kind of LIBRARY_RESOURCE_KINDS)
    for (const key of ["added", "changed", "deleted"] as const)
      total[key] += update.counts[kind][key];
  return `updated the property from an imported library: ${total.added} added, ${total.changed} changed, ${total.deleted} deleted`;
}
