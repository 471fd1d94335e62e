import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { apiProblems } from "./apiProblems.ts";

/**
 * The `revision` the client last saw: in the body, or `?revision=` on DELETE. The route's
 * schema has checked it is a positive integer.
 */
export function revisionOf(request: FastifyRequest): number {
  if (request.method === "DELETE") return Number((request.query as { revision?: string }).revision);
  return Number((request.body as { revision?: number }).revision);
}

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
