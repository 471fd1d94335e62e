import type { ForwardingRepository } from "../features/forwarding/ForwardingRepository.ts";
import type { StoredEventInfo } from "@liftoff/schema";
import type { DatastreamRepository } from "../features/datastreams/DatastreamRepository.ts";
import type {
  HostRepository,
  LibraryRepository,
} from "../features/publishing/LibraryRepository.ts";
import type { AuditRepository } from "../features/authoring/AuditRepository.ts";
import type { AuthoringRepository } from "../features/authoring/AuthoringRepository.ts";
import type { UserRepository } from "../features/auth/UserRepository.ts";
import type { SavedReportRepository } from "../features/reports/SavedReportRepository.ts";
import type { PreviewRepository } from "../features/preview/PreviewRepository.ts";
import type { ClusterBus } from "../db/ClusterBus.ts";
import type { ReportRepository } from "../features/reports/ReportRepository.ts";
import type { LoginFailureRepository } from "../features/auth/LoginFailureRepository.ts";
import type { PropertyReportSpec } from "../features/reports/propertyReportSql.ts";

/**
 * The storage contract: one repository per concern, each defined by the feature that owns
 * it. `SqliteStore` and `PostgresStore` compose them: most are a single implementation on
 * `SqlClient` (db/SqlClient.ts) serving both databases; events and reports have a form per
 * database (features/edge: SQLite's writer thread, PostgreSQL's day partitions;
 * features/reports: PostgreSQL's rollups).
 * Both stores pass the same contract suite (`storeContract.ts`). Callers never see SQL.
 */

export type {
  Datastream,
  DatastreamRepository,
} from "../features/datastreams/DatastreamRepository.ts";
export type {
  HostRepository,
  LibraryFile,
  LibraryRepository,
} from "../features/publishing/LibraryRepository.ts";

/**
 * One event as the edge received it, plus the columns reports filter and group by: the
 * fields of the API's event (`StoredEventInfo`, where each is described), with the time as
 * a Date.
 */
export interface NewEvent extends Omit<StoredEventInfo, "id" | "receivedAt"> {
  receivedAt: Date;
  /**
   * The request body the event arrived in and its place in `events`, when the edge has it.
   * Stores keep that text once per request instead of serialising every event again (the
   * ingest path's largest cost); `xdm` and `data` must be what that slice holds.
   */
  source?: EventSource;
}

export interface EventSource {
  body: string;
  index: number;
}

/**
 * What makes a retried edge request the same request (docs/server.md, Retries): its
 * datastream and the client's `requestId` are the key; `fingerprint` (the endpoint and a hash
 * of the body) tells a retry from a different request reusing the id; `ecid` is the one the
 * first answer carried, so a retry gets the same answer.
 */
export interface RequestKey {
  datastreamId: string;
  requestId: string;
  fingerprint: string;
  ecid: string;
  receivedAt: Date;
}

/** One edge request: its events (possibly none) and, when the client named it, its key. */
export interface NewRequest {
  events: NewEvent[];
  key?: RequestKey;
  /**
   * The request's datastream forwards (docs/event-forwarding.md): a `forwarding_inbox` row is
   * written in the transaction that stores the events, so an acknowledged event is never
   * missed by forwarding.
   */
  forward?: ForwardTarget;
}

/** Where a request's events are forwarded, and what the edge knew of the request (JSON text). */
export interface ForwardTarget {
  propertyId: string;
  environmentId: string;
  /** `RequestFacts` (@liftoff/schema) as JSON text. */
  facts: string;
}

/**
 * What `appendRequests` did with one request: its events were stored, or its key was already
 * stored within the window and `first` is that earlier request's key (nothing was written).
 */
export type RequestOutcome = { stored: true } | { stored: false; first: RequestKey };

export interface StoredEvent extends Omit<NewEvent, "source"> {
  id: number;
}

/** One report over stored events: `from` inclusive, `to` exclusive. */
export interface ReportQuery {
  report: string;
  from: Date;
  to: Date;
  propertyId?: string;
  environmentId?: string;
  /**
   * When `report` is one of the property's own reports (its `settings.reporting`): that
   * report and the fields it may name. The reports routes read them from the property.
   */
  propertyReport?: PropertyReportSpec;
}

