/**
 * The changes between two revisions of a property, one ItemChange per rule, data element,
 * extension and environment (matched by id, or by name for extensions) and one for the
 * property's own settings, with every differing field path (`events[0].settings.identifier`)
 * and its two values. Arrays are compared position by position, so moving a component shows
 * as changes at both positions.
 */
import { isPlainObject, type ItemChange, type PropertyDocument } from "@liftoff/schema";
import { join } from "./describePlace.ts";

type Field = { path: string; from: unknown; to: unknown };

function diffValues(from: unknown, to: unknown, path: string, out: Field[]): void {
  if (Array.isArray(from) && Array.isArray(to)) {
    for (let i = 0; i < Math.max(from.length, to.length); i++)
      diffValues(from[i], to[i], join(path, i), out);
    return;
  }
  if (isPlainObject(from) && isPlainObject(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
    for (const key of keys) diffValues(from[key], to[key], join(path, key), out);
    return;
  }
  if (from !== to) out.push({ path: path || "(value)", from, to });
}

/** Field differences between two items, as a list (empty when equal). */
export function diffFields(from: unknown, to: unknown): Field[] {
  const out: Field[] = [];
  diffValues(from, to, "", out);
  return out;
}

function diffLists<T>(
  kind: ItemChange["kind"],
  from: T[],
  to: T[],
  key: (item: T) => string,
  name: (item: T) => string,
): ItemChange[] {
  const before = new Map(from.map((item) => [key(item), item]));
  const after = new Map(to.map((item) => [key(item), item]));
  const changes: ItemChange[] = [];
  for (const [id, item] of before)
    if (!after.has(id)) changes.push({ kind, id, name: name(item), change: "removed" });
  for (const [id, item] of after) {
    const old = before.get(id);
    if (old === undefined) changes.push({ kind, id, name: name(item), change: "added" });
    else {
      const fields = diffFields(old, item);
      if (fields.length) changes.push({ kind, id, name: name(item), change: "changed", fields });
    }
  }
  return changes;
}

export default function diffProperties(from: PropertyDocument, to: PropertyDocument): ItemChange[] {
  const settings = (doc: PropertyDocument) => ({
    company: doc.company,
    property: doc.property,
    formatVersion: doc.formatVersion,
  });
  const settingsFields = diffFields(settings(from), settings(to));
  return [
    ...(settingsFields.length
      ? [
          {
            kind: "settings" as const,
            id: to.property.id,
            name: to.property.name,
            change: "changed" as const,
            fields: settingsFields,
          },
        ]
      : []),
    ...diffLists(
      "environment",
      from.environments,
      to.environments,
      (e) => e.id,
      (e) => e.name,
    ),
    ...diffLists(
      "extension",
      from.extensions,
      to.extensions,
      (e) => e.name,
      (e) => e.displayName ?? e.name,
    ),
    ...diffLists(
      "dataElement",
      from.dataElements,
      to.dataElements,
      (e) => e.id,
      (e) => e.name,
    ),
    ...diffLists(
      "rule",
      from.rules,
      to.rules,
      (r) => r.id,
      (r) => r.name,
    ),
  ];
}
