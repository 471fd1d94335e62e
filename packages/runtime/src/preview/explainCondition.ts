/**
 * What a Core condition compared, in words a person reads (ConditionResult.compared in
 * packages/schema/src/preview.ts): the same left value the module reads from the page, the
 * operator, and what it was compared with. Each case mirrors its module in
 * packages/core/src/lib/conditions (explainCondition.dom.test.ts holds them side by side).
 * Conditions Liftoff cannot explain (custom code) give undefined: only their result shows.
 */
import cookie from "../reactor/cookie.ts";
import { detectClient } from "./detectClient.ts";

type Settings = Record<string, unknown>;
interface Item {
  value?: string;
  valueIsRegex?: boolean;
}
export interface Compared {
  left: unknown;
  operator: string;
  right: unknown;
}

const CONDITION = /^core\/src\/lib\/conditions\/(\w+)\.js$/;
const VISITOR = "com.adobe.reactor.core.visitorTracking.";

/** Core's text lists: one item reads `equals` or `matches regex`; several, `matches one of`. */
function matchItems(left: unknown, items: Item[] | undefined): Compared {
  const list = items || [];
  if (list.length === 1) {
    const item = list[0]!;
    return { left, operator: item.valueIsRegex ? "matches regex" : "equals", right: item.value };
  }
  const right = list.map((item) => (item.valueIsRegex ? `regex ${item.value}` : item.value));
  return { left, operator: "matches one of", right };
}

/** The list setting, or the single `value` older properties carry (Core's legacyItems). */
const legacyItems = (list: unknown, settings: Settings) =>
  (list as Item[] | undefined) || (settings.value == null ? undefined : [settings]);

