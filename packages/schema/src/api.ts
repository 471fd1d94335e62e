/**
 * The studio API (`/api/...` on `liftoff serve`): request and response shapes shared by the
 * server and the studio. JSON in and out; errors are problem+json (`ApiProblem`).
 *
 * Sessions: `POST /api/session` sets an httpOnly cookie `liftoff_session`; every request
 * that changes something must send the session's CSRF token in `x-csrf-token`.
 * Roles are cumulative: viewer < editor < approver < admin. The API enforces them.
 *
 * Resources and revisions: rules, data elements, extensions, environments and the property's
 * own settings are resources, each with its own revision history (`ResourceInfo.revision`).
 * A change names the revision of the resource it started from (`revision` in the body, or
 * `?revision=N` on DELETE); it is refused with 409 `edit-conflict` only when that same
 * resource changed since (`EditConflict` says who changed it and carries their version).
 * Every accepted change is one new property revision too: the property-wide history.
 * Deleting a rule, data element or extension is soft: the resource stays listed as deleted
 * (and can be restored) until a production publish removes it.
 *
 * Status codes (docs/api.md has every route's errors): POSTs that create something answer
 * 201 (users, properties, import, data elements, rules, copies, components, environments,
 * libraries); library steps and `POST /api/session` answer 200; DELETEs of users,
 * environments, libraries and the session answer 204. 400 names the field
 * (`errors[].path`), 401 means no session, 403 a missing role or CSRF token, 422 a build
 * refused or failed. Components: `kind` is `events`, `conditions` or `actions`.
 *
 * Routes (`:pid` property id, `:id` resource id, `:kind` a ResourceKind, `:lid` library id):
 *   POST   /api/session                      {username, password} → SessionInfo
 *   GET    /api/session                      → SessionInfo (401 when signed out)
 *   DELETE /api/session                      → 204
 *   GET    /api/users                        (admin) → UserInfo[]
 *   POST   /api/users                        (admin) {username, password, role} → UserInfo
 *   PATCH  /api/users/:id                    (admin) {role?, password?} → UserInfo
 *   DELETE /api/users/:id                    (admin) → 204
 *   GET    /api/extensions                   → ExtensionManifest[] (the catalog, for forms)
 *   GET    /api/properties                   → PropertySummary[]
 *   POST   /api/properties                   (editor) {name, orgId, domains, platform?} → PropertyState
 *   GET    /api/properties/:pid              → PropertyState (the working state: latest revisions)
 *   PUT    /api/properties/:pid/settings     (editor) {revision, name?, settings?, company?} → PropertyState
 *   PUT    /api/properties/:pid/extensions/:name  (editor) {revision?, extension} → PropertyState (revision omitted: add)
 *   DELETE /api/properties/:pid/extensions/:name?revision=N  (editor) → PropertyState
 *   POST   /api/properties/:pid/data-elements      (editor) {dataElement (id optional)} → ItemSaved
 *   PUT    /api/properties/:pid/data-elements/:id  (editor) {revision, dataElement} → ItemSaved
 *   DELETE /api/properties/:pid/data-elements/:id?revision=N (editor) → ItemSaved
 *   POST   /api/properties/:pid/rules              (editor) {rule (ids optional)} → ItemSaved
 *   PUT    /api/properties/:pid/rules/:id          (editor) {revision, rule} → ItemSaved
 *   DELETE /api/properties/:pid/rules/:id?revision=N (editor) → ItemSaved
 *   POST   /api/properties/:pid/rules/:id/components        (editor) {revision, kind, component, index?} → ItemSaved
 *   PUT    /api/properties/:pid/rules/:id/components/:cid   (editor) {revision, component} → ItemSaved
 *   DELETE /api/properties/:pid/rules/:id/components/:cid?revision=N (editor) → ItemSaved
 *   GET    /api/properties/:pid/items/:kind/:id  → ItemState (kind: rule | dataElement; one item, as an editor opens it)
 *   GET    /api/properties/:pid/summaries?kind=rule|dataElement&q=&enabled=&sort=position|name|updatedAt|problems&order=asc|desc&offset=0&limit=100
 *            → ResourceSummaryPage (lists: no bodies; `q` matches names, case-insensitive)
 *   GET    /api/properties/:pid/resources/:kind/:id/revisions    → ResourceRevisionInfo[] (newest first)
 *   GET    /api/properties/:pid/resources/:kind/:id/revisions/:n → ResourceRevision
 *   POST   /api/properties/:pid/resources/:kind/:id/restore (editor) {revision, from?} → PropertyState
 *            (`from` default: the last revision before a delete — "undo delete")
 *   POST   /api/properties/:pid/resources/:kind/:id/copy    (editor) → PropertyState ("Copy of …", rules and data elements)
 *   POST   /api/properties/:pid/bulk         (editor) {action, items: [{kind, id, revision}]} → PropertyState
 *            (action: enable | disable (rules), delete, restore; one property revision for all)
 *   GET    /api/properties/:pid/validation   → {revision, problems, disabledProblems, warnings} (PropertyProblem[] each)
 *   GET    /api/properties/:pid/changes      → Server-Sent Events: `ready` {revision}, then a `change` (PropertyChange) per save
 *            and a `presence` (PresenceEntry[]) whenever who has what open changes (`?tab=` ties the tab's presence to the stream)
 *   PUT    /api/properties/:pid/presence     {tab, item: PresenceItem | null} → 204 (renew every 15 s; gone 45 s after the last; null: left)
 *   GET    /api/properties/:pid/revisions    → RevisionInfo[] (property-wide history, newest first)
 *   GET    /api/properties/:pid/revisions/:n → PropertyState (the property as of revision n)
 *   GET    /api/properties/:pid/diff?from=a&to=b → PropertyDiff
 *   GET    /api/properties/:pid/export       → PropertyDocument (?format=launch[&environmentId=…] → Launch container JSON; default production)
 *   POST   /api/properties/import            (editor) Launch container JSON, library file text (text/plain), or PropertyDocument → ImportResult
 *            ?mode=new|copy|update (default new: 409 property-exists when here), &revision=N (update: the property revision seen), &dryRun=true (update: counts only)
 *   GET    /api/properties/:pid/environments → EnvironmentInfo[]
 *   POST   /api/properties/:pid/environments (admin) {name} → EnvironmentInfo (a development environment)
 *   DELETE /api/properties/:pid/environments/:id?revision=N (admin) → 204
 *   GET    /api/properties/:pid/libraries    → LibraryInfo[]
 *   POST   /api/properties/:pid/libraries    (editor) {name, environmentId?, resources?: ResourceRef[], addAllChanged?} → LibraryInfo
 *   GET    /api/properties/:pid/libraries/:lid → LibraryInfo
 *   PATCH  /api/properties/:pid/libraries/:lid (editor) {name?, environmentId? (null: none)} → LibraryInfo (in development)
 *   DELETE /api/properties/:pid/libraries/:lid (editor) → 204 (in development or rejected)
 *   POST   /api/properties/:pid/libraries/:lid/resources        (editor) {resources?: ResourceRef[], addAllChanged?} → LibraryInfo
 *   DELETE /api/properties/:pid/libraries/:lid/resources/:kind/:id (editor) → LibraryInfo
 *   POST   /api/properties/:pid/libraries/:lid/build    (editor) → LibraryInfo (latest revisions, to its development environment)
 *   POST   /api/properties/:pid/libraries/:lid/submit   (editor) → LibraryInfo (revisions pinned, built to staging)
 *   POST   /api/properties/:pid/libraries/:lid/reject   (approver) → LibraryInfo (back to development, unpinned)
 *   POST   /api/properties/:pid/libraries/:lid/approve  (approver) → LibraryInfo
 *   POST   /api/properties/:pid/libraries/:lid/publish  (approver) → LibraryInfo (production, atomic)
 *   POST   /api/properties/:pid/libraries/:lid/republish (approver) → LibraryInfo (rollback to this published library)
 *   GET    /api/datastreams                  → {datastreams: DatastreamInfo[]}
 *   GET    /api/datastreams/:id              → DatastreamInfo
 *   PUT    /api/datastreams/:id/allowed-origins (admin) {allowedOrigins} → DatastreamInfo
 *   PUT    /api/datastreams/:id/forwarding (admin) {propertyId, environmentId?} → DatastreamInfo (forwarding.ts)
 *   GET    /api/audit?propertyId=&limit=&before= → AuditEntry[]
 *   GET    /api/events?propertyId=&environmentId=&datastreamId=&requestId=&ecid=&eventType=&url=&from=&to=&before=&limit= → {events: StoredEventInfo[]} (newest first)
 *   GET    /api/live?propertyId=&environmentId=  → text/event-stream (existing)
 *   GET    /api/reports?propertyId=          → {reports: string[], catalog: ReportInfo[]} (with the property's own reports)
 *   GET    /api/reports/:report?propertyId=&environmentId=&from=&to=&format= → ReportResult (format=csv: text/csv; a property's report needs propertyId)
 *   GET    /api/reports/breakdown?field=&by=&measure=&eventType=&… → ReportResult (docs/server.md, Breakdown)
 *   GET    /api/properties/:pid/saved-reports      → SavedReport[] (by name)
 *   POST   /api/properties/:pid/saved-reports      {name, definition: BreakdownDefinition} → 201 SavedReport
 *   GET    /api/properties/:pid/saved-reports/:id  → SavedReport
 *   PUT    /api/properties/:pid/saved-reports/:id  (its creator or an admin) {name?, definition?} → SavedReport
 *   DELETE /api/properties/:pid/saved-reports/:id  (its creator or an admin) → 204
 */
