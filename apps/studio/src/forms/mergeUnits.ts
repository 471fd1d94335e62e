import type { ExtensionManifest, SettingsSchema } from "@liftoff/schema";
import { findModule, moduleLabel } from "../extensions/useCatalog.ts";
import { humanize } from "./schemaType.ts";

/**
 * Three-way comparison of one item: the version my edits started from (base), mine, and the
 * one someone else saved since (theirs), in units a person can choose between: every field,
 * every leaf of nested settings, and every rule component matched by its id rather than its
 * place in the list (so adding or moving one component does not make every later one look
 * changed). Knowing the base tells who changed what: a unit only I changed keeps mine, one
 * only they changed takes theirs, and only a unit both changed differently needs a choice.
 */

type Segment = string | { list: string; id: string };

/** Who changed a unit since the base (units where mine and theirs agree are not listed). */
export type ChangedBy = "mine" | "theirs" | "both";

export interface MergeUnit {
  /** Stable key for React and for choices. */
  key: string;
  /** The place as the form names it: `Notes`, `Action 1: Send event › XDM data`. */
  label: string;
  path: Segment[];
  base: unknown;
  mine: unknown;
  theirs: unknown;
  changedBy: ChangedBy;
  /**
   * For the order of a list of components (`events`, `conditions`, `actions`): `mine` and
   * `theirs` are the ids of the components all three versions have, in each one's order;
   * `shown` names them as the form does, one a line.
   */
  order?: { list: string; shown: { mine: string; theirs: string } };
}

export type Choice = "mine" | "theirs";

type Catalog = readonly ExtensionManifest[] | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isIdList = (v: unknown): v is Array<Record<string, unknown> & { id: string }> =>
  Array.isArray(v) && v.every((x) => isObject(x) && typeof x.id === "string" && x.id !== "");

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The item's own fields, by the labels of the rule and data element forms. */
const FIELD: Record<string, string> = {
  name: "Name",
  enabled: "Enabled",
  description: "Notes",
  modulePath: "Type",
  defaultValue: "Default value",
  storageDuration: "Storage duration",
  forceLowerCase: "Force lower case",
  cleanText: "Clean text",
};

/** The fields of the rule form and the data element form, top to bottom. */
const RULE_ORDER = ["name", "enabled", "description", "events", "conditions", "actions"];
const ELEMENT_ORDER = [
  "name",
  "modulePath",
  "settings",
  "defaultValue",
  "storageDuration",
  "forceLowerCase",
  "cleanText",
  "enabled",
  "description",
];

const NOUN: Record<string, string> = {
  events: "Event",
  conditions: "Condition",
  actions: "Action",
};

/** A rule component's own fields, by the labels of its card. */
const COMPONENT_FIELD: Record<string, (noun: string) => string> = {
  modulePath: (noun) => `${noun} type`,
  ruleOrder: () => "Order",
  negate: () => "Negate",
  timeout: () => "Timeout (ms)",
  delayNext: () => "Wait for this action before running the next",
};

/**
 * The units of the three versions at `path`: descends into a value only where every version
 * has the same shape there (all objects, or all lists of components), so the units never
 * overlap and taking one side's unit never half-overwrites another.
 */
function unitsOf(values: unknown[], path: Segment[], out: Segment[][]): void {
  const present = values.filter((v) => v !== undefined);
  if (present.length > 0 && present.every(isObject)) {
    const keys = new Set(present.flatMap((v) => Object.keys(v)));
    if (keys.size > 0) {
      for (const k of keys)
        unitsOf(
          values.map((v) => (isObject(v) ? v[k] : undefined)),
          [...path, k],
          out,
        );
      return;
    }
  }
  const list = path[path.length - 1];
  if (
    typeof list === "string" &&
    present.length > 0 &&
    present.every(isIdList) &&
    present.some((v) => v.length > 0)
  ) {
    const ids = [...new Set(present.flatMap((v) => v.map((x) => x.id)))];
    const parent = path.slice(0, -1);
    for (const id of ids) {
      const items = values.map((v) => (isIdList(v) ? v.find((x) => x.id === id) : undefined));
      const at = [...parent, { list, id }];
      // A component everyone still has is compared field by field; one added or removed
      // since the base is one unit, taken or left whole.
      if (items.every((x) => x !== undefined)) unitsOf(items, at, out);
      else out.push(at);
    }
    return;
  }
  out.push(path);
}

