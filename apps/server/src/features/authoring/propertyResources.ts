import {
  SETTINGS_RESOURCE_ID,
  type PropertyDocument,
  type ResourceKind,
  type ResourceRef,
} from "@liftoff/schema";

/**
 * A property document is stored as resources, each with its own revisions: the settings
 * (everything but the four lists), every environment, extension, data element and rule.
 * This module is the one place that knows how a document splits into resources and how
 * resources assemble back into a document; storage, the migration and the services use it.
 */

/** One resource's content: `body` is exactly what the document holds for it. */
export interface ResourceEntry extends ResourceRef {
  name: string;
  body: unknown;
}

type Lists = "environments" | "extensions" | "dataElements" | "rules";

/** The document list each kind lives in, in document order (the settings are not a list). */
const LISTS: Array<{ kind: ResourceKind; field: Lists }> = [
  { kind: "environment", field: "environments" },
  { kind: "extension", field: "extensions" },
  { kind: "dataElement", field: "dataElements" },
  { kind: "rule", field: "rules" },
];

/** The two kinds edited item by item, and the document list and label of each. */
export type ItemKind = "rule" | "dataElement";
export const ITEM_LISTS = {
  rule: { field: "rules", label: "rule" },
  dataElement: { field: "dataElements", label: "data element" },
} as const;

/** `rule:RL…`: one resource's key in maps and library manifests. */
export const resourceKey = (ref: ResourceRef) => `${ref.kind}:${ref.id}`;

export function parseResourceKey(key: string): ResourceRef {
  const at = key.indexOf(":");
  return { kind: key.slice(0, at) as ResourceKind, id: key.slice(at + 1) };
}

/** Extensions are addressed by name (as the API and Launch's modules name them). */
function idOf(kind: ResourceKind, item: { id?: string; name?: string }): string {
  return kind === "extension" ? String(item.name) : String(item.id);
}

/** The resources of a document, settings first, then each list in document order. */
export function splitDocument(document: PropertyDocument): ResourceEntry[] {
  const { environments, extensions, dataElements, rules, ...settings } = document;
  const lists = { environments, extensions, dataElements, rules };
  const entries: ResourceEntry[] = [
    { kind: "settings", id: SETTINGS_RESOURCE_ID, name: document.property.name, body: settings },
  ];
  for (const { kind, field } of LISTS)
    for (const item of lists[field] as Array<{ id?: string; name?: string; displayName?: string }>)
      entries.push({
        kind,
        id: idOf(kind, item),
        // Extensions show their display name ("Web SDK"); others their unique name.
        name: String((kind === "extension" ? item.displayName : undefined) ?? item.name ?? ""),
        body: item,
      });
  return entries;
}

/**
 * The document made of `entries` (already in position order; deleted ones left out). The
 * settings body keeps its own key order, and the lists follow it, as documents are written.
 */
export function assembleDocument(entries: Array<{ kind: ResourceKind; body: unknown }>) {
  const settings = entries.find((e) => e.kind === "settings");
  if (!settings) throw new Error("a property needs its settings resource");
  const document = { ...(settings.body as object) } as Record<string, unknown[]>;
  for (const { kind, field } of LISTS)
    document[field] = entries.filter((e) => e.kind === kind).map((e) => e.body);
  return document as unknown as PropertyDocument;
}

/** The first resource key that two entries share, if any (ids must be unique per kind). */
export function duplicateKey(entries: ResourceRef[]): string | undefined {
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = resourceKey(entry);
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

/**
 * Puts a resource's body into a document: the settings' members, or the list item with the
 * same id (extensions: name), replaced where it is or added at the end.
 */
export function putResource(document: PropertyDocument, kind: ResourceKind, body: unknown): void {
  if (kind === "settings") {
    Object.assign(document, body as object);
    return;
  }
  const field = LISTS.find((l) => l.kind === kind)!.field;
  const list = document[field] as unknown as Array<{ id?: string; name?: string }>;
  const item = body as { id?: string; name?: string };
  const index = list.findIndex((x) => idOf(kind, x) === idOf(kind, item));
  if (index >= 0) list[index] = item;
  else list.push(item);
}

/** Removes a list resource from a document; false when it was not there. */
export function removeResource(document: PropertyDocument, ref: ResourceRef): boolean {
  const field = LISTS.find((l) => l.kind === ref.kind)?.field;
  if (!field) return false;
  const list = document[field] as unknown as Array<{ id?: string; name?: string }>;
  const index = list.findIndex((x) => idOf(ref.kind, x) === ref.id);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}
