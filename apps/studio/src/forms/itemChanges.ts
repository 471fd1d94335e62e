import type { ExtensionManifest, SettingsSchema } from "@liftoff/schema";
import { findModule, moduleLabel } from "../extensions/useCatalog.ts";
import { humanize } from "./schemaType.ts";

/** One difference between two versions of an item, placed by labels a person reads. */
export interface ChangeRow {
  key: string;
  /** `Actions › Send event › Type`, `Name`, `Settings › Path`. */
  label: string;
  change: "changed" | "added" | "removed" | "moved";
  from: unknown;
  to: unknown;
  /** For a move: its place (1-based) before and after. */
  moved?: { from: number; to: number };
}

type Catalog = readonly ExtensionManifest[] | undefined;
type Item = Record<string, unknown> & { id: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isIdList = (v: unknown): v is Item[] =>
  Array.isArray(v) && v.every((x) => isObject(x) && typeof x.id === "string" && x.id !== "");
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const join = (label: string, part: string) => (label ? `${label} › ${part}` : part);

/** Ids not in the longest run kept in order: the fewest moves that explain a reordering. */
function movedIds(before: string[], after: string[]): Set<string> {
  const rank = new Map(before.map((id, i) => [id, i]));
  const seq = after.filter((id) => rank.has(id));
  const best: number[] = seq.map(() => 1);
  const prev: number[] = seq.map(() => -1);
  for (let i = 0; i < seq.length; i++)
    for (let j = 0; j < i; j++)
      if (rank.get(seq[j]!)! < rank.get(seq[i]!)! && best[j]! + 1 > best[i]!) {
        best[i] = best[j]! + 1;
        prev[i] = j;
      }
  const kept = new Set<string>();
  let at = best.indexOf(Math.max(0, ...best));
  while (at >= 0) {
    kept.add(seq[at]!);
    at = prev[at]!;
  }
  return new Set(seq.filter((id) => !kept.has(id)));
}

/** A component's name in its list: its module's display name, numbered when it repeats. */
function itemLabel(list: Item[], item: Item, catalog: Catalog): string {
  const name = (x: Item) =>
    typeof x.modulePath === "string" ? moduleLabel(catalog, x.modulePath) : `Item ${x.id}`;
  const alike = list.filter((x) => name(x) === name(item));
  return alike.length > 1 ? `${name(item)} ${alike.indexOf(item) + 1}` : name(item);
}

function walkList(from: Item[], to: Item[], label: string, key: string, ctx: Walk) {
  const before = from.map((x) => x.id);
  const after = to.map((x) => x.id);
  const moved = movedIds(before, after);
  for (const item of to) {
    const name = join(label, itemLabel(to, item, ctx.catalog));
    const old = from.find((x) => x.id === item.id);
    const itemKey = `${key}[${item.id}]`;
    if (!old) {
      ctx.out.push({ key: itemKey, label: name, change: "added", from: undefined, to: item });
      continue;
    }
    if (moved.has(item.id))
      ctx.out.push({
        key: `${itemKey}:moved`,
        label: name,
        change: "moved",
        from: undefined,
        to: undefined,
        moved: { from: before.indexOf(item.id) + 1, to: after.indexOf(item.id) + 1 },
      });
    walk(old, item, name, itemKey, ctx, { component: true });
  }
  for (const item of from)
    if (!after.includes(item.id))
      ctx.out.push({
        key: `${key}[${item.id}]`,
        label: join(label, itemLabel(from, item, ctx.catalog)),
        change: "removed",
        from: item,
        to: undefined,
      });
}

interface Walk {
  catalog: Catalog;
  out: ChangeRow[];
}

/** The settings schema of an item that has a module (a component, a data element) or is an extension. */
function settingsSchemaOf(
  item: Record<string, unknown>,
  catalog: Catalog,
): SettingsSchema | undefined {
  if (typeof item.modulePath === "string") return findModule(catalog, item.modulePath)?.settings;
  if (typeof item.name === "string") return catalog?.find((x) => x.name === item.name)?.settings;
  return undefined;
}

interface Place {
  /** A rule component: its settings are what it is, so they add no "Settings" step. */
  component?: boolean;
  /** The schema of the value here, for the manifest's field titles. */
  schema?: SettingsSchema;
}

function walk(
  from: unknown,
  to: unknown,
  label: string,
  key: string,
  ctx: Walk,
  place: Place = {},
) {
  if (same(from, to)) return;
  if (isObject(from) && isObject(to)) {
    const keys = [...new Set([...Object.keys(to), ...Object.keys(from)])];
    for (const k of keys) {
      const child =
        k === "settings" && place.schema === undefined
          ? (settingsSchemaOf(to, ctx.catalog) ?? settingsSchemaOf(from, ctx.catalog))
          : place.schema?.properties?.[k];
      const title = place.schema?.properties?.[k]?.title ?? humanize(k);
      const part = place.component && k === "settings" ? label : join(label, title);
      walk(from[k], to[k], part, `${key}.${k}`, ctx, { schema: child });
    }
    return;
  }
  if (isIdList(from) && isIdList(to) && (from.length > 0 || to.length > 0)) {
    walkList(from, to, label, key, ctx);
    return;
  }
  const change = from === undefined ? "added" : to === undefined ? "removed" : "changed";
  ctx.out.push({ key: key || "(value)", label: label || "Value", change, from, to });
}

/**
 * What differs between two versions of one item, for people: fields by their labels (module
 * display names for rule components), and components matched by id, so reordering two actions
 * shows one move rather than every field of both changed.
 */
export function itemChanges(from: unknown, to: unknown, catalog: Catalog): ChangeRow[] {
  const ctx: Walk = { catalog, out: [] };
  walk(from, to, "", "", ctx);
  return ctx.out;
}
