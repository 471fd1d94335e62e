/**
 * The workspace modules the pc-marketing fixture drives (server, store, demo site, property,
 * builder, Core's module builder), loaded at run time by path. The e2e TypeScript project
 * has no project references to those packages, so a static import would put their sources
 * outside its rootDir; the shapes used here are declared locally instead and checked by the
 * suites at run time.
 */
import type { DatastreamInfo } from "@liftoff/schema";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./startServer.ts";

const load = <T>(path: string) => import(pathToFileURL(join(repoRoot, path)).href) as Promise<T>;

/** The fields of a stored event the suites read (apps/server/src/store/Store.ts). */
export interface StoredEvent {
  id: number;
  eventType: string | null;
  /** The visitor the edge stored the event under. */
  ecid: string;
  xdm: unknown;
  data: unknown;
}

/** One recorded vendor call (apps/demo-site/src/vendorStandIns.ts). */
export interface VendorCall {
  method: string;
  path: string;
  body: string;
  time: number;
}

export interface Listener {
  listen(port: number, host: string, callback: () => void): unknown;
  address(): unknown;
  close(callback: () => void): unknown;
}

export interface Store {
  datastreams: {
    put(datastream: DatastreamInfo): Promise<void>;
  };
  libraries: {
    put(file: {
      propertyId: string;
      environmentId: string;
      fileName: string;
      contentType: string;
      body: Buffer;
    }): Promise<unknown>;
  };
  events: { list(filter: { environmentId?: string; limit?: number }): Promise<StoredEvent[]> };
  close(): Promise<void>;
}

export interface App {
  listen(options: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  close(): Promise<void>;
}

/** What the fixture and the library builder use of the property document. */
export interface PropertyDocument {
  company: unknown;
  property: unknown;
  environments: Array<{ id: string; stage: string }>;
  extensions: Array<{ name: string; settings?: Record<string, unknown> }>;
  dataElements: Array<{ name: string; modulePath: string; settings?: Record<string, unknown> }>;
  rules: Array<{
    id: string;
    name: string;
    enabled?: boolean;
    events: Array<{ modulePath: string; settings?: Record<string, unknown>; ruleOrder?: number }>;
    conditions: Array<{ modulePath: string; settings?: Record<string, unknown>; negate?: boolean }>;
    actions: Array<{ modulePath: string; settings?: Record<string, unknown> }>;
  }>;
}

export interface PropertyModule {
  createPropertyDocument: (options?: Record<string, unknown>) => PropertyDocument;
  ENVIRONMENTS: Record<"development" | "staging" | "production", string>;
  DATASTREAMS: Record<"development" | "staging" | "production", string>;
  ORG_ID: string;
  PROPERTY_ID: string;
}

export const loadServer = () =>
  Promise.all([
    load<{
      default: (options: { store: Store; rateLimitPerSecond: number; bootstrap: boolean }) => App;
    }>("apps/server/src/main/createApp.ts"),
    load<{ SqliteStore: new (file: string) => Store }>("apps/server/src/store/SqliteStore.ts"),
  ]).then(([app, sqlite]) => ({ createApp: app.default, SqliteStore: sqlite.SqliteStore }));

export const loadDemoSite = () =>
  load<{
    createDemoServer: (options: { libraryUrl?: string }) => Listener & {
      vendorCalls: VendorCall[];
    };
  }>("apps/demo-site/src/index.ts");

export const loadProperty = () => load<PropertyModule>("properties/pc-marketing/src/index.ts");

/** The builder's `buildLibrary` (packages/builder/src/buildLibrary.ts), as the suites call it. */
export const loadBuilder = () =>
  load<{
    buildLibrary: (
      doc: PropertyDocument,
      options: { environmentId: string; minify?: boolean },
    ) => Promise<{ code: string }>;
  }>("packages/builder/src/index.ts");
