import type { Role } from "@liftoff/schema";

/**
 * Who may call a route. `public`: anyone (the edge, identity, libraries, the studio's files);
 * `sign-in`: anyone, and the route itself checks what it is sent (POST /api/session: its
 * content type, Origin and the sign-in limiter); a role: a live session of at least that role
 * and, on a method that changes something, the session's CSRF token (auth/createGuard.ts).
 */
export type Access = "public" | "sign-in" | Role;

const P = "/api/properties/:pid";
const L = `${P}/libraries/:lid`;
const R = `${P}/resources/:kind/:id`;

/**
 * Every route of the server and its access, by method and Fastify route pattern (HEAD goes
 * with GET). This is the one place access is declared: `enforceRouteAccess` refuses to start
 * an app with a route missing here, so no route can be open by accident. docs/api.md lists
 * the roles route by route.
 */
export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  "GET /": "public",
  "GET /healthz": "public",
  // Counters of refused requests by route and reason: an operator's view, not the public's.
  "GET /metrics": "admin",
  "GET /readyz": "public",
  "GET /studio": "public",
  "GET /studio/*": "public",
  "GET /id": "public",
  "GET /optOutStatus": "public",
  "GET /dest5.html": "public",
  "GET /libs/allowed-hosts.json": "public",
  "GET /libs/:propertyId/:environmentId/:fileName": "public",
  "GET /libs/:propertyId/:environmentId/hosted/:extension/*": "public",
  "GET /libs/:propertyId/:environmentId/:previewFolder/hosted/:extension/*": "public",
  "POST /preview/:id/trace": "public",
  "OPTIONS /preview/:id/trace": "public",

  "POST /api/session": "sign-in",
  "GET /api/session": "viewer",
  "DELETE /api/session": "viewer",
  "GET /api/users": "admin",
  "POST /api/users": "admin",
  "PATCH /api/users/:id": "admin",
  "DELETE /api/users/:id": "admin",

  "GET /api/events": "viewer",
  "GET /api/live": "viewer",
  "GET /api/reports": "viewer",
  "GET /api/reports/:report": "viewer",
  "GET /api/datastreams": "viewer",
  "GET /api/datastreams/:id": "viewer",
  "PUT /api/datastreams/:id/allowed-origins": "admin",
  "GET /api/extensions": "viewer",
  "GET /api/audit": "viewer",

  "GET /api/properties": "viewer",
  "POST /api/properties": "editor",
  "POST /api/properties/import": "editor",
  [`GET ${P}`]: "viewer",
  [`PUT ${P}/settings`]: "editor",
  [`GET ${P}/validation`]: "viewer",
  [`GET ${P}/changes`]: "viewer",
  // Saying which item a tab has open is no edit: anyone who may read the property may.
  [`PUT ${P}/presence`]: "viewer",
  [`GET ${P}/revisions`]: "viewer",
  [`GET ${P}/revisions/:n`]: "viewer",
  [`GET ${P}/diff`]: "viewer",
  [`GET ${P}/export`]: "viewer",
  // Whoever reads reports saves their own; only the creator or an admin renames or deletes
  // one, which the route checks (reports/savedReportRoutes.ts).
  [`GET ${P}/saved-reports`]: "viewer",
  [`POST ${P}/saved-reports`]: "viewer",
  [`GET ${P}/saved-reports/:id`]: "viewer",
  [`PUT ${P}/saved-reports/:id`]: "viewer",
  [`DELETE ${P}/saved-reports/:id`]: "viewer",
  [`PUT ${P}/extensions/:name`]: "editor",
  [`DELETE ${P}/extensions/:name`]: "editor",
  [`POST ${P}/data-elements`]: "editor",
  [`PUT ${P}/data-elements/:id`]: "editor",
  [`DELETE ${P}/data-elements/:id`]: "editor",
  [`POST ${P}/rules`]: "editor",
  [`PUT ${P}/rules/:id`]: "editor",
  [`DELETE ${P}/rules/:id`]: "editor",
  [`POST ${P}/rules/:id/components`]: "editor",
  [`PUT ${P}/rules/:id/components/:cid`]: "editor",
  [`DELETE ${P}/rules/:id/components/:cid`]: "editor",
  [`GET ${R}/revisions`]: "viewer",
  [`GET ${R}/revisions/:n`]: "viewer",
  [`POST ${R}/restore`]: "editor",
  [`POST ${R}/copy`]: "editor",
  [`POST ${P}/bulk`]: "editor",

  [`GET ${P}/environments`]: "viewer",
  [`POST ${P}/environments`]: "admin",
  [`DELETE ${P}/environments/:id`]: "admin",
  [`POST ${P}/previews`]: "editor",
  [`GET ${P}/previews`]: "viewer",
  "GET /api/previews/:id": "viewer",
  "DELETE /api/previews/:id": "editor",
  "GET /api/previews/:id/stream": "viewer",
  [`GET ${P}/libraries`]: "viewer",
  [`POST ${P}/libraries`]: "editor",
  [`GET ${L}`]: "viewer",
  [`PATCH ${L}`]: "editor",
  [`DELETE ${L}`]: "editor",
  [`POST ${L}/resources`]: "editor",
  [`DELETE ${L}/resources/:kind/:id`]: "editor",
  [`POST ${L}/build`]: "editor",
  [`POST ${L}/submit`]: "editor",
  [`POST ${L}/reject`]: "approver",
  [`POST ${L}/approve`]: "approver",
  [`POST ${L}/publish`]: "approver",
  [`POST ${L}/republish`]: "approver",
};

/**
 * The access of a route: its entry in ROUTE_ACCESS, or `public` for anything under the
 * edge's base path (`/ee/…`: alloy's endpoints and their preflight, which answer any page
 * a datastream allows). Undefined: the route has no entry.
 */
export default function routeAccess(
  method: string,
  url: string,
  edgeBase: string,
): Access | undefined {
  if (url.startsWith(edgeBase)) return "public";
  return ROUTE_ACCESS[`${method === "HEAD" ? "GET" : method} ${url}`];
}
