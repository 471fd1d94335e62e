import { existsSync } from "node:fs";
import type { PropertyDocument } from "@liftoff/schema";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { packageBuilder, type BuilderApi } from "../features/authoring/BuilderApi.ts";
import type { PresenceOptions } from "../features/authoring/PresenceBoard.ts";
import { createApiContext } from "./ApiContext.ts";
import authFeature from "../features/auth/plugin.ts";
import authoringFeature from "../features/authoring/plugin.ts";
import datastreamsFeature from "../features/datastreams/plugin.ts";
import edgeFeature from "../features/edge/plugin.ts";
import forwardingFeature, {
  createForwarding,
  type Forwarding,
  type ForwardingOptions,
} from "../features/forwarding/plugin.ts";
import { forwardingMetrics } from "../features/forwarding/forwardingMetrics.ts";
import identityFeature from "../features/identity/plugin.ts";
import liveFeature from "../features/live/plugin.ts";
import previewFeature, {
  createPreview,
  type PreviewRouteOptions,
} from "../features/preview/plugin.ts";
import { previewForwardingHooks } from "../features/preview/serverTraces.ts";
import publishingFeature from "../features/publishing/plugin.ts";
import reportsFeature from "../features/reports/plugin.ts";
import refuseUnstorableStrings from "../http/refuseUnstorableStrings.ts";
import seedProperty from "../features/publishing/seedProperty.ts";
import bootstrapAdmin from "../features/auth/bootstrapAdmin.ts";
import { demoDatastreams, putDemoDatastreams } from "../features/demo/demoDatastreams.ts";
import seedForwardingDemo, {
  rulesOnBothSides,
  type DemoForwarding,
} from "../features/demo/seedForwardingDemo.ts";
import { defaultEnvelopeLimits } from "../features/edge/parseEnvelope.ts";
import { DEFAULT_RETRY_WINDOW_MS, type EdgeOptions } from "../features/edge/edgeRoutes.ts";
import {
  defaultWriteQueueOptions,
  WriteQueue,
  type WriteQueueOptions,
} from "../features/edge/WriteQueue.ts";
import enforceRouteAccess, { type RegisteredRoute } from "../features/auth/enforceRouteAccess.ts";
import decodeUtf8Body from "../http/decodeUtf8Body.ts";
import errorMapper, { frameworkErrors } from "../http/errorMapper.ts";
import metricsRoutes from "../http/metricsRoutes.ts";
import {
  defaultRefusalLogOptions,
  RefusalLog,
  type RefusalLogOptions,
} from "../http/RefusalLog.ts";
import requestIds, { requestIdGenerator } from "../http/requestIds.ts";
import clientErrorHandler from "../http/clientErrorHandler.ts";
import {
  defaultRequestTimeouts,
  requestTimeoutOptions,
  type RequestTimeouts,
} from "../http/requestTimeouts.ts";
import securityHeaders, { documentHeaders, withSurfaceHeaders } from "../http/securityHeaders.ts";
import { RateLimiter } from "../http/RateLimiter.ts";
import drainOnClose from "../http/drainOnClose.ts";
import publicHostOnly from "../http/publicHostOnly.ts";
import { defaultPreviewLimits, type PreviewLimits } from "../features/preview/PreviewSessions.ts";
import { defaultWatcherCaps, type WatcherCaps } from "../features/preview/PreviewWatchers.ts";
import { defaultLiveLimits, LiveStream, type LiveLimits } from "../features/live/LiveStream.ts";
import { PostgresBus } from "../db/PostgresBus.ts";
import shareLiveEvents from "../features/cluster/shareLiveEvents.ts";
import shareDatastreamChanges from "../features/datastreams/shareDatastreamChanges.ts";
import readinessRoutes from "./readinessRoutes.ts";
import serveStatic from "../http/serveStatic.ts";
import studioFolder from "./studioFolder.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import type { Datastream, Store } from "../store/Store.ts";

