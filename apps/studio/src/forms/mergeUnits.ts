/**
 * Field-by-field comparison of two versions of one item (mine and theirs, or a revision and
 * the current one), in units a person can choose between: every leaf of nested settings,
 * and every rule component as a whole, matched by its id rather than its place in the list
 * (so adding or moving one component does not make every later one look changed).
 */

type Segment = string | { list: string; id: string };

export interface MergeUnit {
  /** Stable key for React and for choices. */
  key: string;
  /** Readable place: `Name`, `Settings › Path`, `Action AC1`. */
  label: string;
  path: Segment[];
  mine: unknown;
  theirs: unknown;
}

export type Choice = "mine" | "theirs";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isIdList = (v: unknown): v is Array<{ id: string }> =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((x) => isObject(x) && typeof x.id === "string" && x.id !== "");

const SINGULAR: Record<string, string> = {
  events: "Event",
  conditions: "Condition",
  actions: "Action",
};

const words = (key: string) => {
  const spaced = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function labelOf(path: Segment[]): string {
  return path
    .map((s) => (typeof s === "string" ? words(s) : `${SINGULAR[s.list] ?? words(s.list)} ${s.id}`))
    .join(" › ");
}

const keyOf = (path: Segment[]) =>
  path.map((s) => (typeof s === "string" ? s : `${s.list}[${s.id}]`)).join(".");

/** Every unit of `value` by key: leaves, and id'd list items as wholes. */
function unitsOf(value: unknown, path: Segment[], out: Map<string, Segment[]>): void {
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (isIdList(v)) for (const item of v) addUnit([...path, { list: k, id: item.id }], out);
      else if (isObject(v) && Object.keys(v).length > 0) unitsOf(v, [...path, k], out);
      else addUnit([...path, k], out);
    }
  }
}

const addUnit = (path: Segment[], out: Map<string, Segment[]>) => out.set(keyOf(path), path);

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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The units where `mine` and `theirs` differ, in the order they appear. */
export function mergeUnits(mine: unknown, theirs: unknown): MergeUnit[] {
  const paths = new Map<string, Segment[]>();
  unitsOf(mine, [], paths);
  unitsOf(theirs, [], paths);
  const out: MergeUnit[] = [];
  for (const [key, path] of paths) {
    const a = get(mine, path);
    const b = get(theirs, path);
    if (!same(a, b)) out.push({ key, label: labelOf(path), path, mine: a, theirs: b });
  }
  return out;
}

/** Sets (or, for undefined, removes) the unit at `path` in `target`. */
function put(target: Record<string, unknown>, path: Segment[], value: unknown): void {
  let at = target;
  for (let i = 0; i < path.length - 1; i++) {
    const s = path[i]!;
    if (typeof s !== "string") return;
    if (!isObject(at[s])) at[s] = {};
    at = at[s] as Record<string, unknown>;
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

/** Mine, with every unit chosen "theirs" taken from theirs. */
export function applyChoices<T>(mine: T, theirs: unknown, choices: Record<string, Choice>): T {
  const result = structuredClone(mine) as Record<string, unknown>;
  for (const unit of mergeUnits(mine, theirs))
    if (choices[unit.key] === "theirs") put(result, unit.path, unit.theirs);
  return result as T;
}
