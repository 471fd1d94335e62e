/**
 * Shared-variable leaks: warnings, never build blockers (validateProperty.ts keeps those).
 *
 * A Web SDK Variable data element holds one object per page that rules fill with the
 * update-variable action and send with an action reading `%variable%`. The action
 * (packages/web-sdk/src/extension/actions/updateVariable.ts) first deletes each dot path in
 * `transforms` whose entry has `clear: true` (deletePath.ts: the field and everything under
 * it), then deep-merges `data` into what is left (mergeDeep.ts: objects merge key by key,
 * anything else replaces, `undefined` is skipped). So a field one rule sets stays in the
 * object, and goes out again with the next rule's event, unless that rule clears it (or a
 * parent) or sets it (or a parent) itself. That is how an event gets counted under the wrong
 * interaction name or eVar.
 *
 * For each Variable data element this finds the rules that update it and the rules whose
 * actions read it through a `%token%` (the sends), and reports, for each updating rule A,
 * the fields A sets that a reading rule B neither sets nor clears before its read. Rules
 * with the same leaked fields are reported together. What a rule sets is known when `data`
 * is an object or a whole `%token%` naming an XDM object data element (tokens inside are
 * followed the same way); a rule whose data comes from anything else (custom code) is left
 * out, since its fields cannot be named. A field set from a token counts as set, although a
 * token that resolves to undefined leaves the earlier value in place.
 */
import { isPlainObject, type PropertyDocument, type PropertyProblem } from "@liftoff/schema";
import { functionSettings } from "./checkModule.ts";
import { componentWhere, join } from "./describePlace.ts";
import { findTokens } from "./findTokens.ts";

const UPDATE_VARIABLE = "web-sdk/src/lib/actions/updateVariable.js";
const VARIABLE = "web-sdk/src/lib/dataElements/variable.js";
const XDM_OBJECT = "web-sdk/src/lib/dataElements/xdmObject.js";
const WHOLE_TOKEN = /^%([^%\n]+)%$/;

/** What one rule does to one variable: the leaf fields it sets and the paths it clears. */
interface Effect {
  rule: number;
  /** Path of the rule's first update of the variable, where the warning points. */
  at: number;
  sets: Set<string>;
  /** Fields set or cleared before the rule's first read of the variable (undefined: no read). */
  handledBeforeRead?: string[];
}

type Settings = Record<string, unknown>;

/** The store key an update-variable action writes (updateVariable.ts: cache id, else id). */
const updateKey = (settings: Settings) => {
  const key = settings.dataElementCacheId ?? settings.dataElementId;
  return typeof key === "string" && key ? key : undefined;
};

/** The keys the Variable data element reads (variable.ts: cache id, id, then name). */
const variableKeys = (settings: Settings) =>
  [settings.dataElementCacheId, settings.dataElementId, settings.dataElementName].filter(
    (key): key is string => typeof key === "string" && key !== "",
  );

type Element = PropertyDocument["dataElements"][number];
type ByName = ReadonlyMap<string, Element>;

/** Leaf field paths of `data`, tokens of XDM object data elements followed; undefined: unknown. */
function leavesOf(data: unknown, byName: ByName, prefix = "", depth = 0): string[] | undefined {
  if (data === undefined) return [];
  const token = typeof data === "string" ? WHOLE_TOKEN.exec(data) : null;
  if (token && depth < 10) {
    const element = byName.get(token[1]!);
    if (element?.modulePath === XDM_OBJECT)
      return leavesOf(element.settings?.data, byName, prefix, depth + 1);
  }
  if (isPlainObject(data)) {
    const out: string[] = [];
    for (const [key, value] of Object.entries(data)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const inner = leavesOf(value, byName, path, depth);
      if (!inner) return undefined;
      out.push(...inner);
    }
    return out;
  }
  // A non-object at the top is not merged (updateVariable.ts warns); inside, it is a value.
  if (!prefix) return token ? undefined : [];
  return [prefix];
}

const clearedPaths = (settings: Settings) =>
  Object.entries(isPlainObject(settings.transforms) ? settings.transforms : {})
    .filter(([, transform]) => isPlainObject(transform) && transform.clear === true)
    .map(([path]) => path);