export interface AppOptions {
  /** Event forwarding (docs/event-forwarding.md): the secrets' key ring, the worker's options. */
  forwarding?: ForwardingOptions;
  /** Folder of the built studio (default: @liftoff/studio's dist/); served at /studio/ when present. */
  studioDir?: string;
  /** Fastify's logger (pino): `false`, `true` or its options. Structured JSON lines. */
  logger?: FastifyServerOptions["logger"];
  /** Where everything is kept; default an in-memory SQLite store the app closes itself. */
  store?: Store;
  edge?: Partial<EdgeOptions>;
  /** Caps of the live event stream (`/api/live`); docs/server.md, Live stream. */
  live?: Partial<LiveLimits>;
  /**
   * Behind a reverse proxy: which proxies to believe (Fastify's `trustProxy`: `true`, a hop
   * count, or addresses/CIDRs). Client addresses (sign-in limits) and the origin a sign-in's
   * `Origin` must match then come from X-Forwarded-For, -Proto and -Host.
   */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /**
   * How long a closing app keeps idle connections open (default `DEFAULT_DRAIN_MS`, 3 s):
   * longer than a proxy's upstream keep-alive idle timeout (http/drainOnClose.ts).
   */
  drainMs?: number;
  /**
   * How long a client may take to send a request: its headers (default 10 s) and all of it
   * (60 s); docs/server.md, Timeouts. Streamed answers are not bounded by them.
   */
  timeouts?: Partial<RequestTimeouts>;
  /** How long `GET /readyz` waits for the database before it answers 503 (default 2,000 ms). */
  readyTimeoutMs?: number;
  writeQueue?: Partial<WriteQueueOptions>;
  /** Edge requests per second per client address (burst twice that); 0 turns it off. */
  rateLimitPerSecond?: number;
  https?: { key: Buffer | string; cert: Buffer | string };
  /**
   * First start: the `admin` account, and nothing else. Default: on when a store is passed in
   * (a deployment such as `liftoff serve`), off for the app's own in-memory store, a throwaway
   * that tests create by the hundred.
   */
  bootstrap?: boolean;
  /**
   * Authentication is always on: every route declares its access (http/routeAccess.ts). The
   * object sets up the first admin; `"off-for-tests"` (tests only) refuses nothing, though
   * a session cookie still says who is signed in.
   */
  auth?:
    | "off-for-tests"
    | {
        /** The first admin's password; default LIFTOFF_ADMIN_PASSWORD, else a random one printed once. */
        adminPassword?: string;
        /** Where the one-time admin password line goes (default stdout). */
        print?: (line: string) => void;
      };
  /**
   * `liftoff serve --public-origin`: the origin pages load libraries from and send events to
   * (`https://tags.example.com`), apart from the studio's. Embed codes use it, and on its
   * host only libraries, edge, identity, preview traces and health answer (docs/server.md,
   * "Trust boundaries"). Unset: one origin serves everything.
   */
  publicOrigin?: string;
  /**
   * Refused requests: how many per route and reason per window are logged in full (default
   * 5) and the window of the summary lines (default 60,000 ms); docs/server.md, Logs and metrics.
   */
  refusals?: Partial<RefusalLogOptions>;
  /** A bearer token that also admits `GET /metrics` (a scraper's; `LIFTOFF_METRICS_TOKEN`). */
  metricsToken?: string;
  /** Preview sessions (docs/preview.md): their caps, and the clock tests hand in. */
  preview?: {
    limits?: Partial<PreviewLimits>;
    now?: () => number;
    /** How often this node ends due sessions (default 10 s). */
    sweepMs?: number;
    /** Trace reports per second per client address (burst twice that); 0 turns it off. */
    traceRatePerSecond?: number;
    /** Open streams per person and per session on this node (default 5 and 20). */
    watchers?: Partial<WatcherCaps>;
  };
  /** Who has which item open (features/authoring/PresenceBoard.ts): its clock and timings, for tests. */
  presence?: Partial<PresenceOptions>;
  /** Builder functions that replace the `@liftoff/builder` package's (tests: a failing build). */
  builder?: Partial<BuilderApi>;
  /**
   * The demo (`liftoff serve --demo`): seeds `document` while the store has no other
   * property, publishes it to every environment, and lets its datastreams accept events from
   * `origins` (the demo site's). Without it the app starts empty: no property, no datastream.
   */
  demo?: DemoOptions;
}