import type { Stage } from "./container.ts";
import type { DatastreamForwarding, PropertyPlatform } from "./forwarding.ts";
import type {
  PropertyDataElement,
  PropertyDocument,
  PropertyProblem,
  PropertyRule,
} from "./property.ts";

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
  /** The request's id, also in the server's log line for it. */
  requestId?: string;
  /**
   * Field-level errors, each naming its place in the request: `rule.name`, `items[0].kind`,
   * a query or URL parameter by its name, `body` for the body as a whole.
   */
  errors?: Array<{ path: string; message: string }>;
  /** On 409 `edit-conflict`: which resource, who changed it, and their version. */
  conflict?: EditConflict;
  /** On 409 `property-exists`: the property already stored under the id. */
  existing?: { id: string; name: string };
  /** On 409 `property-changed`: the revision the request was based on and the current one. */
  stale?: { yourRevision: number; currentRevision: number; changedBy: string; changedAt: string };
}

/** What a property is made of. Rules, data elements and extensions go into libraries. */
export type ResourceKind = "rule" | "dataElement" | "extension" | "environment" | "settings";
export const RESOURCE_KINDS: readonly ResourceKind[] = [
  "rule",
  "dataElement",
  "extension",
  "environment",
  "settings",
];
/** The kinds a library holds (Launch's library resources). */
export type LibraryResourceKind = "rule" | "dataElement" | "extension";
export const LIBRARY_RESOURCE_KINDS: readonly LibraryResourceKind[] = [
  "rule",
  "dataElement",
  "extension",
];

