import type { FastifyInstance } from "fastify";
import { problems } from "../http/problems.ts";
import { latestVersion } from "../store/migrations.ts";
import type { Store } from "../store/Store.ts";

const NO_STORE = { "cache-control": "no-store" };

/** The store's schema version, or a rejection when it does not answer within `ms`. */
function schemaVersionWithin(store: Store, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([store.schemaVersion(), late]).finally(() => clearTimeout(timer));
}

/**
 * `GET /readyz`: whether a load balancer should send this node traffic. Ready when the
 * database answers a trivial query within `timeoutMs` and its schema is the one this code
 * migrates to; not ready (503, naming why) otherwise and once shutdown has begun. `/healthz`
 * stays the cheap liveness check that touches no database.
 */
export default function readinessRoutes(
  app: FastifyInstance,
  store: Store,
  timeoutMs: number,
): void {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.get("/readyz", { config: { access: "public" } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (closing) throw problems.notReady("shutting down", { headers: NO_STORE });
    const version = await schemaVersionWithin(store, timeoutMs).catch((error: unknown) => {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
      throw problems.notReady(`database unreachable: ${reason}`, { headers: NO_STORE });
    });
    if (version !== latestVersion)
      throw problems.notReady(`schema version ${version}, this node expects ${latestVersion}`, {
        headers: NO_STORE,
      });
    return { status: "ready", schemaVersion: version, expected: latestVersion };
  });
}
