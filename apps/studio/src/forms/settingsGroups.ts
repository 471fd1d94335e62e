import type { SettingsSchema } from "@liftoff/schema";
import { count } from "../layout/count.ts";
import { childPath, type PathMessage } from "./problems.ts";
import { schemaType } from "./schemaType.ts";

/** One property of an object schema: its key and its schema. */
export type SchemaEntry = [key: string, schema: SettingsSchema];

/** Properties of one object schema shown together under one heading. */
export interface FieldGroup {
  name: string;
  entries: SchemaEntry[];
}

/**
 * Splits an object schema's properties by their `group` hint: the ungrouped keys (shown
 * first, in manifest order) and the groups, in the order of each group's first property.
 */
export function groupFields(schema: SettingsSchema): {
  ungrouped: SchemaEntry[];
  groups: FieldGroup[];
} {
  const ungrouped: SchemaEntry[] = [];
  const groups: FieldGroup[] = [];
  for (const entry of Object.entries(schema.properties ?? {})) {
    const name = entry[1].group;
    if (!name) {
      ungrouped.push(entry);
      continue;
    }
    const group = groups.find((g) => g.name === name);
    if (group) group.entries.push(entry);
    else groups.push({ name, entries: [entry] });
  }
  return { ungrouped, groups };
}

/** How many problems name one of `paths` or anything inside it. */
export function countProblemsIn(
  problems: readonly PathMessage[],
  paths: readonly string[],
): number {
  return problems.filter((p) =>
    paths.some(
      (path) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`),
    ),
  ).length;
}

/**
 * Whether a value is something the user set rather than the module's default: absent values,
 * the default itself and empty text, lists or objects (what a new item starts with) are not.
 */
export function isChanged(schema: SettingsSchema, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (schema.default !== undefined) return JSON.stringify(value) !== JSON.stringify(schema.default);
  if (value === "" || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (schemaType(schema) !== "object") return Object.keys(record).length > 0;
    return Object.entries(schema.properties ?? {}).some(([key, child]) =>
      isChanged(child, record[key]),
    );
  }
  return true;
}

/** The closed group's one line: "3 settings · 1 changed · 1 problem". */
export function groupSummary(fields: number, changed: number, problems: number): string {
  const parts = [count(fields, "setting")];
  if (changed) parts.push(`${changed} changed`);
  if (problems) parts.push(count(problems, "problem"));
  return parts.join(" · ");
}

/** The paths of a group's fields inside the object at `path`. */
export const groupPaths = (path: string, entries: readonly SchemaEntry[]) =>
  entries.map(([key]) => childPath(path, key));