const under = (path: string, parent: string) => path === parent || path.startsWith(`${parent}.`);

/** One enabled rule's actions as the check reads them, prepared once for every variable. */
interface PreparedRule {
  rule: number;
  actions: Array<{ update?: string; settings: Settings; reads: Set<string> }>;
}

function prepare(doc: PropertyDocument): PreparedRule[] {
  const prepared: PreparedRule[] = [];
  doc.rules.forEach((rule, r) => {
    if (rule.enabled === false) return;
    prepared.push({
      rule: r,
      actions: rule.actions.map((action) => {
        const settings = action.settings ?? {};
        if (action.modulePath === UPDATE_VARIABLE) {
          const update = updateKey(settings);
          return { ...(update ? { update } : {}), settings, reads: new Set<string>() };
        }
        const uses = findTokens(settings, "", functionSettings(action.modulePath, ""));
        return { settings, reads: new Set(uses.map((use) => use.name)) };
      }),
    });
  });
  return prepared;
}

/** What a rule does to the variable read under `name` and stored under `keys`. */
function effectOf(
  rule: PreparedRule,
  byName: ByName,
  keys: Set<string>,
  name: string,
): Effect | "unknown" | undefined {
  let sets = new Set<string>();
  const handled: string[] = [];
  let at: number | undefined;
  let handledBeforeRead: string[] | undefined;
  for (const [a, action] of rule.actions.entries()) {
    if (action.update !== undefined) {
      if (!keys.has(action.update)) continue;
      const leaves = leavesOf(action.settings.data, byName);
      if (!leaves) return "unknown";
      at ??= a;
      const cleared = clearedPaths(action.settings);
      sets = new Set([...sets].filter((s) => !cleared.some((c) => under(s, c))));
      for (const leaf of leaves) sets.add(leaf);
      handled.push(...cleared, ...leaves);
    } else if (handledBeforeRead === undefined && action.reads.has(name))
      handledBeforeRead = [...handled];
  }
  if (at === undefined && handledBeforeRead === undefined) return undefined;
  return { rule: rule.rule, at: at ?? 0, sets, handledBeforeRead };
}

/** Shortest prefix of `leaf` under which `handled` has nothing: the leaked field, named once. */
function leakedField(leaf: string, handled: string[]): string | undefined {
  if (handled.some((h) => under(leaf, h))) return undefined;
  const parts = leaf.split(".");
  for (let n = 1; n <= parts.length; n++) {
    const prefix = parts.slice(0, n).join(".");
    if (!handled.some((h) => under(h, prefix))) return prefix;
  }
  return leaf;
}

/** `a.b.c, a.b.d, e` → `a.b.{c, d}, e`: siblings named once. */
function describeFields(fields: string[]): string {
  const byParent = new Map<string, string[]>();
  for (const field of fields) {
    const dot = field.lastIndexOf(".");
    const parent = dot < 0 ? "" : field.slice(0, dot);
    byParent.set(parent, [...(byParent.get(parent) ?? []), field.slice(dot + 1)]);
  }
  return [...byParent]
    .map(([parent, names]) => {
      if (!parent) return names.join(", ");
      return names.length === 1 ? `${parent}.${names[0]}` : `${parent}.{${names.join(", ")}}`;
    })
    .join(", ");
}

// Readers named in one warning; more are counted (a property of thousands of rules can have
// hundreds reading one variable).
const NAMED_READERS = 5;

const quoted = (names: string[], count: number) => {
  const list = names.map((n) => JSON.stringify(n));
  if (count > list.length) return `${list.join(", ")} and ${count - list.length} other rules`;
  return list.length === 1 ? list[0]! : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};

/** Readers that handle the same fields before their read, found once per such set. */
interface ReaderGroup {
  handled: string[];
  rules: number[];
}

/** The prepared rules, and which of them update a store key or read a token name. */
interface Index {
  updating: Map<string, Set<PreparedRule>>;
  reading: Map<string, Set<PreparedRule>>;
}