/**
 * One resource by kind and id. Extensions are addressed by name; the property's settings
 * (name, company, property settings) are the one resource `{kind: "settings", id: "property"}`.
 */
export interface ResourceRef {
  kind: ResourceKind;
  id: string;
}

export const SETTINGS_RESOURCE_ID = "property";

/** A resource in the working state, with where it stands against production. */
export interface ResourceInfo extends ResourceRef {
  name: string;
  /** Its latest revision (1 when created). */
  revision: number;
  updatedAt: string;
  updatedBy: string;
  /** Deleted since the last production publish, or still in production: can be restored. */
  deleted: boolean;
  /** The revision production serves; absent when it was never published. */
  publishedRevision?: number;
  /** Latest revision differs from production (added, changed or deleted since). */
  changed: boolean;
}

/**
 * One saved change of a property, as `GET /api/properties/:pid/changes` streams it (event
 * `change`): the property revision it made, who saved, and the resources it wrote with their
 * new revisions (empty when a bulk change wrote too many to name; reload the property).
 */
export interface PropertyChange {
  propertyId: string;
  revision: number;
  by: string;
  resources: Array<ResourceRef & { name: string; revision: number; deleted: boolean }>;
}

/** What a studio tab has open, as it tells `PUT /api/properties/:pid/presence`. */
export type PresenceKind = "rule" | "dataElement" | "extension" | "library";
export const PRESENCE_KINDS: readonly PresenceKind[] = [
  "rule",
  "dataElement",
  "extension",
  "library",
];
/** An item by the studio's own identifiers: a rule's or data element's id, an extension's name, a library's id. */
export interface PresenceItem {
  kind: PresenceKind;
  id: string;
}

/**
 * One tab with an item of the property open, in the `presence` event of the change stream
 * (the whole list each time). `tab` is the tab's own random id, so a tab can leave itself out.
 */
export interface PresenceEntry {
  tab: string;
  user: string;
  role: Role;
  item: PresenceItem;
  /** When this tab opened the item (ISO 8601). */
  since: string;
}

/** Body of 409 `edit-conflict`: someone saved the same resource after you loaded it. */
export interface EditConflict {
  resource: ResourceRef & { name: string };
  /** The revision you started from. */
  yourRevision: number;
  /** The revision it is at now; send this with your merged version. */
  currentRevision: number;
  changedBy: string;
  changedAt: string;
  /** Their version (the current one); null when they deleted it. */
  current: unknown;
}

export interface ResourceRevisionInfo {
  revision: number;
  /** The property revision this change was part of. */
  propertyRevision: number;
  createdAt: string;
  author: string;
  summary: string;
  /** This revision deleted the resource. */
  deleted: boolean;
}

