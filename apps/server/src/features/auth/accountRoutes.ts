import { randomUUID } from "node:crypto";
import { ROLES, type Role, type SessionInfo, type UserInfo } from "@liftoff/schema";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, sessionOf } from "./createGuard.ts";
import type { Attempt, LoginLimiter } from "./LoginLimiter.ts";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { hashToken, newToken } from "./sessionTokens.ts";
import { HttpError } from "../../http/HttpError.ts";
import { problems } from "../../http/problems.ts";
import type { UserRecord } from "./UserRepository.ts";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { text } from "../../http/apiSchemas.ts";
import { originOf, paramsOf } from "../../http/requestParts.ts";

export const SESSION_HOURS = 12;

const username = {
  type: "string",
  pattern: "^[A-Za-z0-9._@-]{1,64}$",
  description: "expected letters, digits, . _ @ - (at most 64)",
} as const;
const password = {
  type: "string",
  minLength: 10,
  maxLength: 200,
  description: "expected 10 to 200 characters",
} as const;
const role = { type: "string", enum: [...ROLES] } as const;

// Sign-in takes any non-blank name and password (an account made before a rule changed must
// still sign in); new accounts and new passwords meet the rules above.
const signInBody = {
  type: "object",
  required: ["username", "password"],
  properties: { username: text(64), password: text(200) },
} as const;
const newUserBody = {
  type: "object",
  required: ["username", "password", "role"],
  properties: { username, password, role },
} as const;
const userPatch = { type: "object", properties: { password, role } } as const;

const publicUser = ({ passwordHash: _hash, ...user }: UserRecord): UserInfo => user;

/** The session cookie; `Secure` only over https, so a plain-http local install can sign in. */
export function sessionCookie(secure: boolean, value: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

const cookie = (request: FastifyRequest, value: string, maxAge: number) =>
  sessionCookie(request.protocol === "https", value, maxAge);

/**
 * Login CSRF: another site could post a form (text/plain, no preflight) that signs the
 * browser in to an account of the attacker's. Sign-in takes only JSON, which a form cannot
 * send cross-site without a CORS preflight, and a browser's `Origin`, when sent, must be this
 * server's own origin as the request reached it (scheme, host, port; behind a proxy, what
 * `trustProxy` lets X-Forwarded-Proto/Host say).
 */
function checkSignInRequest(request: FastifyRequest): void {
  const type = request.headers["content-type"] ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw problems.unsupportedMediaType("Sign in with an application/json body.", {
      field: "content-type",
    });
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== originOf(request))
    throw new HttpError(
      403,
      "urn:liftoff:errors:api:foreign-origin",
      "Sign-in from another site",
      `Origin ${origin} is not this server (${originOf(request)}); sign in from the studio.`,
      { field: "origin" },
    );
}

/** `checkSignInRequest` as a route hook: its refusal goes to the error mapper. */
function signInRequestHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  try {
    checkSignInRequest(request);
    done();
  } catch (error) {
    done(error as Error);
  }
}