function indexOf(rules: PreparedRule[]): Index {
  const index: Index = { updating: new Map(), reading: new Map() };
  const add = (map: Map<string, Set<PreparedRule>>, key: string, rule: PreparedRule) =>
    map.set(key, (map.get(key) ?? new Set()).add(rule));
  for (const rule of rules)
    for (const action of rule.actions) {
      if (action.update !== undefined) add(index.updating, action.update, rule);
      for (const name of action.reads) add(index.reading, name, rule);
    }
  return index;
}

function warningsFor(doc: PropertyDocument, index: Index, byName: ByName, element: Element) {
  // A leak needs a rule that reads the variable: without one there is nothing to warn about,
  // and only the rules that update or read it are looked at.
  const readers = index.reading.get(element.name);
  if (!readers) return [];
  const keys = new Set(variableKeys(element.settings ?? {}));
  const involved = new Set(readers);
  for (const key of keys) for (const rule of index.updating.get(key) ?? []) involved.add(rule);
  const effects: Effect[] = [];
  for (const rule of [...involved].sort((a, b) => a.rule - b.rule)) {
    const effect = effectOf(rule, byName, keys, element.name);
    if (effect && effect !== "unknown") effects.push(effect);
  }
  // Rules copied from one another read alike: each distinct set is compared once per setter,
  // so the check grows with setters × distinct readers, not setters × readers.
  const groupsOfReaders = new Map<string, ReaderGroup>();
  for (const reader of effects) {
    if (!reader.handledBeforeRead) continue;
    const key = [...new Set(reader.handledBeforeRead)].sort().join("\n");
    const group = groupsOfReaders.get(key) ?? { handled: reader.handledBeforeRead, rules: [] };
    group.rules.push(reader.rule);
    groupsOfReaders.set(key, group);
  }
  const fieldsOf = new Map<string, string>();
  const warnings: PropertyProblem[] = [];
  for (const setter of effects) {
    if (setter.sets.size === 0) continue;
    const setsKey = [...setter.sets].join("\n");
    const groups = new Map<string, { names: string[]; count: number }>();
    for (const [readerKey, group] of groupsOfReaders) {
      const others = group.rules.filter((r) => r !== setter.rule);
      if (others.length === 0) continue;
      const pair = `${setsKey}\u0000${readerKey}`;
      let fields = fieldsOf.get(pair);
      if (fields === undefined) {
        const leaked = [
          ...new Set([...setter.sets].flatMap((leaf) => leakedField(leaf, group.handled) ?? [])),
        ];
        fields = leaked.length === 0 ? "" : describeFields(leaked);
        fieldsOf.set(pair, fields);
      }
      if (!fields) continue;
      const entry = groups.get(fields) ?? { names: [], count: 0 };
      for (const r of others)
        if (entry.names.length < NAMED_READERS) entry.names.push(doc.rules[r]!.name);
      entry.count += others.length;
      groups.set(fields, entry);
    }
    const name = doc.rules[setter.rule]!.name;
    for (const [fields, { names, count }] of groups) {
      const one = count === 1;
      warnings.push({
        path: join(join(join("rules", setter.rule), "actions"), setter.at),
        where: componentWhere(name, "actions", setter.at),
        message:
          `Variable ${JSON.stringify(element.name)}: ${JSON.stringify(name)} sets ${fields} ` +
          `that ${quoted(names, count)} neither ${one ? "sets nor clears" : "set nor clear"}; ` +
          `these values would be sent again with ${one ? "that rule's event" : "those rules' events"}. ` +
          `Clear them in the update-variable action of ${one ? "that rule" : "those rules"}, or set them there.`,
        severity: "warning",
      });
    }
  }
  return warnings;
}

/** Fields that can leak from one rule's event into another's through a shared Variable. */
export default function checkVariableLeaks(doc: PropertyDocument): PropertyProblem[] {
  const variables = doc.dataElements.filter((element) => element.modulePath === VARIABLE);
  if (variables.length === 0) return [];
  const byName = new Map<string, Element>();
  // The first of a name wins, as the runtime resolves a token.
  for (const element of doc.dataElements)
    if (!byName.has(element.name)) byName.set(element.name, element);
  const index = indexOf(prepare(doc));
  return variables.flatMap((element) => warningsFor(doc, index, byName, element));
}
