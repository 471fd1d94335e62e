import type { FastifyInstance } from "fastify";
import createGuard, { sessionOf } from "../auth/createGuard.ts";
import type { Store } from "../storage/Store.ts";
import routeAccess from "./routeAccess.ts";

export interface RouteAccessOptions {
  store: Store;
  /** The edge's base path with slashes (`/ee/`): everything under it is public. */
  edgeBase: string;
  /**
   * `"off-for-tests"`: the table is still complete, but nothing is refused; a session cookie,
   * when sent, still tells handlers who is signed in. Only tests pass it.
   */
  auth: "on" | "off-for-tests";
}

/**
 * Access by construction: every route must have an entry in ROUTE_ACCESS (an app with a
 * route missing there does not start), and one hook applies the entry to every request
 * before its body is read: 401 without a session, 403 without the role or, on a changing
 * method, without the session's CSRF token.
 */
export default function enforceRouteAccess(app: FastifyInstance, options: RouteAccessOptions) {
  const { store, edgeBase } = options;
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (!routeAccess(method, route.url, edgeBase))
        throw new Error(
          `${method} ${route.url} has no entry in ROUTE_ACCESS (apps/server/src/http/routeAccess.ts); ` +
            "declare who may call it there.",
        );
  });
  const guard = createGuard(store);
  app.addHook("onRequest", async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return; // no route: the not-found handler answers
    // Fail closed: a route the table somehow lacks needs the highest role.
    const access = routeAccess(request.method, url, edgeBase) ?? "admin";
    if (access === "public" || access === "sign-in") return;
    if (options.auth === "on") return guard(access)(request);
    request.signed = (await sessionOf(store, request)) ?? null;
  });
}
