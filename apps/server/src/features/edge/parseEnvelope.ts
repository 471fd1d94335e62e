import { problems } from "../../http/problems.ts";
import { unstorable } from "../../http/unstorableStrings.ts";

export type EdgeAction = "interact" | "collect" | "identity/acquire" | "privacy/set-consent";

export interface EdgeEvent {
  xdm: Record<string, unknown>;
  data?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

export interface StateEntry {
  key: string;
  value: string;
}

/** The request body alloy sends (reference edge-protocol.md §3.2), validated. */
export interface Envelope {
  events: EdgeEvent[];
  xdm?: Record<string, unknown>;
  meta: { state?: { domain?: string; entries: StateEntry[] } };
  query?: Record<string, unknown>;
  consent?: unknown;
  identityMap?: Record<string, unknown>;
}

export interface EnvelopeLimits {
  maxEvents: number;
  maxDepth: number;
  maxStringLength: number;
}

export const defaultEnvelopeLimits: EnvelopeLimits = {
  maxEvents: 100,
  maxDepth: 32,
  maxStringLength: 32 * 1024,
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const invalid = (field: string, expected: string) =>
  problems.invalidField(`${field}: expected ${expected}.`, { field });

const fieldOf = (path: (string | number)[]) =>
  path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p),
    "",
  ) || "body";

// The only ways JSON text can spell U+0000 or a surrogate half (besides the raw character).
const ESCAPED_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Whether some string in the body could be too long or unstorable, judged from its text
 * alone: a body no longer than the string limit, without U+0000 or lone surrogates, and
 * without an escape that could make either, holds only strings that pass. That is almost
 * every body, and then the walk skips its strings (a false alarm only costs the full walk).
 */
const stringsNeedCheck = (raw: string, limits: EnvelopeLimits) =>
  raw.length > limits.maxStringLength || unstorable(raw) || ESCAPED_UNSTORABLE.test(raw);

/** Values `checkValues` must look at; finite numbers, booleans and null need nothing. */
const needsCheck = (v: unknown, strings: boolean) =>
  typeof v === "object" ||
  (strings && typeof v === "string") ||
  (typeof v === "number" && !Number.isFinite(v));

function checkString(value: string, path: (string | number)[], limits: EnvelopeLimits): void {
  if (value.length > limits.maxStringLength)
    throw invalid(fieldOf(path), `a string of at most ${limits.maxStringLength} characters`);
  if (unstorable(value))
    throw invalid(fieldOf(path), "a string without NUL characters or lone surrogates");
}

/**
 * One pass over the parsed body: nesting depth, string length, strings every store can
 * keep (PostgreSQL JSONB rejects U+0000 and lone surrogates, so we refuse them here with the
 * field's path instead of failing at insert time), and numbers a double can hold (JSON.parse
 * reads `1e400` as Infinity, which would be stored as null). This runs on every event of
 * every request, so the path is only turned into text when something is wrong, and strings
 * are visited only when `strings` (stringsNeedCheck) says one of them may fail.
 */
function checkValues(
  value: unknown,
  path: (string | number)[],
  limits: EnvelopeLimits,
  strings: boolean,
): void {
  if (typeof value === "number")
    throw invalid(fieldOf(path), "a number within ±1.7976931348623157e308");
  if (typeof value === "string") return checkString(value, path, limits);
  if (typeof value !== "object" || value === null) return;
  if (path.length >= limits.maxDepth)
    throw invalid(fieldOf(path), `at most ${limits.maxDepth} levels of nesting`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (!needsCheck(item, strings)) continue;
      path.push(i);
      checkValues(item, path, limits, strings);
      path.pop();
    }
    return;
  }
  for (const key in value) {
    if (key.length > 256 || (strings && unstorable(key)))
      throw invalid(
        `${fieldOf(path)} keys`,
        "keys of at most 256 characters without NUL or lone surrogates",
      );
    const item = (value as Json)[key];
    if (!needsCheck(item, strings)) continue;
    path.push(key);
    checkValues(item, path, limits, strings);
    path.pop();
  }
}

function optionalObject(parent: Json, key: string, field: string): Json | undefined {
  const v = parent[key];
  if (v === undefined) return undefined;
  if (!isObject(v)) throw invalid(field, "an object");
  return v;
}

