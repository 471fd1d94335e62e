/**
 * The pieces destination forms build requests from, each checking what it takes: texts that
 * must be there, http(s) URLs, name/value pairs, the event's time. Settings arrive with their
 * tokens already resolved; secrets are still placeholders and stay so (they are put in only
 * when sending, outbound/secrets.ts).
 */
import type {
  ConsentPurpose,
  DestinationKind,
  ForwardingArc,
  PlannedRequest,
} from "@liftoff/schema";
import { SECRET_OPEN } from "@liftoff/schema";
import { EngineError } from "../EngineError.ts";
import { textOf } from "../tokens.ts";

export type Settings = Record<string, unknown>;

export interface FormContext {
  arc: ForwardingArc;
  /** idempotencyKey.ts: sent as the destination's event id or `Idempotency-Key`. */
  idempotencyKey: string;
  /** The time used when the event and its request say none. */
  now: Date;
}

/** An action module that sends: what it is called, its default consent, its request. */
export interface DestinationForm {
  destination: DestinationKind;
  label: string;
  defaultPurpose: ConsentPurpose;
  build(settings: Settings, context: FormContext): PlannedRequest;
}

/** The field's text, or undefined when it is missing or empty. Objects are refused. */
export function optionalText(settings: Settings, key: string): string | undefined {
  const value = settings[key];
  if (value !== null && typeof value === "object")
    throw new EngineError(
      `${key} must be text, got ${Array.isArray(value) ? "a list" : "an object"}`,
    );
  const text = textOf(value);
  return text === "" ? undefined : text;
}

/** The field's text; missing or empty (a token that resolved to nothing) is an EngineError. */
export function requiredText(settings: Settings, key: string): string {
  const text = optionalText(settings, key);
  if (text === undefined) throw new EngineError(`${key} is empty`);
  return text;
}

const HTTP_URL = /^https?:\/\/[^/?#\s]+/i;

/** An absolute http(s) URL (the outbound checks decide whether its host may be reached). */
export function httpUrl(text: string, key: string): string {
  if (!HTTP_URL.test(text))
    throw new EngineError(`${key} must be an http:// or https:// URL, got ${JSON.stringify(text)}`);
  return text;
}

/** A base URL from `key` or its default, without a trailing slash. */
export function endpointOf(settings: Settings, fallback: string): string {
  return httpUrl(optionalText(settings, "endpoint") ?? fallback, "endpoint").replace(/\/+$/, "");
}

/**
 * `[{name, value}]` settings as pairs, in their order. A pair whose value is one token that
 * resolved to nothing is left out; a pair with no name is an EngineError.
 */
export function pairsOf(settings: Settings, key: string): Array<[string, string]> {
  const list = settings[key];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new EngineError(`${key} must be a list of {name, value}`);
  const pairs: Array<[string, string]> = [];
  list.forEach((entry, i) => {
    const pair = (entry ?? {}) as Settings;
    const name = textOf(pair.name);
    if (name === "") throw new EngineError(`${key}[${i}] has no name`);
    if (pair.value === undefined || pair.value === null) return;
    pairs.push([name, textOf(pair.value)]);
  });
  return pairs;
}

/** Adds a header unless one of that name (any case) is there already. */
export function withHeader(headers: Array<[string, string]>, name: string, value: string) {
  const lower = name.toLowerCase();
  if (!headers.some(([existing]) => existing.toLowerCase() === lower)) headers.push([name, value]);
  return headers;
}

/**
 * When the event happened, in milliseconds: its `xdm.timestamp`, else when the edge received
 * it, else `now`. The same event gives the same time on every retry and replay.
 */
export function eventTimeMs(context: FormContext): number {
  const stamp = context.arc.event.xdm?.timestamp;
  for (const value of [stamp, context.arc.request.receivedAt]) {
    if (typeof value !== "string") continue;
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return ms;
  }
  return context.now.getTime();
}

/**
 * A value an identity field needs hashed (Meta's `em`, LinkedIn's SHA256_EMAIL): a plain
 * address would reach the destination in the clear, so it is refused, not sent.
 */
export function hashedIdentity(value: string, key: string): string {
  if (value.includes("@"))
    throw new EngineError(
      `${key} must be hashed (a SHA-256 data element); a plain e-mail address is not sent`,
    );
  if (value.includes(SECRET_OPEN)) throw new EngineError(`${key} cannot be a secret`);
  return value;
}

/** An object field (custom data, parameters): an object, or JSON text of one; undefined when missing. */
export function objectOf(settings: Settings, key: string): Record<string, unknown> | undefined {
  let value = settings[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      throw new EngineError(`${key} must be an object, got text that is not JSON`);
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new EngineError(`${key} must be an object`);
  return value as Record<string, unknown>;
}