const keyOf = (path: Segment[]) =>
  path.map((s) => (typeof s === "string" ? s : `${s.list}[${s.id}]`)).join(".");

function get(value: unknown, path: Segment[]): unknown {
  let at: unknown = value;
  for (const s of path) {
    if (!isObject(at)) return undefined;
    if (typeof s === "string") at = at[s];
    else {
      const list = at[s.list];
      at = Array.isArray(list) ? list.find((x) => isObject(x) && x.id === s.id) : undefined;
    }
  }
  return at;
}

/** The settings schema for `item`'s settings: its module's, or its extension's. */
function schemaOf(item: unknown, catalog: Catalog): SettingsSchema | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.modulePath === "string") return findModule(catalog, item.modulePath)?.settings;
  if (typeof item.name === "string") return catalog?.find((x) => x.name === item.name)?.settings;
  return undefined;
}

const word = (s: Segment) => humanize(typeof s === "string" ? s : s.list);

/** Settings field titles down `keys`, as the settings form shows them. */
function settingsLabel(schema: SettingsSchema | undefined, keys: Segment[]): string[] {
  const parts: string[] = [];
  let at = schema;
  for (const k of keys) {
    const field = typeof k === "string" ? at?.properties?.[k] : undefined;
    parts.push(field?.title ?? word(k));
    at = field;
  }
  return parts;
}

/**
 * `path` in the words of the item's form. Components are numbered as the form numbers them
 * (in my version, where the form shows them) and named by their module.
 */
function labelOf(path: Segment[], versions: unknown[], catalog: Catalog): string {
  const [first, ...rest] = path;
  if (first === undefined) return "Value";
  if (typeof first !== "string") {
    const list = versions.map((v) => (isObject(v) ? v[first.list] : undefined));
    const index = list
      .map((l) => (isIdList(l) ? l.findIndex((x) => x.id === first.id) : -1))
      .find((i) => i >= 0);
    const item = list
      .map((l) => (isIdList(l) ? l.find((x) => x.id === first.id) : undefined))
      .find((x) => x !== undefined);
    const noun = NOUN[first.list] ?? humanize(first.list);
    const module =
      item && typeof item.modulePath === "string" ? moduleLabel(catalog, item.modulePath) : "";
    const name = `${noun} ${(index ?? 0) + 1}${module ? `: ${module}` : ""}`;
    if (rest.length === 0) return name;
    const [field, ...deeper] = rest;
    if (field === "settings")
      return [name, ...settingsLabel(schemaOf(item, catalog), deeper)].join(" › ");
    const own = typeof field === "string" ? COMPONENT_FIELD[field]?.(noun) : undefined;
    return [name, own ?? word(field!), ...deeper.map(word)].join(" › ");
  }
  if (rest.length > 0 && rest.every((s) => typeof s === "string")) {
    if (first === "settings") {
      const item = versions.find(isObject);
      const schema = schemaOf(item, catalog);
      // A data element's settings sit under its type's name; an extension's are its form.
      const head =
        isObject(item) && typeof item.modulePath === "string"
          ? [moduleLabel(catalog, item.modulePath)]
          : schema
            ? []
            : ["Settings"];
      return [...head, ...settingsLabel(schema, rest)].join(" › ");
    }
  }
  return [FIELD[first] ?? humanize(first), ...rest.map(word)].join(" › ");
}

/**
 * The units where mine and theirs differ, in the order they appear, each saying who changed
 * it since `base`. Units both changed the same way need no choice and are not listed.
 */
export function mergeUnits(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  catalog?: Catalog,
): MergeUnit[] {
  const paths: Segment[][] = [];
  unitsOf([mine, theirs, base], [], paths);
  // In the order the form shows the fields (a stable sort keeps each field's own order).
  const order = isObject(mine) && "actions" in mine ? RULE_ORDER : ELEMENT_ORDER;
  const rank = (path: Segment[]) => {
    const first = path[0];
    const at = order.indexOf(typeof first === "string" ? first : (first?.list ?? ""));
    return at < 0 ? order.length : at;
  };
  paths.sort((a, b) => rank(a) - rank(b));
  const out: MergeUnit[] = [];
  for (const path of paths) {
    const m = get(mine, path);
    const t = get(theirs, path);
    if (same(m, t)) continue;
    const b = get(base, path);
    const changedBy: ChangedBy = same(m, b) ? "theirs" : same(t, b) ? "mine" : "both";
    out.push({
      key: keyOf(path) || "(value)",
      label: labelOf(path, [mine, theirs, base], catalog),
      path,
      base: b,
      mine: m,
      theirs: t,
      changedBy,
    });
  }
  for (const unit of orderUnits(base, mine, theirs, catalog)) {
    // After the list's own units, where the form shows that list.
    let after = out.length;
    while (after > 0 && rank(out[after - 1]!.path) > rank(unit.path)) after--;
    out.splice(after, 0, unit);
  }
  return out;
}