export interface ResourceRevision extends ResourceRevisionInfo, ResourceRef {
  name: string;
  /** The resource as it was saved (for a delete: as it was before). */
  body: unknown;
}

export interface PropertySummary {
  id: string;
  name: string;
  /** `edge`: an event forwarding property (its settings' `platform`); absent: web. */
  platform?: PropertyPlatform;
  revision: number;
  updatedAt: string;
  updatedBy: string;
}

export interface PropertyState {
  /** The property revision: it moves with every change to any resource. */
  revision: number;
  updatedAt: string;
  updatedBy: string;
  /** The working state: every resource at its latest revision, deleted ones left out. */
  document: PropertyDocument;
  /** Every resource (deleted ones that can still be restored too). */
  resources: ResourceInfo[];
  /** Validation findings of the working state (builds refuse while a library has any). */
  problems: PropertyProblem[];
  /**
   * Problems of disabled rules and data elements: they never stop a build (no build includes
   * those items), and must be fixed before the item can be enabled.
   */
  disabledProblems?: PropertyProblem[];
  /**
   * Findings worth a look that do not stop builds (`severity: "warning"`): unknown tokens,
   * rules with no event, shared-variable leaks.
   */
  warnings?: PropertyProblem[];
  /** On answers to a change: the resource it created or changed, at its new revision. */
  saved?: ResourceRef & { revision: number };
}

export interface RevisionInfo {
  revision: number;
  createdAt: string;
  author: string;
  /** e.g. `updated rule "Page View"`. */
  summary: string;
  /** The resources this change gave a new revision, with that revision. */
  resources: Array<ResourceRef & { name: string; revision: number }>;
}

export type ChangeKind = "added" | "removed" | "changed";

export interface ItemChange {
  kind: ResourceKind;
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
  /** The library whose build is served there now, if any. */
  libraryId?: string;
  libraryName?: string;
  builtAt?: string;
  /**
   * The library that holds this environment: for development, the library in development
   * assigned to it; for staging, the submitted or approved library. At most one.
   */
  heldBy?: { id: string; name: string; state: LibraryState };
  /** `Cache-Control` the library is served with (development: `no-cache`). */
  cacheControl: string;
}

/**
 * Where one environment's events go (the Web SDK's `edgeConfigId`). The edge accepts a
 * browser's request only from an origin in `allowedOrigins` (`scheme://host[:port]`); an
 * empty list refuses every page. Requests without an Origin header (servers) are accepted.
 */
export interface DatastreamInfo {
  id: string;
  orgId: string;
  propertyId: string;
  environmentId: string;
  /** `development` | `staging` | `production` (Launch's environment stages). */
  stage: string;
  allowedOrigins: string[];
  /** The forwarding property whose environment's library runs for this datastream's events. */
  forwarding?: DatastreamForwarding;
}

export type LibraryState = "development" | "submitted" | "approved" | "rejected" | "published";

export interface LibraryBuild {
  environmentId: string;
  stage: Stage;
  at: string;
  by: string;
  /** The property revision when it was built. */
  propertyRevision: number;
  bytes: number;
  gzipBytes: number;
  durationMs: number;
}

/** One resource in a library. */
export interface LibraryResource {
  kind: LibraryResourceKind;
  id: string;
  name: string;
  /** Pinned revision (submitted, approved, published); absent while in development. */
  pinnedRevision?: number;
  /** The revision a build takes now: the pinned one, or the latest. */
  revision: number;
  /** That revision deletes the resource: the build leaves it out. */
  deleted: boolean;
}

/**
 * A named set of resources (Launch's library). In development (and after a rejection) it
 * builds the latest revision of each; submitting pins them. Builds for staging and
 * production contain what production serves plus the library's resources.
 */
export interface LibraryInfo {
  id: string;
  name: string;
  state: LibraryState;
  /** The development environment it builds to; absent when none is assigned. */
  environmentId?: string;
  createdAt: string;
  createdBy: string;
  /**
   * Who last submitted it for approval, and when; kept through approval, publishing and
   * rejection until the next submit. Absent on a library never submitted (or submitted
   * before submitters were recorded, with no audit entry to tell).
   */
  submittedBy?: string;
  submittedAt?: string;
  resources: LibraryResource[];
  builds: LibraryBuild[];
  publishedAt?: string;
  /** Served in production now. */
  live: boolean;
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
  /** With `?mode=update`: what the update changed (or, with `dryRun=true`, would change). */
  update?: ImportUpdate;
}

