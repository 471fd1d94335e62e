/**
 * Fixture of the spec suites (e2e/spec-*.e2e.ts): the Liftoff server in-process
 * (`createApp` with a SQLite store in a temp folder) on a loopback port, the demo site on
 * another, the property's datastreams open to the demo site, and the pc-marketing development
 * library published into the store at
 * `/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js`. Assertions read the events
 * the server stored and the calls the vendor stand-ins recorded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import {
  loadBuilder,
  loadDemoSite,
  loadProperty,
  loadServer,
  type StoredEvent,
  type VendorCall,
} from "./pcMarketingModules.ts";

export interface PcMarketing {
  serverOrigin: string;
  demoOrigin: string;
  /** Events the server stored for the development environment, oldest first. */
  events(): Promise<StoredEvent[]>;
  /** Waits until `count` events match, then returns the matching ones (oldest first). */
  waitForEvents(
    match: (event: StoredEvent) => boolean,
    count?: number,
    timeout?: number,
  ): Promise<StoredEvent[]>;
  vendorCalls(): VendorCall[];
  stop(): Promise<void>;
}

const listen = (server: {
  listen: (port: number, host: string, cb: () => void) => unknown;
  address(): unknown;
}) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

export type { StoredEvent };

/** Property options the suites change (properties/pc-marketing PcMarketingOptions). */
export interface FixtureOptions {
  defaultConsent?: "in" | "out" | "pending";
  doesOptInApply?: boolean;
}

export async function startPcMarketing(options: FixtureOptions = {}): Promise<PcMarketing> {
  const [{ createApp, SqliteStore }, { createDemoServer }, property] = await Promise.all([
    loadServer(),
    loadDemoSite(),
    loadProperty(),
  ]);
  const { createPropertyDocument, DATASTREAMS, ENVIRONMENTS, ORG_ID, PROPERTY_ID } = property;
  const dir = mkdtempSync(join(tmpdir(), "liftoff-pcm-"));
  const store = new SqliteStore(join(dir, "liftoff.db"));
  const app = createApp({ store, rateLimitPerSecond: 0, bootstrap: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const serverOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const environmentId = ENVIRONMENTS.development;
  const demo = createDemoServer({
    libraryUrl: `${serverOrigin}/libs/${PROPERTY_ID}/${environmentId}/launch.min.js`,
  });
  const demoOrigin = `http://127.0.0.1:${await listen(demo)}`;
  // The property's datastreams, open to the demo site's pages only (as `liftoff serve --demo`).
  for (const stage of ["development", "staging", "production"] as const)
    await store.datastreams.put({
      id: DATASTREAMS[stage],
      orgId: ORG_ID,
      propertyId: PROPERTY_ID,
      environmentId: ENVIRONMENTS[stage],
      stage,
      allowedOrigins: [demoOrigin],
    });
  const doc = createPropertyDocument({
    edgeOrigin: serverOrigin,
    identityServer: serverOrigin.replace(/^http:\/\//, ""),
    vendorOrigin: demoOrigin,
    ...options,
  });
  const { buildLibrary } = await loadBuilder();
  const { code } = await buildLibrary(doc, { environmentId, minify: false });
  await store.libraries.put({
    propertyId: PROPERTY_ID,
    environmentId,
    fileName: "launch.min.js",
    contentType: "application/javascript",
    body: Buffer.from(code),
  });
  const events = async () =>
    (await store.events.list({ environmentId, limit: 1000 })).sort((a, b) => a.id - b.id);
  return {
    serverOrigin,
    demoOrigin,
    events,
    async waitForEvents(match, count = 1, timeout = 10_000) {
      let found: StoredEvent[] = [];
      await expect
        .poll(
          async () => {
            found = (await events()).filter(match);
            return found.length;
          },
          { timeout },
        )
        .toBeGreaterThanOrEqual(count);
      return found;
    },
    vendorCalls: () => demo.vendorCalls,
    async stop() {
      await new Promise<void>((resolve) => demo.close(() => resolve()));
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The stored event's XDM as a loose object, for `toMatchObject`. */
export const xdmOf = (event: StoredEvent) => event.xdm as Record<string, any>;

/** The page's URL in a stored event (to tell pages apart in one store). */
export const pageUrlOf = (event: StoredEvent) =>
  (xdmOf(event).web?.webPageDetails?.URL as string | undefined) ?? "";

let runs = 0;
/** A demo URL with a `tid` parameter that tells this test's events apart in the store. */
export function demoUrl(origin: string, path: string, params: Record<string, string> = {}) {
  const url = new URL(path, origin);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set("tid", `${process.pid}-${++runs}-${Date.now()}`);
  return url.href;
}

/** Opens a demo page and waits until the library has started. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => !!(window as { _satellite?: { property?: unknown } })._satellite?.property,
  );
}