/**
 * A list of components someone reordered: the order of the components every version still
 * has is a unit of its own (added and removed ones are units already), so moving an action
 * is neither lost nor mixed up with editing it.
 */
function orderUnits(base: unknown, mine: unknown, theirs: unknown, catalog: Catalog) {
  const out: MergeUnit[] = [];
  if (!isObject(mine) || !isObject(theirs) || !isObject(base)) return out;
  for (const list of Object.keys(NOUN)) {
    const lists = [mine[list], theirs[list], base[list]];
    if (!lists.every(isIdList)) continue;
    const [m, t, b] = lists.map((l) => (l as Array<{ id: string }>).map((x) => x.id));
    const common = (ids: string[]) =>
      ids.filter((id) => m!.includes(id) && t!.includes(id) && b!.includes(id));
    const [mo, to, bo] = [common(m!), common(t!), common(b!)];
    if (same(mo, to)) continue;
    const names = (ids: string[], version: Record<string, unknown>) =>
      ids.map((id) => labelOf([{ list, id }], [version], catalog)).join("\n");
    out.push({
      key: `${list}:order`,
      label: `${humanize(list)} › Order`,
      path: [list],
      base: bo,
      mine: mo,
      theirs: to,
      changedBy: same(mo, bo) ? "theirs" : same(to, bo) ? "mine" : "both",
      order: { list, shown: { mine: names(mo, mine), theirs: names(to, theirs) } },
    });
  }
  return out;
}

/** Puts the components `ids` names in that order, in the places they hold in `list`. */
function reorder(list: unknown, ids: string[]): void {
  if (!isIdList(list)) return;
  const at = list.flatMap((x, i) => (ids.includes(x.id) ? [i] : []));
  const byId = new Map(at.map((i) => [list[i]!.id, list[i]!]));
  at.forEach((place, n) => (list[place] = byId.get(ids[n]!)!));
}

/** What a unit keeps unless the person chooses: the side that changed it; none if both did. */
export const defaultChoice = (unit: MergeUnit): Choice | undefined =>
  unit.changedBy === "both" ? undefined : unit.changedBy;

/** Sets (or, for undefined, removes) the unit at `path` in `target`. */
function put(target: Record<string, unknown>, path: Segment[], value: unknown): void {
  let at = target;
  for (let i = 0; i < path.length - 1; i++) {
    const s = path[i]!;
    let next: unknown;
    if (typeof s === "string") {
      if (!isObject(at[s])) at[s] = {};
      next = at[s];
    } else {
      const list = Array.isArray(at[s.list]) ? (at[s.list] as unknown[]) : [];
      next = list.find((x) => isObject(x) && x.id === s.id);
    }
    if (!isObject(next)) return;
    at = next;
  }
  const last = path[path.length - 1]!;
  if (typeof last === "string") {
    if (value === undefined) delete at[last];
    else at[last] = value;
    return;
  }
  const list = Array.isArray(at[last.list]) ? (at[last.list] as unknown[]) : [];
  at[last.list] = list;
  const index = list.findIndex((x) => isObject(x) && x.id === last.id);
  if (value === undefined) {
    if (index >= 0) list.splice(index, 1);
  } else if (index >= 0) list[index] = value;
  else list.push(value);
}

/**
 * Mine, with every unit whose choice (given, or else its default) is "theirs" taken from
 * theirs. A unit changed by both with no choice keeps mine; the conflict view does not offer
 * the merge until each of those is chosen.
 */
export function applyChoices<T>(
  base: unknown,
  mine: T,
  theirs: unknown,
  choices: Record<string, Choice>,
): T {
  const result = structuredClone(mine) as Record<string, unknown>;
  for (const unit of mergeUnits(base, mine, theirs)) {
    if ((choices[unit.key] ?? defaultChoice(unit)) !== "theirs") continue;
    if (unit.order) reorder(result[unit.order.list], unit.theirs as string[]);
    else put(result, unit.path, structuredClone(unit.theirs));
  }
  return result as T;
}