function windowPath(path: string): unknown {
  let value: unknown = window;
  for (const key of path.split(".")) {
    if (value == null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Core's visitor-tracking counts, read from the storage its helper keeps them in. */
function visitor(kind: "localStorage" | "sessionStorage", key: string): string | null {
  try {
    return window[kind].getItem(VISITOR + key);
  } catch {
    return null;
  }
}
const count = (kind: "localStorage" | "sessionStorage", key: string) =>
  Number(visitor(kind, key)) || 0;

const NUMBER_WORDS: Record<string, string> = {
  ">": "greater than",
  "<": "less than",
  "=": "equals",
};
const numberOperator = (operator: unknown) => NUMBER_WORDS[String(operator)] ?? String(operator);

/** Value Comparison's operators in words. */
export const OPERATOR_WORDS: Record<string, string> = {
  equals: "equals",
  doesNotEqual: "does not equal",
  contains: "contains",
  doesNotContain: "does not contain",
  startsWith: "starts with",
  doesNotStartWith: "does not start with",
  endsWith: "ends with",
  doesNotEndWith: "does not end with",
  matchesRegex: "matches regex",
  doesNotMatchRegex: "does not match regex",
  lessThan: "less than",
  lessThanOrEqual: "less than or equal to",
  greaterThan: "greater than",
  greaterThanOrEqual: "greater than or equal to",
  isTrue: "is true",
  isTruthy: "is truthy",
  isFalse: "is false",
  isFalsy: "is falsy",
};
const UNARY = new Set(["isTrue", "isTruthy", "isFalse", "isFalsy"]);

function valueComparison(settings: Settings): Compared {
  const comparison = (settings.comparison || {}) as {
    operator?: string;
    caseInsensitive?: boolean;
  };
  const name = String(comparison.operator);
  const words = OPERATOR_WORDS[name] ?? name;
  return {
    left: settings.leftOperand,
    operator: comparison.caseInsensitive && !UNARY.has(name) ? `${words} (ignoring case)` : words,
    right: UNARY.has(name) ? undefined : settings.rightOperand,
  };
}

function size(settings: Settings, width: number, height: number): Compared {
  return {
    left: `${width} × ${height}`,
    operator: `width ${numberOperator(settings.widthOperator)}, height ${numberOperator(settings.heightOperator)}`,
    right: `${String(settings.width)} × ${String(settings.height)}`,
  };
}

const visitorLabel = (isNew: boolean) => (isNew ? "new visitor" : "returning visitor");

const explainers: Record<string, (settings: Settings, ruleId: string) => Compared | undefined> = {
  path: (s) => matchItems(location.pathname, s.paths as Item[]),
  pathAndQuerystring: (s) => matchItems(location.pathname + location.search, s.paths as Item[]),
  queryStringParameter: (s) => ({
    ...matchItems(
      new URLSearchParams(location.search).get(String(s.name)),
      legacyItems(s.queryParams, s),
    ),
  }),
  domain: (s) => ({
    left: location.hostname.toLowerCase(),
    operator: "is or is under one of",
    right: s.domains,
  }),
  subdomain: (s) => matchItems(location.hostname, s.subdomains as Item[]),
  protocol: (s) => ({
    left: location.protocol,
    operator: "equals (ignoring case)",
    right: s.protocol,
  }),
  hash: (s) => matchItems(location.hash, s.hashes as Item[]),
  valueComparison,
  cookie: (s) => matchItems(cookie.get(String(s.name)), legacyItems(s.cookieValues, s)),
  variable: (s) => matchItems(windowPath(String(s.name)), legacyItems(s.variableValues, s)),
  landingPage: (s) =>
    matchItems(
      visitor("sessionStorage", "landingPage") ?? "",
      ((s.landingPages || []) as { value?: string; pageIsRegex?: boolean }[]).map((i) => ({
        value: i.value,
        valueIsRegex: i.pageIsRegex,
      })),
    ),
  trafficSource: (s) =>
    matchItems(
      visitor("sessionStorage", "trafficSource") ?? "",
      ((s.trafficSources || []) as { value?: string; sourceIsRegex?: boolean }[]).map((i) => ({
        value: i.value,
        valueIsRegex: i.sourceIsRegex,
      })),
    ),
  browser: (s) => ({ left: detectClient("browser"), operator: "is one of", right: s.browsers }),
  deviceType: (s) => ({
    left: detectClient("device"),
    operator: "is one of",
    right: s.deviceTypes,
  }),
  operatingSystem: (s) => ({
    left: detectClient("os"),
    operator: "is one of",
    right: s.operatingSystems,
  }),
  windowSize: (s) =>
    size(s, document.documentElement.clientWidth, document.documentElement.clientHeight),
  screenResolution: (s) => size(s, screen.width, screen.height),
  sampling: (s, ruleId) => {
    const rate = Number(s.rate);
    if (!s.persistCohort)
      return { left: "a random number in [0, 1)", operator: "less than", right: rate };
    let kept: string | null = null;
    try {
      kept = localStorage.getItem(`com.adobe.reactor.core.sampling.cohorts.${ruleId}.${rate}`);
    } catch {
      // Blocked storage: the module draws anew.
    }
    return {
      left: kept === null ? "a new draw" : `kept cohort: ${kept}`,
      operator: "in the share",
      right: rate,
    };
  },
  pageViews: (s) => ({
    left:
      s.duration === "lifetime"
        ? count("localStorage", "pagesViewed")
        : count("sessionStorage", "pagesViewed"),
    operator: numberOperator(s.operator),
    right: s.count,
  }),
  sessions: (s) => ({
    left: count("localStorage", "sessionCount"),
    operator: numberOperator(s.operator),
    right: s.count,
  }),
  timeOnSite: (s) => ({
    left: Math.floor((Date.now() - count("sessionStorage", "landingTime")) / 60000),
    operator: `minutes ${numberOperator(s.operator)}`,
    right: s.minutes,
  }),
  newReturningVisitor: (s) => ({
    left: visitorLabel(count("localStorage", "sessionCount") === 1),
    operator: "is",
    right: visitorLabel(Boolean(s.isNewVisitor)),
  }),
  dateRange: (s) => ({
    left: new Date().toISOString(),
    operator: "between",
    right: { start: s.start, end: s.end },
  }),
};

export default function explainCondition(
  modulePath: string,
  settings: unknown,
  ruleId: string,
): Compared | undefined {
  const name = CONDITION.exec(modulePath)?.[1];
  const explain = name ? explainers[name] : undefined;
  if (!explain) return undefined;
  try {
    return explain((settings || {}) as Settings, ruleId);
  } catch {
    // A page where the value cannot be read: the result alone shows.
    return undefined;
  }
}