export interface DemoOptions {
  document: () => Promise<PropertyDocument>;
  /** Page origins the demo datastreams accept, as browsers send them (`http://host:port`). */
  origins: string[];
  /** `--demo-variant server-side`: an event forwarding property, seeded after `document`. */
  forwarding?: DemoForwarding;
}

export const VERSION = "0.1.0";

export interface LiftoffApp extends FastifyInstance {
  store: Store;
  live: LiveStream;
  writeQueue: WriteQueue;
  /** Event forwarding on this node: its worker (counts, wake) and secret box. */
  forwarding: Forwarding;
  /** Every registered route with the access it declares (http/routeAccess.ts), complete once ready. */
  routes: readonly RegisteredRoute[];
}

/** The Liftoff server as a Fastify instance; tests call it with `app.inject()`, no port. */
export default function createApp(options: AppOptions = {}): LiftoffApp {
  const timeouts = requestTimeoutOptions({ ...defaultRequestTimeouts, ...options.timeouts });
  const app = Fastify({
    logger: options.logger ?? false,
    // Per-request log lines would cost more than the work at ingest rates; errors and
    // rejected requests are logged by the error mapper instead.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: withSurfaceHeaders(frameworkErrors),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    // The id every problem body reports (`requestId`) and every log line carries (`reqId`);
    // a trusted proxy's X-Request-Id when it sends a valid one.
    genReqId: requestIdGenerator(options.trustProxy !== undefined && options.trustProxy !== false),
    // Shutdown lets a request that arrives on an open connection finish normally: a node
    // draining behind a load balancer answers what it accepted, never a 503 (docs/server.md).
    return503OnClosing: false,
    // Route schemas (the studio API's) check JSON as sent: "5" is not a number, 1 is not a
    // string. Query and URL parameters are strings and their schemas say so.
    ajv: { customOptions: { coerceTypes: false, verbose: true } },
    // A client that sends its request slowly (a byte every few seconds) is cut off with a 408
    // instead of holding a connection for as long as it likes (http/requestTimeouts.ts).
    ...timeouts.fastify,
    clientErrorHandler,
    ...(options.https
      ? { https: { ...options.https, ...timeouts.server } }
      : { http: timeouts.server }),
  }) as unknown as LiftoffApp;
  // First of all hooks: /api answers are no-store even when a later hook refuses them.
  securityHeaders(app);
  drainOnClose(app, options.drainMs);
  const studioDir = options.studioDir ?? studioFolder();
  const ownsStore = !options.store;
  const store = options.store ?? new SqliteStore(":memory:");
  const live = new LiveStream({ ...defaultLiveLimits, ...options.live });
  // A request key stored less than this before a retry answers it (docs/server.md, Retries).
  const retryWindowMs = options.edge?.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS;
  let wakeForwarding = () => {};
  const queue = new WriteQueue(
    (requests) => store.events.appendRequests(requests, retryWindowMs),
    { ...defaultWriteQueueOptions, ...options.writeQueue },
    (events) => {
      live.publish(events);
      // Forwarded requests' inbox rows committed with these events: plan them now.
      wakeForwarding();
    },
  );
  app.decorate("store", store);
  app.decorate("live", live);
  app.decorate("writeQueue", queue);
  app.decorateRequest("signed", null);
  const bootstrap = options.bootstrap ?? !ownsStore;
  const admin = typeof options.auth === "object" ? options.auth : {};
  const builder: BuilderApi = { ...packageBuilder, ...options.builder };
  const api = createApiContext(store, builder, options.publicOrigin);
  // An in-memory store's secrets cannot outlive the process, so neither need its keys.
  const forwarding = createForwarding(
    store,
    { ...(ownsStore ? { ephemeralSecrets: true } : {}), ...options.forwarding },
    (message, detail) => app.log.warn(detail ?? {}, message),
  );
  wakeForwarding = () => forwarding.worker.wake();
  app.decorate("forwarding", forwarding);

  const edge: EdgeOptions = {
    basePath: "ee",
    locationHint: "lo1",
    regionId: 1,
    bodyLimit: 1024 * 1024,
    limits: defaultEnvelopeLimits,
    now: Date.now,
    ...options.edge,
    retryWindowMs,
  };

  // Bodies are kept as text: the edge parses them itself to enforce depth and string limits
  // and to name the field at fault. alloy sends text/plain; application/json is accepted too.
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    ["application/json", "text/plain"],
    { parseAs: "buffer", bodyLimit: edge.bodyLimit },
    (_request, body, done) => {
      // Raw bytes, decoded strictly: bad UTF-8 is a 400, never a silent U+FFFD.
      try {
        done(null, decodeUtf8Body(body as Buffer));
      } catch (error) {
        done(error as Error);
      }
    },
  );
  const refusals = new RefusalLog(app.log, { ...defaultRefusalLogOptions, ...options.refusals });
  errorMapper(app, refusals);
  app.addHook("onReady", (done) => {
    refusals.start();
    done();
  });
  // The summary of the window that shutdown cuts short still reaches the log.
  app.addHook("onClose", (_app, done) => {
    refusals.stop();
    done();
  });
  requestIds(app);
  if (options.publicOrigin !== undefined)
    publicHostOnly(app, {
      publicOrigin: options.publicOrigin,
      edgeBase: `/${edge.basePath.replace(/^\/+|\/+$/g, "")}/`,
    });
  // Before any route: a route that declares no access stops the app from starting.
  const routes = enforceRouteAccess(app, {
    store,
    auth: options.auth === "off-for-tests" ? "off-for-tests" : "on",
    ...(options.metricsToken === undefined ? {} : { metricsToken: options.metricsToken }),
  });
  app.decorate("routes", routes);
  // Before any /api route: one string rule for the whole studio API (NUL, lone surrogates).
  refuseUnstorableStrings(app);

  let stopSharing: (() => void) | undefined;
  let stopDatastreams: (() => void) | undefined;
  app.register(async () => {
    await store.migrate();
    // Events that other nodes on the same database commit reach this node's live stream.
    stopSharing = shareLiveEvents(store, live, (message, err) => app.log.error({ err }, message));
    stopDatastreams = shareDatastreamChanges(store.bus, api.datastreams);
    if (store.bus instanceof PostgresBus) await store.bus.ready();
    if (bootstrap)
      await bootstrapAdmin(
        store,
        admin.adminPassword ?? process.env.LIFTOFF_ADMIN_PASSWORD,
        admin.print ?? ((line) => console.log(line)),
      );
    // The demo finishes before the app is ready: once `liftoff serve --demo` says it is
    // listening, every environment serves its library, and nothing the studio or a test does
    // next can race with the seed's own builds. A seed cut short (a crash) is finished next start.
    if (options.demo) await seedDemo(options.demo);
    if (options.forwarding?.worker !== false) forwarding.worker.start();
  });

  async function seedDemo(demo: DemoOptions): Promise<void> {
    try {
      const document = await demo.document();
      // Datastreams first: the seed's own PropertyService.ensureDatastreams keeps them.
      const datastreams = demoDatastreams(document, demo.origins);
      await putDemoDatastreams(store.datastreams, datastreams);
      const outcome = await seedProperty(api, document);
      if (outcome === "published")
        app.log.info({ propertyId: document.property.id }, "demo: property published");
      if (demo.forwarding) await seedServerSide(demo.forwarding, document, datastreams);
    } catch (error) {
      // A broken demo property must not keep the server from starting; it can be imported or
      // fixed in the studio and published from there.
      app.log.error({ err: error }, "demo: the property could not be seeded and published");
    }
  }

  async function seedServerSide(
    serverSide: DemoForwarding,
    web: PropertyDocument,
    datastreams: Datastream[],
  ): Promise<void> {
    const edge = await serverSide.document();
    const outcome = await seedForwardingDemo(api, edge, serverSide.hosts, datastreams, {
      box: forwarding.box,
      warn: (message) => app.log.warn(message),
    });
    if (outcome === "published")
      app.log.info({ propertyId: edge.property.id }, "demo: forwarding property published");
    const twice = rulesOnBothSides((await api.properties.load(web.property.id)).document, edge);
    if (twice.length > 0)
      app.log.warn(
        { propertyId: web.property.id, rules: twice },
        "demo: this data folder's web property still runs the rules the forwarding property runs on the server (it was seeded without --demo-variant server-side), so the vendors get those calls twice; start with a fresh --data folder",
      );
  }

  // Graceful shutdown: in-flight requests finish, then every queued event is written.
  app.addHook("onClose", async () => {
    stopSharing?.();
    stopDatastreams?.();
    await forwarding.worker.stop();
    await queue.drain();
    if (ownsStore) await store.close();
  });

  app.get("/healthz", { config: { access: "public" } }, () => ({ status: "ok", version: VERSION }));
  metricsRoutes(app, refusals, [forwardingMetrics(forwarding.worker, store.forwarding)]);
  readinessRoutes(app, store, options.readyTimeoutMs ?? 2000);

  app.get("/", { config: { access: "public" } }, (_request, reply) =>
    reply.headers(documentHeaders()).type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Liftoff</title></head>
<body><main><h1>Liftoff</h1>
<p>Self-hosted tag management for Launch containers and the Web SDK.</p>
<ul><li><a href="/studio/">Studio</a></li><li><a href="/healthz">Health</a></li></ul>
</main></body></html>`),
  );

  // The features, each a Fastify plugin in its own context (features/<name>/plugin.ts).
  void app.register(edgeFeature, {
    options: edge,
    deps: {
      datastreams: api.datastreams,
      queue,
      requestKeys: store.events,
      rateLimiter:
        options.rateLimitPerSecond === 0
          ? undefined
          : new RateLimiter(options.rateLimitPerSecond ?? 200),
    },
  });
  void app.register(identityFeature, { regionId: edge.regionId });
  // Reports come in small batches; 50 a second is far above a busy page and stops a flood.
  const traceRate =
    options.preview?.traceRatePerSecond ?? (options.rateLimitPerSecond === 0 ? 0 : 50);
  const previewOptions: PreviewRouteOptions = {
    limits: { ...defaultPreviewLimits, ...options.preview?.limits },
    ...(options.preview?.now ? { now: options.preview.now } : {}),
    // Sessions live in the store; the store's bus tells the other nodes on it of changes.
    bus: store.bus,
    ...(options.preview?.sweepMs ? { sweepMs: options.preview.sweepMs } : {}),
    heartbeatMs: 15_000,
    maxBuffered: live.limits.maxBuffered,
    watchers: { ...defaultWatcherCaps, ...options.preview?.watchers },
    ...(traceRate > 0 ? { traceLimiter: new RateLimiter(traceRate) } : {}),
  };
  const preview = createPreview(api, previewOptions);
  // A preview tab's edge requests report what the server rules did to its session.
  const previewHooks = previewForwardingHooks(preview.sessions, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  forwarding.worker.tellPreviewsThrough(previewHooks.planned, previewHooks.attempt);
  void app.register(previewFeature, { ctx: api, preview, options: previewOptions });
  void app.register(publishingFeature, { ctx: api, preview: preview.library });
  void app.register(liveFeature, { store, live });
  void app.register(reportsFeature, { ctx: api });
  void app.register(authFeature, { ctx: api });
  void app.register(authoringFeature, {
    ctx: api,
    ...(options.presence ? { presence: options.presence } : {}),
  });
  void app.register(datastreamsFeature, { ctx: api });
  void app.register(forwardingFeature, { ctx: api, forwarding });

  if (studioDir && existsSync(studioDir)) {
    app.get("/studio", { config: { access: "public" } }, (_request, reply) =>
      reply.redirect("/studio/"),
    );
    serveStatic(app, "/studio/", studioDir, "index.html");
  }
  return app;
}
