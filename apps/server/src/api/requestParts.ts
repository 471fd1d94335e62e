import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { apiProblems } from "./ApiError.ts";

/**
 * The API's JSON body. The app keeps bodies as text (the edge parses its own), so API routes
 * parse here and name the problem instead of failing deep inside a handler.
 */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body;
  if (raw === undefined || raw === null || raw === "")
    throw apiProblems.invalidField("body", "expected a JSON object");
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw apiProblems.invalidField("body", "is not valid JSON");
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw apiProblems.invalidField("body", "expected a JSON object");
  return value as Record<string, unknown>;
}

/** A required object member of the body. */
export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = body[name];
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw apiProblems.invalidField(name, "expected an object");
  return value as Record<string, unknown>;
}

/** A string member; `required: false` allows it to be absent. */
export function stringField(
  body: Record<string, unknown>,
  name: string,
  options: { required?: boolean; max?: number } = {},
): string | undefined {
  const value = body[name];
  if (value === undefined && options.required === false) return undefined;
  const max = options.max ?? 200;
  if (typeof value !== "string" || value.trim() === "" || value.length > max)
    throw apiProblems.invalidField(
      name,
      `expected a non-empty string of at most ${max} characters`,
    );
  return value;
}

/** A positive integer (revision numbers, limits) from a body member or a query parameter. */
export function positiveInteger(value: unknown, name: string): number {
  const n = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1)
    throw apiProblems.invalidField(name, "expected a positive integer");
  return n;
}

/** The `revision` the client last saw: in the body, or `?revision=` on DELETE. */
export function revisionOf(request: FastifyRequest): number {
  if (request.method === "DELETE") return positiveInteger(queryOf(request).revision, "revision");
  return positiveInteger(jsonBody(request).revision, "revision");
}

export const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;
export const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** Launch-style ids: a two-letter kind and 32 hex digits (`RL3f…`, `DE9a…`). */
export const newId = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/**
 * The origin the client used, for absolute library URLs behind any host name. Normalised by
 * URL (default ports dropped); a Host header that is no host name is the client's error.
 */
export function originOf(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw apiProblems.invalidField("host", "the Host header is not a host name");
  }
}
