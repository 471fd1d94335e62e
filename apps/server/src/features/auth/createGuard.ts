import { timingSafeEqual } from "node:crypto";
import type { Role, UserInfo } from "@liftoff/schema";
import type { FastifyRequest } from "fastify";
import { apiProblems } from "../../http/apiProblems.ts";
import parseCookieHeader from "../../http/parseCookieHeader.ts";
import type { SessionRecord } from "./UserRepository.ts";
import type { Store } from "../../store/Store.ts";
import hasRole from "./hasRole.ts";
import { hashToken } from "./sessionTokens.ts";

export const SESSION_COOKIE = "liftoff_session";

export interface Signed {
  user: UserInfo;
  session: SessionRecord;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the access hook; null on public routes. */
    signed: Signed | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(sent: unknown, expected: string): boolean {
  if (typeof sent !== "string") return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session behind the request's cookie, or undefined (no cookie, unknown or expired). */
export async function sessionOf(
  store: Store,
  request: FastifyRequest,
): Promise<Signed | undefined> {
  const token = parseCookieHeader(request.headers.cookie).get(SESSION_COOKIE);
  if (!token) return undefined;
  const found = await store.users.getSession(hashToken(token), new Date());
  if (!found) return undefined;
  const { passwordHash: _hash, ...user } = found.user;
  return { user, session: found.session };
}

/**
 * The check behind every guarded route (http/enforceRouteAccess.ts applies it as the route
 * table says): `guard("editor")` lets a request through only with a live session of at
 * least that role and, for anything but GET/HEAD, the session's CSRF token in
 * `x-csrf-token` (the cookie alone is sent by any page the browser visits; the header is
 * not, so a forged cross-site form or fetch cannot change anything).
 */
export default function createGuard(store: Store) {
  return (role: Role) =>
    async (request: FastifyRequest): Promise<void> => {
      const signed = await sessionOf(store, request);
      if (!signed) throw apiProblems.unauthenticated();
      if (
        !SAFE_METHODS.has(request.method) &&
        !sameToken(request.headers["x-csrf-token"], signed.session.csrfToken)
      )
        throw apiProblems.csrf();
      if (!hasRole(signed.user.role, role)) throw apiProblems.forbidden(role, signed.user.role);
      request.signed = signed;
    };
}
