/**
 * The studio API (`/api/...` on `liftoff serve`): request and response shapes shared by the
 * server and the studio. JSON in and out; errors are problem+json (`ApiProblem`).
 *
 * Sessions: `POST /api/session` sets an httpOnly cookie `liftoff_session`; every request
 * that changes something must send the session's CSRF token in `x-csrf-token`.
 * Roles are cumulative: viewer < editor < approver < admin. The API enforces them.
 *
 * Optimistic locking: every change to a property carries the `revision` the client last
 * saw; when the property has moved on, the answer is 409 with `currentRevision`.
 *
 * Status codes (docs/api.md has every route's errors): POSTs that create something answer
 * 201 (users, properties, import, data elements, rules, components, environments,
 * libraries); the library steps and `POST /api/session` answer 200; DELETEs of users,
 * environments and the session answer 204. 400 names the field (`field`, `errors[].path`),
 * 401 means no session, 403 a missing role or CSRF token, 422 a build refused or failed.
 * Components: `kind` is `events`, `conditions` or `actions`.
 *
 * Routes (`:pid` property id, `:id` resource id, `:lid` library id):
 *   POST   /api/session                      {username, password} → SessionInfo
 *   GET    /api/session                      → SessionInfo (401 when signed out)
 *   DELETE /api/session                      → 204
 *   GET    /api/users                        (admin) → UserInfo[]
 *   POST   /api/users                        (admin) {username, password, role} → UserInfo
 *   PATCH  /api/users/:id                    (admin) {role?, password?} → UserInfo
 *   DELETE /api/users/:id                    (admin) → 204
 *   GET    /api/extensions                   → ExtensionManifest[] (the catalog, for forms)
 *   GET    /api/properties                   → PropertySummary[]
 *   POST   /api/properties                   (editor) {name, orgId, domains} → PropertyState
 *   GET    /api/properties/:pid              → PropertyState
 *   PUT    /api/properties/:pid/settings     (editor) {revision, name?, settings?, company?} → PropertyState
 *   PUT    /api/properties/:pid/extensions/:name  (editor) {revision, extension} → PropertyState
 *   DELETE /api/properties/:pid/extensions/:name?revision=N  (editor) → PropertyState
 *   POST   /api/properties/:pid/data-elements      (editor) {revision, dataElement (id optional)} → PropertyState
 *   PUT    /api/properties/:pid/data-elements/:id  (editor) {revision, dataElement} → PropertyState
 *   DELETE /api/properties/:pid/data-elements/:id?revision=N (editor) → PropertyState
 *   POST   /api/properties/:pid/rules              (editor) {revision, rule (ids optional)} → PropertyState
 *   PUT    /api/properties/:pid/rules/:id          (editor) {revision, rule} → PropertyState
 *   DELETE /api/properties/:pid/rules/:id?revision=N (editor) → PropertyState
 *   POST   /api/properties/:pid/rules/:id/components        (editor) {revision, kind, component, index?} → PropertyState
 *   PUT    /api/properties/:pid/rules/:id/components/:cid   (editor) {revision, component} → PropertyState
 *   DELETE /api/properties/:pid/rules/:id/components/:cid?revision=N (editor) → PropertyState
 *   GET    /api/properties/:pid/validation   → {revision, problems: PropertyProblem[]}
 *   GET    /api/properties/:pid/revisions    → RevisionInfo[] (newest first)
 *   GET    /api/properties/:pid/revisions/:n → PropertyState (that revision)
 *   GET    /api/properties/:pid/diff?from=a&to=b → PropertyDiff
 *   GET    /api/properties/:pid/export       → PropertyDocument (?format=launch[&environmentId=…] → Launch container JSON; default production)
 *   POST   /api/properties/import            (editor) Launch container JSON, library file text (text/plain), or PropertyDocument → ImportResult
 *   GET    /api/properties/:pid/environments → EnvironmentInfo[]
 *   POST   /api/properties/:pid/environments (admin) {revision, name} → EnvironmentInfo (a development environment)
 *   DELETE /api/properties/:pid/environments/:id?revision=N (admin) → 204
 *   GET    /api/properties/:pid/libraries    → LibraryInfo[]
 *   POST   /api/properties/:pid/libraries    (editor) {name, environmentId, revision?} → LibraryInfo
 *   GET    /api/properties/:pid/libraries/:lid → LibraryInfo
 *   POST   /api/properties/:pid/libraries/:lid/build    (editor) → LibraryInfo (built to its development environment)
 *   POST   /api/properties/:pid/libraries/:lid/submit   (editor) → LibraryInfo (built to staging)
 *   POST   /api/properties/:pid/libraries/:lid/reject   (approver) → LibraryInfo
 *   POST   /api/properties/:pid/libraries/:lid/approve  (approver) → LibraryInfo
 *   POST   /api/properties/:pid/libraries/:lid/publish  (approver) → LibraryInfo (production, atomic)
 *   POST   /api/properties/:pid/libraries/:lid/republish (approver) → LibraryInfo (rollback to this published library)
 *   GET    /api/audit?propertyId=&limit=&before= → AuditEntry[]
 *   GET    /api/events?propertyId=&environmentId=&ecid=&limit= → {events: StoredEventInfo[]}
 *   GET    /api/live?propertyId=&environmentId=  → text/event-stream (existing)
 *   GET    /api/reports/:report?propertyId=&environmentId=&from=&to= → ReportResult
 */
