import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { defaultDatastreams } from "./defaultDatastreams.ts";
import { DatastreamCache } from "./edge/DatastreamCache.ts";
import { defaultEnvelopeLimits } from "./edge/parseEnvelope.ts";
import registerEdgeRoutes, { type EdgeOptions } from "./edge/registerEdgeRoutes.ts";
import { defaultWriteQueueOptions, WriteQueue, type WriteQueueOptions } from "./edge/WriteQueue.ts";
import errorMapper, { frameworkErrors } from "./http/errorMapper.ts";
import { RateLimiter } from "./http/RateLimiter.ts";
import registerIdentityRoutes from "./identity/registerIdentityRoutes.ts";
import registerLibraryRoutes from "./libraries/registerLibraryRoutes.ts";
import { LiveStream } from "./LiveStream.ts";
import registerEventRoutes from "./registerEventRoutes.ts";
import serveStatic from "./serveStatic.ts";
import { SqliteStore } from "./storage/SqliteStore.ts";
import type { Store } from "./storage/Store.ts";

export interface AppOptions {
  /** Folder of the built studio (apps/studio/dist); served at /studio/ when present. */
  studioDir?: string;
  /** Fastify's logger (pino): `false`, `true` or its options. Structured JSON lines. */
  logger?: FastifyServerOptions["logger"];
  /** Where everything is kept; default an in-memory SQLite store the app closes itself. */
  store?: Store;
  /** Seeds the default datastreams of the spec's property when missing (default true). */
  seed?: boolean;
  edge?: Partial<EdgeOptions>;
  writeQueue?: Partial<WriteQueueOptions>;
  /** Edge requests per second per client address (burst twice that); 0 turns it off. */
  rateLimitPerSecond?: number;
  https?: { key: Buffer | string; cert: Buffer | string };
}

const repoRoot = () => {
  // Works both from src/ (tsx, vitest) and from dist/ (the esbuild bundle).
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "apps")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
};

export const VERSION = "0.1.0";
export const defaultRepoRoot = repoRoot;

export interface LiftoffApp extends FastifyInstance {
  store: Store;
  live: LiveStream;
  writeQueue: WriteQueue;
}

/** The Liftoff server as a Fastify instance; tests call it with `app.inject()`, no port. */
export default function createApp(options: AppOptions = {}): LiftoffApp {
  const app = Fastify({
    logger: options.logger ?? false,
    // Per-request log lines would cost more than the work at ingest rates; errors and
    // rejected requests are logged by the error mapper instead.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    ...(options.https ? { https: options.https } : {}),
  }) as unknown as LiftoffApp;
  const studioDir = options.studioDir ?? join(repoRoot(), "apps/studio/dist");
  const ownsStore = !options.store;
  const store = options.store ?? new SqliteStore(":memory:");
  const live = new LiveStream();
  const queue = new WriteQueue(
    (events) => store.events.appendBatch(events),
    { ...defaultWriteQueueOptions, ...options.writeQueue },
    (events) => live.publish(events),
  );
  app.decorate("store", store);
  app.decorate("live", live);
  app.decorate("writeQueue", queue);

  const edge: EdgeOptions = {
    basePath: "ee",
    locationHint: "lo1",
    regionId: 1,
    bodyLimit: 1024 * 1024,
    limits: defaultEnvelopeLimits,
    ...options.edge,
  };

  // Bodies are kept as text: the edge parses them itself to enforce depth and string limits
  // and to name the field at fault. alloy sends text/plain; application/json is accepted too.
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    ["application/json", "text/plain"],
    { parseAs: "string", bodyLimit: edge.bodyLimit },
    (_request, body, done) => done(null, body),
  );
  errorMapper(app);

  app.register(async () => {
    await store.migrate();
    if (options.seed ?? true)
      for (const ds of defaultDatastreams) await store.datastreams.putIfMissing(ds);
  });
  // Graceful shutdown: in-flight requests finish, then every queued event is written.
  app.addHook("onClose", async () => {
    await queue.drain();
    if (ownsStore) await store.close();
  });

  app.get("/healthz", () => ({ status: "ok", version: VERSION }));

  app.get("/", (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Liftoff</title></head>
<body><main><h1>Liftoff</h1>
<p>Self-hosted tag management for Launch containers and the Web SDK.</p>
<ul><li><a href="/studio/">Studio</a></li><li><a href="/healthz">Health</a></li></ul>
</main></body></html>`),
  );

  app.get("/api/datastreams", async () => ({ datastreams: await store.datastreams.list() }));

  registerEdgeRoutes(app, edge, {
    datastreams: new DatastreamCache(store.datastreams),
    queue,
    rateLimiter:
      options.rateLimitPerSecond === 0
        ? undefined
        : new RateLimiter(options.rateLimitPerSecond ?? 200),
  });
  registerIdentityRoutes(app, edge.regionId);
  registerLibraryRoutes(app, store);
  registerEventRoutes(app, store, live);

  if (existsSync(studioDir)) {
    app.get("/studio", (_request, reply) => reply.redirect("/studio/"));
    serveStatic(app, "/studio/", studioDir, "index.html");
  }
  return app;
}
