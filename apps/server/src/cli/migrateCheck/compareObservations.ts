/**
 * Original vs rebuild on one page, measure by measure. Rules keep their order (the order they
 * fired in is part of the behaviour); requests, console errors and `_satellite` keys are
 * compared as multisets, since requests from different rules may leave in either order.
 */
import type { Observation } from "./observePage.ts";

export interface Measure {
  name: string;
  original: string[];
  rebuild: string[];
  agree: boolean;
  /** The first difference, in words; absent when the two agree. */
  difference?: string;
  /** Differences that are known and explained, so they do not count (`Explained`). */
  explained?: string[];
}

/**
 * Keys the rebuild's `_satellite` may have that the original's lacks, with the reason: APIs a
 * newer turbine or Core added, which Liftoff always has. They change
 * nothing for code written against the older API.
 */
export type Explained = Map<string, string>;

export interface PageComparison {
  page: string;
  measures: Measure[];
  /** Adobe's hosts the stand-in answered on either run (adobeStandIn.ts), when any. */
  standIn?: string[];
}

const quote = (value: string | undefined) => (value === undefined ? "(none)" : `"${value}"`);

function firstOrderedDifference(a: string[], b: string[]): string | undefined {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `#${i + 1}: original ${quote(a[i])}, rebuild ${quote(b[i])}`;
  return undefined;
}

/** What one list holds more often than the other, each value once. */
function surplus(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const value of b) left.set(value, (left.get(value) ?? 0) + 1);
  const extra: string[] = [];
  for (const value of a) {
    const n = left.get(value) ?? 0;
    if (n > 0) left.set(value, n - 1);
    else if (!extra.includes(value)) extra.push(value);
  }
  return extra;
}

function firstSetDifference(a: string[], b: string[]): string | undefined {
  const onlyOriginal = surplus(a, b);
  if (onlyOriginal.length) return `only in original: ${quote(onlyOriginal[0])}`;
  const onlyRebuild = surplus(b, a);
  if (onlyRebuild.length) return `only in rebuild: ${quote(onlyRebuild[0])}`;
  return undefined;
}

function measure(name: string, original: string[], rebuild: string[], ordered: boolean): Measure {
  const difference = ordered
    ? firstOrderedDifference(original, rebuild)
    : firstSetDifference(original, rebuild);
  const sort = (list: string[]) => (ordered ? list : [...list].sort());
  return {
    name,
    original: sort(original),
    rebuild: sort(rebuild),
    agree: difference === undefined,
    ...(difference === undefined ? {} : { difference }),
  };
}

const loaded = (o: Observation) => [
  o.libraryRequests === 0
    ? "library not requested by the page"
    : o.started
      ? "library ran"
      : "library did not start",
];

/** The rebuild's keys less those `explained` accounts for, and the notes saying so. */
function explainKeys(original: string[], rebuild: string[], explained: Explained) {
  const added = rebuild.filter((key) => explained.has(key) && !original.includes(key));
  return {
    keys: rebuild.filter((key) => !added.includes(key)),
    notes: added.map((key) => `rebuild adds "${key}": ${explained.get(key)!}`),
  };
}

export default function compareObservations(
  page: string,
  original: Observation,
  rebuild: Observation,
  explained: Explained = new Map(),
): PageComparison {
  const library = measure("library", loaded(original), loaded(rebuild), true);
  // Two libraries that both failed to run agree on nothing that matters.
  if (library.agree && library.original[0] !== "library ran")
    Object.assign(library, { agree: false, difference: `neither ran: ${library.original[0]}` });
  // A rebuild that still asks Adobe's CDN for a file is not independent of it, whatever the
  // other measures say (offline, both sides may fail the same way and "agree").
  if (library.agree && rebuild.adobeCdn.length)
    Object.assign(library, {
      agree: false,
      difference: `the rebuild still loads ${rebuild.adobeCdn[0]} from Adobe's CDN${rebuild.adobeCdn.length > 1 ? ` (and ${rebuild.adobeCdn.length - 1} more)` : ""}; import the build folder that holds it, or add it to the extension's hosted files`,
    });
  const standIn = [...new Set([...original.standInHosts, ...rebuild.standInHosts])].sort();
  return {
    page,
    ...(standIn.length ? { standIn } : {}),
    measures: [
      library,
      measure("rules fired", original.rules, rebuild.rules, true),
      requests(original.requests, rebuild.requests),
      measure("console errors", original.consoleErrors, rebuild.consoleErrors, false),
      satelliteKeys(original.satelliteKeys, rebuild.satelliteKeys, explained),
    ],
  };
}

function satelliteKeys(original: string[], rebuild: string[], explained: Explained): Measure {
  const { keys, notes } = explainKeys(original, rebuild, explained);
  const result = measure("_satellite keys", original, keys, false);
  return notes.length ? { ...result, rebuild: [...rebuild].sort(), explained: notes } : result;
}

/** An edge request whose path carries a location hint: `host/ee/or2/v1/collect`. */
const HINTED = /^([^/]+\/[^/]+)\/[a-z]{2,4}\d{1,2}(\/v\d+\/[a-z]+)$/;
const EDGE = /^[^/]+\/[^/]+\/v\d+\/(interact|collect)$/;

/**
 * Requests, with one difference explained: a newer Web SDK puts the edge's location hint in
 * the path once the edge has named a cluster (`/ee/or2/v1/collect`), where an older alloy
 * (2.3 and before, as real builds carry) always calls `/ee/v1/collect`. Adobe's edge serves
 * both, so when the original sends edge requests and none with a hint, the rebuild's hinted
 * paths are compared without it.
 */
function requests(original: string[], rebuild: string[]): Measure {
  const unhinted = rebuild.map((r) => r.replace(HINTED, "$1$2"));
  const explains =
    original.some((r) => EDGE.test(r)) &&
    !original.some((r) => HINTED.test(r)) &&
    unhinted.some((r, i) => r !== rebuild[i]);
  if (!explains) return measure("requests", original, rebuild, false);
  const result = measure("requests", original, unhinted, false);
  return {
    ...result,
    rebuild: [...rebuild].sort(),
    explained: [
      "the rebuild's edge requests carry the location hint in their path (/ee/<hint>/v1/…) as a newer Web SDK's do; the original's alloy calls /ee/v1/…, the same endpoint on Adobe's edge",
    ],
  };
}