import type { Stage } from "./container.ts";
import type { PropertyDocument, PropertyProblem } from "./property.ts";

export type Role = "viewer" | "editor" | "approver" | "admin";
export const ROLES: readonly Role[] = ["viewer", "editor", "approver", "admin"];

export interface UserInfo {
  id: string;
  username: string;
  role: Role;
  createdAt: string;
}

export interface SessionInfo {
  user: UserInfo;
  csrfToken: string;
}

export interface ApiProblem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  /** Field-level errors, each naming its place in the request body. */
  errors?: Array<{ path: string; message: string }>;
  /** On 409: the revision the property is at now. */
  currentRevision?: number;
}

export interface PropertySummary {
  id: string;
  name: string;
  revision: number;
  updatedAt: string;
  updatedBy: string;
}

export interface PropertyState {
  revision: number;
  updatedAt: string;
  updatedBy: string;
  document: PropertyDocument;
  /** Validation findings of this revision (builds refuse while there are any). */
  problems: PropertyProblem[];
}

export interface RevisionInfo {
  revision: number;
  createdAt: string;
  author: string;
  /** e.g. `updated rule "Page View"`. */
  summary: string;
}

export type ChangeKind = "added" | "removed" | "changed";

export interface ItemChange {
  kind: "rule" | "dataElement" | "extension" | "environment" | "settings";
  id: string;
  name: string;
  change: ChangeKind;
  /** For `changed`: each differing field path with its two values. */
  fields?: Array<{ path: string; from: unknown; to: unknown }>;
}

export interface PropertyDiff {
  from: number;
  to: number;
  changes: ItemChange[];
}

export interface EnvironmentInfo {
  id: string;
  name: string;
  stage: Stage;
  /** `<script src="…/libs/<property>/<environment>/launch.min.js" async></script>` (stable per environment). */
  embedCode: string;
  libraryUrl: string;
  /** The library currently served there, if any. */
  libraryId?: string;
  builtAt?: string;
}

export type LibraryState = "development" | "submitted" | "approved" | "rejected" | "published";

export interface LibraryBuild {
  environmentId: string;
  stage: Stage;
  at: string;
  by: string;
  bytes: number;
  gzipBytes: number;
  durationMs: number;
}

export interface LibraryInfo {
  id: string;
  name: string;
  /** The property revision this library captures. */
  revision: number;
  state: LibraryState;
  environmentId: string;
  createdAt: string;
  createdBy: string;
  builds: LibraryBuild[];
  publishedAt?: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  user: string;
  /** e.g. `rule.update`, `library.publish`, `session.create`. */
  action: string;
  propertyId?: string;
  target?: string;
  revision?: number;
  detail?: unknown;
}

export interface ImportResult {
  property: PropertyState;
  /** What mapped onto Liftoff's extensions and what was kept opaque. */
  report: ImportReport;
}

export interface ImportReport {
  mapped: Array<{ from: string; to: string }>;
  opaque: Array<{ extension: string; modules: string[] }>;
  warnings: string[];
}

/** One stored event as `GET /api/events` and the `/api/live` stream send it. */
export interface StoredEventInfo {
  /** Absent on the live stream (sent as the events commit). */
  id?: number;
  receivedAt: string;
  requestId: string;
  datastreamId: string;
  propertyId: string;
  environmentId: string;
  ecid: string;
  eventType: string | null;
  xdm: unknown;
  data: unknown;
  pageName: string | null;
  pageUrl: string | null;
  siteSection: string | null;
  /** Analytics event numbers as a comma-separated list, e.g. `"1,9"`. */
  eventNumbers: string | null;
  linkType: string | null;
  linkUrl: string | null;
  /** eVar7 (docs/analytics-mapping.md). */
  searchTerm: string | null;
  /** eVar15. */
  deviceType: string | null;
  /** eVar9. */
  downloadName: string | null;
  /** `marketing.trackingCode`. */
  campaign: string | null;
}

export interface ReportResult {
  report: string;
  from: string;
  to: string;
  /** Column names, then rows of values; charts read them by name. */
  columns: string[];
  rows: Array<Array<string | number | null>>;
}
