import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import createGuard, { sessionOf } from "./createGuard.ts";
import type { Store } from "../../store/Store.ts";
import type { Access } from "../../http/routeAccess.ts";

/** A route as registered, with the access it declares (complete once the app is ready). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

export interface RouteAccessOptions {
  store: Store;
  /**
   * `"off-for-tests"`: every route still declares its access, but nothing is refused; a session cookie,
   * when sent, still tells handlers who is signed in. Only tests pass it.
   */
  auth: "on" | "off-for-tests";
  /**
   * The operator's scrape token (`LIFTOFF_METRICS_TOKEN`): `Authorization: Bearer <token>`
   * admits `GET /metrics` without a session, for a scraper such as Prometheus. Unset: only
   * an admin session reads it.
   */
  metricsToken?: string;
}

/** At least 128 bits' worth of characters: a scrape token must not be guessable. */
export const MIN_METRICS_TOKEN = 32;

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether `request` carries the scrape token: compared as digests in constant time, so
 * neither the token's length nor a matching prefix shows in the answer's timing.
 */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([\x21-\x7e]+)$/.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

/**
 * Access by construction: every route declares its access with its handler (`config.access`,
 * http/routeAccess.ts; an app with a route that does not does not start), and one hook
 * applies it to every request before its body is read: 401 without a session, 403 without the role or, on a changing
 * method, without the session's CSRF token.
 */
export default function enforceRouteAccess(
  app: FastifyInstance,
  options: RouteAccessOptions,
): RegisteredRoute[] {
  const { store } = options;
  const routes: RegisteredRoute[] = [];
  const missing: string[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      const access = route.config?.access;
      if (access) routes.push({ method, url: route.url, access });
      else missing.push(`${method} ${route.url}`);
    }
  });
  // Checked once every plugin has registered its routes: `ready()` (and so `listen()`) fails.
  app.addHook("onReady", (done) =>
    done(
      missing.length === 0
        ? undefined
        : new Error(
            `${missing.join(", ")}: no access declared; ` +
              'register each route with `{ config: { access: "viewer" } }` or the role it needs (http/routeAccess.ts).',
          ),
    ),
  );
  const guard = createGuard(store);
  const scrapeToken = options.metricsToken === undefined ? undefined : digest(options.metricsToken);
  app.addHook("onRequest", async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return; // no route: the not-found handler answers
    // Fail closed: a route that somehow declares nothing needs the highest role.
    const access = request.routeOptions.config.access ?? "admin";
    if (access === "public" || access === "sign-in") return;
    if (scrapeToken && url === "/metrics" && bearerMatches(request, scrapeToken)) return;
    if (options.auth === "on") return guard(access)(request);
    request.signed = (await sessionOf(store, request)) ?? null;
  });
  return routes;
}
