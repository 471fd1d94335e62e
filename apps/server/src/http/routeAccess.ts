import type { Role } from "@liftoff/schema";

/**
 * Who may call a route. `public`: anyone (the edge, identity, libraries, the studio's files);
 * `sign-in`: anyone, and the route itself checks what it is sent (POST /api/session: its
 * content type, Origin and the sign-in limiter); a role: a live session of at least that role
 * and, on a method that changes something, the session's CSRF token (features/auth/createGuard.ts).
 */
export type Access = "public" | "sign-in" | Role;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Declared with every route (`{ config: { access: "viewer" } }`), beside its handler:
     * `enforceRouteAccess` refuses to start an app with a route that does not declare it, so
     * no route can be open by accident. docs/api.md lists the roles route by route.
     */
    access?: Access;
  }
}