function checkIdentityMap(map: Json, field: string): void {
  for (const [namespace, ids] of Object.entries(map)) {
    if (!Array.isArray(ids)) throw invalid(`${field}.${namespace}`, "an array");
    ids.forEach((item: unknown, i) => {
      if (!isObject(item) || typeof item.id !== "string")
        throw invalid(`${field}.${namespace}[${i}].id`, "a string");
    });
  }
}

/** Parses and validates a body; every problem names the field, so a client can fix it. */
export default function parseEnvelope(
  raw: unknown,
  action: EdgeAction,
  limits: EnvelopeLimits = defaultEnvelopeLimits,
): Envelope {
  if (typeof raw !== "string" || raw.trim() === "")
    throw problems.malformedJson("The request body is empty; expected a JSON object.", {
      field: "body",
    });
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw problems.malformedJson(
      `The request body is not valid JSON (${error instanceof Error ? error.message : "parse error"}).`,
      { field: "body" },
    );
  }
  if (!isObject(body)) throw invalid("body", "a JSON object");

  const events = body.events;
  const needsEvents = action === "interact" || action === "collect";
  if (events === undefined && needsEvents) throw invalid("events", "a non-empty array of events");
  if (events !== undefined && !Array.isArray(events)) throw invalid("events", "an array");
  const list = (events ?? []) as unknown[];
  if (needsEvents && list.length === 0) throw invalid("events", "a non-empty array of events");
  if (list.length > limits.maxEvents)
    throw problems.tooManyEvents(
      `events: ${list.length} events in one request; at most ${limits.maxEvents} are accepted.`,
      { field: "events" },
    );
  checkValues(body, [], limits, stringsNeedCheck(raw, limits));

  const parsed: EdgeEvent[] = list.map((event, i) => {
    const field = `events[${i}]`;
    if (!isObject(event)) throw invalid(field, "an object");
    const xdm = optionalObject(event, "xdm", `${field}.xdm`) ?? {};
    if (xdm.eventType !== undefined && typeof xdm.eventType !== "string")
      throw invalid(`${field}.xdm.eventType`, "a string");
    if (xdm.timestamp !== undefined && typeof xdm.timestamp !== "string")
      throw invalid(`${field}.xdm.timestamp`, "an ISO-8601 string");
    const identityMap = optionalObject(xdm, "identityMap", `${field}.xdm.identityMap`);
    if (identityMap) checkIdentityMap(identityMap, `${field}.xdm.identityMap`);
    const out: EdgeEvent = { xdm };
    const data = optionalObject(event, "data", `${field}.data`);
    if (data) out.data = data;
    const meta = optionalObject(event, "meta", `${field}.meta`);
    if (meta) out.meta = meta;
    const query = optionalObject(event, "query", `${field}.query`);
    if (query) out.query = query;
    return out;
  });

  const meta = optionalObject(body, "meta", "meta") ?? {};
  const state = optionalObject(meta, "state", "meta.state");
  const envelope: Envelope = { events: parsed, meta: {} };
  if (state) {
    if (state.domain !== undefined && typeof state.domain !== "string")
      throw invalid("meta.state.domain", "a string");
    if (state.entries !== undefined && !Array.isArray(state.entries))
      throw invalid("meta.state.entries", "an array");
    const entries = ((state.entries ?? []) as unknown[]).map((e, i) => {
      if (!isObject(e) || typeof e.key !== "string" || typeof e.value !== "string")
        throw invalid(`meta.state.entries[${i}]`, "an object with string key and value");
      return { key: e.key, value: e.value };
    });
    envelope.meta.state = {
      entries,
      ...(state.domain !== undefined ? { domain: state.domain } : {}),
    };
  }
  const xdm = optionalObject(body, "xdm", "xdm");
  if (xdm) {
    const identityMap = optionalObject(xdm, "identityMap", "xdm.identityMap");
    if (identityMap) checkIdentityMap(identityMap, "xdm.identityMap");
    envelope.xdm = xdm;
  }
  const query = optionalObject(body, "query", "query");
  if (query) envelope.query = query;
  const identityMap = optionalObject(body, "identityMap", "identityMap");
  if (identityMap) {
    checkIdentityMap(identityMap, "identityMap");
    envelope.identityMap = identityMap;
  }
  if (action === "privacy/set-consent") envelope.consent = body.consent;
  return envelope;
}