/** Sign-in, sign-out, the current session, and user administration. */
export default function accountRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  limiter: LoginLimiter,
): void {
  const { store } = ctx;

  app.post<{ Body: { username: string; password: string } }>(
    "/api/session",
    // The content type and Origin are checked before the body is validated: a form post from
    // another site gets 415/403, not a field error.
    {
      config: { access: "sign-in" },
      preValidation: signInRequestHook,
      schema: { body: signInBody },
    },
    async (request, reply: FastifyReply): Promise<SessionInfo> => {
      const { username, password } = request.body;
      const attempt: Attempt = { account: username.toLowerCase(), address: request.ip };
      const wait = await limiter.retryAfter(attempt);
      if (wait > 0) throw apiProblems.tooManyAttempts(wait);
      const user = await store.users.getByName(username);
      // The decoy keeps the time of a sign-in for an unknown name equal to a wrong password.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
      if (!user || !ok) {
        await limiter.fail(attempt);
        await store.audit.append({
          user: username,
          action: "session.fail",
          detail: { ip: request.ip },
        });
        throw apiProblems.badCredentials();
      }
      await limiter.succeed(attempt);
      const token = newToken();
      const now = new Date();
      const session = {
        tokenHash: hashToken(token),
        userId: user.id,
        csrfToken: newToken(),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
      };
      await store.users.createSession(session);
      await store.audit.append({
        user: user.username,
        action: "session.create",
        detail: { ip: request.ip },
      });
      reply.header("set-cookie", cookie(request, token, SESSION_HOURS * 3600));
      return { user: publicUser(user), csrfToken: session.csrfToken };
    },
  );

  app.get(
    "/api/session",
    { config: { access: "viewer" } },
    async (request): Promise<SessionInfo> => {
      const signed = await sessionOf(store, request);
      if (!signed) throw apiProblems.unauthenticated("No session: sign in with POST /api/session.");
      return { user: signed.user, csrfToken: signed.session.csrfToken };
    },
  );

  app.delete("/api/session", { config: { access: "viewer" } }, async (request, reply) => {
    await store.users.deleteSession(request.signed!.session.tokenHash);
    await store.audit.append({ user: userOf(request), action: "session.delete" });
    return reply
      .header("set-cookie", cookie(request, "", 0))
      .code(204)
      .send();
  });

  app.get("/api/users", { config: { access: "admin" } }, async () =>
    (await store.users.list()).map(publicUser),
  );

  app.post<{ Body: { username: string; password: string; role: Role } }>(
    "/api/users",
    { config: { access: "admin" }, schema: { body: newUserBody } },
    async (request, reply) => {
      const { username, password, role } = request.body;
      const user: UserRecord = {
        id: randomUUID(),
        username,
        role,
        createdAt: new Date().toISOString(),
        passwordHash: await hashPassword(password),
      };
      if (!(await store.users.create(user)))
        throw apiProblems.conflict(`User "${username}" already exists.`);
      await store.audit.append({
        user: userOf(request),
        action: "user.create",
        target: username,
        detail: { role: user.role },
      });
      return reply.code(201).send(publicUser(user));
    },
  );

  app.patch<{ Body: { role?: Role; password?: string } }>(
    "/api/users/:id",
    { config: { access: "admin" }, schema: { body: userPatch } },
    async (request) => {
      const { id } = paramsOf(request);
      const { role, password } = request.body;
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const target = await store.users.get(id!);
      if (!target) throw apiProblems.notFound(`User "${id}"`);
      if (role && role !== "admin" && target.role === "admin") await keepOneAdmin(ctx, id!);
      await store.users.update(id!, {
        ...(role ? { role } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      await store.audit.append({
        user: userOf(request),
        action: "user.update",
        target: target.username,
        detail: { ...(role ? { role } : {}), ...(passwordHash ? { password: "changed" } : {}) },
      });
      return publicUser({ ...target, ...(role ? { role } : {}) });
    },
  );

  app.delete("/api/users/:id", { config: { access: "admin" } }, async (request, reply) => {
    const { id } = paramsOf(request);
    const target = await store.users.get(id!);
    if (!target) throw apiProblems.notFound(`User "${id}"`);
    if (target.role === "admin") await keepOneAdmin(ctx, id!);
    await store.users.remove(id!);
    await store.audit.append({
      user: userOf(request),
      action: "user.delete",
      target: target.username,
    });
    return reply.code(204).send();
  });
}

/** Nobody could administer users any more if the last admin lost the role. */
async function keepOneAdmin(ctx: ApiContext, leaving: string): Promise<void> {
  const admins = (await ctx.store.users.list()).filter(
    (u) => u.role === "admin" && u.id !== leaving,
  );
  if (admins.length === 0)
    throw apiProblems.conflict("This is the last admin; make another user admin first.");
}