/** Column names, then rows of values in that order. */
export interface ReportTable {
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

/**
 * A breakdown over stored events (`features/reports/breakdownSql.ts`): counts per value of a field
 * path of the event (`["xdm", "web", "webInteraction", "name"]`), optionally per pair with a
 * second path, over `from` (inclusive) – `to` (exclusive).
 */
export interface BreakdownQuery {
  from: Date;
  to: Date;
  propertyId?: string;
  environmentId?: string;
  /** Only events of this `xdm.eventType`. */
  eventType?: string;
  field: string[];
  by?: string[];
  /** `events` counts events; `visitors` counts distinct ECIDs. */
  measure: "events" | "visitors";
}

export interface EventFilter {
  datastreamId?: string;
  propertyId?: string;
  environmentId?: string;
  requestId?: string;
  /** One visitor's events (not indexed: a scan from the newest, bounded by `limit`). */
  ecid?: string;
  /** `xdm.eventType`, exactly. */
  eventType?: string;
  /**
   * Text the page URL contains, ignoring ASCII letter case (`%` and `_` match themselves).
   * Not indexed: like `ecid`, a scan from the newest within the other filters.
   */
  pageUrlContains?: string;
  /** Received at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  /** Events with a smaller id: the next page after an event (ids grow as events commit). */
  beforeId?: number;
  /** Most recent first; default 100, at most 1000. */
  limit?: number;
}

export interface EventRepository {
  /** Appends all events in one transaction: all are durable when the promise resolves. */
  appendBatch(events: NewEvent[]): Promise<void>;
  /**
   * Appends requests in one transaction, each key with its events: a request whose key
   * (datastream, request id) is already stored, received less than `windowMs` before its
   * own key, writes nothing and answers that key; an older key is replaced (the window has
   * passed). Two requests of one batch with the same key store once (the first). On
   * PostgreSQL a key another node is inserting waits for that node's commit, so concurrent
   * retries on several nodes store one set.
   */
  appendRequests(requests: NewRequest[], windowMs: number): Promise<RequestOutcome[]>;
  /** Deletes request keys received before `cutoff` (in bounded batches); returns how many. */
  removeRequestKeysBefore(cutoff: Date): Promise<number>;
  list(filter?: EventFilter): Promise<StoredEvent[]>;
  /**
   * The events with ids in `[firstId, lastId]` (at most 5,000), oldest first: what another
   * node reads when it hears that events committed (features/cluster/EventNotice.ts).
   */
  listRange(firstId: number, lastId: number): Promise<StoredEvent[]>;
  count(filter?: EventFilter): Promise<number>;
  /**
   * Retention (`--retain-days`): removes the events received before `cutoff` (a UTC
   * midnight) with their request bodies; returns the UTC days (`YYYY-MM-DD`) removed.
   * PostgreSQL drops whole day partitions; SQLite deletes rows in bounded batches.
   */
  removeBefore(cutoff: Date): Promise<string[]>;
}

export interface Store {
  readonly kind: "sqlite" | "postgres";
  /** Event forwarding's queue, secrets and outbound hosts (features/forwarding). */
  readonly forwarding: ForwardingRepository;
  readonly events: EventRepository;
  /** Reports and breakdowns over the events (features/reports/ReportRepository.ts). */
  readonly reports: ReportRepository;
  readonly datastreams: DatastreamRepository;
  readonly libraries: LibraryRepository;
  readonly hosts: HostRepository;
  /** The studio's properties, revisions and libraries (features/authoring/). */
  readonly authoring: AuthoringRepository;
  readonly users: UserRepository;
  readonly audit: AuditRepository;
  /** Breakdown reports saved per property (docs/server.md, Saved reports). */
  readonly savedReports: SavedReportRepository;
  /** Preview sessions and their trace records (docs/preview.md). */
  readonly previews: PreviewRepository;
  /** Failed sign-ins, shared by every node on this database (features/auth/LoginLimiter.ts). */
  readonly loginFailures: LoginFailureRepository;
  /** Notices between the nodes on this database: `LocalBus` for SQLite (one node). */
  readonly bus: ClusterBus;
  /**
   * This store's id in the notices it sends when events commit (`EVENTS_CHANNEL`), so the
   * node that stored them skips its own notice. Unique per opened store (per node).
   */
  readonly nodeId: string;
  /**
   * Applies pending migrations (only up to version `upTo` when given: tests build the
   * databases older releases left); returns the schema version afterwards.
   */
  migrate(upTo?: number): Promise<number>;
  /**
   * The highest migration the database records (0 before the first), read from the database
   * each call: readiness (`GET /readyz`) uses it as the database's ping. A database newer
   * than the code makes `migrate` refuse (db/migrate.ts).
   */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}