/**
 * What an import does when the property is already here (`?mode=`): `new` (the default)
 * answers 409 `property-exists`; `copy` makes a new property with fresh ids and a unique
 * name; `update` makes the library's rules, data elements and extensions the property's.
 */
export type ImportMode = "new" | "copy" | "update";

/** One rule, data element or extension an import update adds, changes or deletes. */
export interface ImportUpdateItem {
  kind: LibraryResourceKind;
  id: string;
  name: string;
  change: "added" | "changed" | "deleted";
}

/** The answer's account of `?mode=update`: counts and names per kind. */
export interface ImportUpdate {
  /** True: nothing was written (`dryRun=true`). */
  dryRun: boolean;
  /** The property revision the update was computed from: send it as `revision` to apply it. */
  fromRevision: number;
  counts: Record<LibraryResourceKind, { added: number; changed: number; deleted: number }>;
  items: ImportUpdateItem[];
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
  /** `marketing.trackingCode`. */
  campaign: string | null;
}

/** One report the server computes, as `GET /api/reports` lists it. */
export interface ReportInfo {
  name: string;
  title: string;
  /**
   * `generic`: a built-in report on fields every Web SDK property sends; `property`: one of
   * the property's own reports (`settings.reporting`), listed when `propertyId` is given.
   */
  group: "generic" | "property";
  /** The event fields the report reads, in words. */
  reads: string;
  columns: string[];
}

export interface ReportResult {
  report: string;
  from: string;
  to: string;
  /** Column names, then rows of values; charts read them by name. */
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

/**
 * A breakdown report as a saved report keeps it: the parameters of
 * `GET /api/reports/breakdown` (and of the studio's breakdown URL), checked by the same parser.
 * `from` and `to` are UTC days (`YYYY-MM-DD`), `to` included.
 */
export interface BreakdownDefinition {
  field: string;
  by?: string;
  measure: "events" | "visitors";
  eventType?: string;
  environmentId?: string;
  from: string;
  to: string;
}

/** A breakdown saved under a name in a property (`/api/properties/:pid/saved-reports`). */
export interface SavedReport {
  id: string;
  propertyId: string;
  /** 1 to 200 characters, unique within the property. */
  name: string;
  definition: BreakdownDefinition;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
}

/**
 * One rule or data element of the working state, with what the studio shows beside it: the
 * answer of `GET /api/properties/:pid/items/:kind/:id`, and the base of ItemSaved.
 */
export interface ItemState {
  /** The property revision this was read at. */
  revision: number;
  updatedAt: string;
  updatedBy: string;
  /** Where the resource stands (its revision, who changed it, against production). */
  resource: ResourceInfo;
  /** The item as stored; null once deleted (the resource stays restorable). */
  item: PropertyRule | PropertyDataElement | null;
  /**
   * Its index in the working document's list (`rules` or `dataElements`); for a deleted item,
   * the index it had. The paths of the findings below use it (`rules[12].events[0]…`).
   */
  index: number;
  /** The item's own findings, as PropertyState's lists hold them. */
  problems: PropertyProblem[];
  disabledProblems: PropertyProblem[];
  /**
   * The item's warnings. Absent from ItemSaved: they depend on the whole property (a token
   * may name a variable another rule's code sets), so they come from the next validation.
   */
  warnings?: PropertyProblem[];
}

/**
 * The answer to a change of one rule or data element (and of a rule's components): only what
 * the change touched, so a save costs the same in a property of 20 rules or of 2,000. Checks
 * that span the whole property (another rule naming a data element just disabled, shared
 * variables) come from `GET /api/properties/:pid/validation`, computed once per revision.
 */
export interface ItemSaved extends ItemState {
  saved: ResourceRef & { revision: number };
}

/** One row of a list: no body. */
export interface ResourceSummary extends ResourceInfo {
  /** False for a disabled rule or data element. */
  enabled: boolean;
  /** Its problems (the build-stopping ones, or a disabled item's) at this revision. */
  problemCount: number;
  /** Its index in the working document's list; deleted items have none. */
  index?: number;
}

/** What a list asks `GET /api/properties/:pid/summaries` for (parameters of the same names). */
export interface SummaryQuery {
  kind: "rule" | "dataElement";
  /** Text the names contain, case-insensitive. */
  q?: string;
  enabled?: boolean;
  sort?: "position" | "name" | "updatedAt" | "problems";
  order?: "asc" | "desc";
  offset?: number;
  limit?: number;
}

/** `GET /api/properties/:pid/summaries`: one page of a list, and how many match in all. */
export interface ResourceSummaryPage {
  revision: number;
  total: number;
  offset: number;
  items: ResourceSummary[];
}
