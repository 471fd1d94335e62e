import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import type { FieldError } from "./HttpError.ts";
import unstorableStrings, { MAX_LISTED } from "./unstorableStrings.ts";
import { apiProblems } from "./apiProblems.ts";

/** Every string a studio API request carries, named as route-schema failures name them. */
function problemsOf(request: FastifyRequest): FieldError[] {
  // URL and query parameters by their names (`pid`, `propertyId`); body fields by their path.
  const found = [
    ...unstorableStrings(request.params, "url"),
    ...unstorableStrings(request.query, "query"),
    ...unstorableStrings(request.body, "body"),
  ];
  return found.slice(0, MAX_LISTED);
}

const refuse: preValidationHookHandler = (request, _reply, done) => {
  const found = problemsOf(request);
  done(found.length > 0 ? apiProblems.invalidBody(found) : undefined);
};

/**
 * One string rule for the whole studio API (docs/api.md, Request validation): a string
 * holding U+0000 or a lone surrogate — in the body (JSON or text), a query or a URL
 * parameter — is refused with 400 `invalid-body` naming each field (at most 10), before
 * the route's schema or handler runs. SQLite would store U+0000 where PostgreSQL answers
 * 500, and a lone surrogate would be stored as U+FFFD; refused here, both stores agree.
 * Registered once on the app: every `/api/` route, in whichever plugin it is declared, gets
 * it as its first preValidation hook (after the body is parsed, before it is validated).
 */
export default function refuseUnstorableStrings(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const own = route.preValidation;
    route.preValidation = own === undefined ? [refuse] : [refuse, ...[own].flat()];
  });
}
