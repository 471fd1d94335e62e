/**
 * The storage contract. Every concern is a repository interface; `SqliteStore` and
 * `PostgresStore` implement all of them and pass the same contract suite
 * (`storeContract.ts`). Callers never see SQL.
 */

/** A datastream belongs to one environment of one property (ARCHITECTURE.md §3). */
export interface Datastream {
  id: string;
  orgId: string;
  propertyId: string;
  environmentId: string;
  /** `development` | `staging` | `production` (Launch's environment stages). */
  stage: string;
  /** Page origins allowed to send to it; empty means any origin. */
  allowedOrigins: string[];
}

/** One event as the edge received it, plus the columns reports filter and group by. */
export interface NewEvent {
  receivedAt: Date;
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
}

export interface StoredEvent extends NewEvent {
  id: number;
}

export interface EventFilter {
  datastreamId?: string;
  propertyId?: string;
  environmentId?: string;
  requestId?: string;
  /** Most recent first; default 100, at most 1000. */
  limit?: number;
}

export interface EventRepository {
  /** Appends all events in one transaction: all are durable when the promise resolves. */
  appendBatch(events: NewEvent[]): Promise<void>;
  list(filter?: EventFilter): Promise<StoredEvent[]>;
  count(filter?: EventFilter): Promise<number>;
}

export interface DatastreamRepository {
  get(id: string): Promise<Datastream | undefined>;
  list(): Promise<Datastream[]>;
  /** Creates or replaces. */
  put(datastream: Datastream): Promise<void>;
  /** Creates only when missing; returns whether it was created. */
  putIfMissing(datastream: Datastream): Promise<boolean>;
}

/** A built library file, published by the builder and served at a stable URL. */
export interface LibraryFile {
  propertyId: string;
  environmentId: string;
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Strong validator: a hash of the body. */
  etag: string;
  publishedAt: Date;
}

export interface LibraryRepository {
  put(file: Omit<LibraryFile, "etag" | "publishedAt">): Promise<LibraryFile>;
  get(
    propertyId: string,
    environmentId: string,
    fileName: string,
  ): Promise<LibraryFile | undefined>;
}

/** Hosts allowed to serve libraries (Launch's dynamic host resolution allow list). */
export interface HostRepository {
  list(): Promise<string[]>;
  add(host: string): Promise<void>;
  remove(host: string): Promise<void>;
}

export interface Store {
  readonly kind: "sqlite" | "postgres";
  readonly events: EventRepository;
  readonly datastreams: DatastreamRepository;
  readonly libraries: LibraryRepository;
  readonly hosts: HostRepository;
  /** Applies pending migrations; returns the schema version afterwards. */
  migrate(): Promise<number>;
  close(): Promise<void>;
}
