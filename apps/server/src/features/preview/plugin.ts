import type { FastifyPluginCallback } from "fastify";
import type { ApiContext } from "../../main/ApiContext.ts";
import apiScope from "../../http/apiScope.ts";
import type { ClusterBus } from "../../db/ClusterBus.ts";
import type { RateLimiter } from "../../http/RateLimiter.ts";
import previewApiRoutes from "./previewRoutes.ts";
import { PreviewBuilds } from "./PreviewBuilds.ts";
import previewLibrary, { type PreviewLibrary } from "./previewLibrary.ts";
import { PreviewSessions, type PreviewLimits } from "./PreviewSessions.ts";
import previewStreamRoutes, { type PreviewStreamOptions } from "./previewStreamRoutes.ts";
import traceRoutes from "./traceRoutes.ts";

export interface PreviewRouteOptions extends PreviewStreamOptions {
  /** Limits trace reports per client address; undefined: no limit. */
  traceLimiter?: RateLimiter;
  limits?: PreviewLimits;
  /** The clock tests hand in. */
  now?: () => number;
  /** Notices between the nodes on one database; default a LocalBus (this process only). */
  bus?: ClusterBus;
  /** How often this node ends due sessions (PreviewSessions). */
  sweepMs?: number;
}

/** A node's preview sessions, the builds it made for them, and what libraries answer. */
export interface Preview {
  sessions: PreviewSessions;
  library: PreviewLibrary;
}

/** Sessions and traces are in the store; builds are made by each node. */
export function createPreview(ctx: ApiContext, options: PreviewRouteOptions): Preview {
  const sessions = new PreviewSessions(ctx.store.previews, {
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.sweepMs ? { sweepMs: options.sweepMs } : {}),
  });
  const builds = new PreviewBuilds(ctx.publisher);
  sessions.onEnded((id) => builds.forget(id));
  return { sessions, library: previewLibrary(ctx.store, sessions, builds) };
}

/**
 * Preview (docs/preview.md): the studio's routes in an API context (JSON bodies, schema
 * refusals naming fields) and the public trace route. What the library routes answer for
 * `preview-<id>.js` is `Preview.library`, handed to the publishing feature.
 */
const preview: FastifyPluginCallback<{
  ctx: ApiContext;
  preview: Preview;
  options: PreviewRouteOptions;
}> = (app, { ctx, preview: { sessions }, options }, done) => {
  app.register((api, _options, registered) => {
    apiScope(api);
    previewApiRoutes(api, ctx, sessions);
    previewStreamRoutes(api, sessions, options);
    registered();
  });
  traceRoutes(app, sessions, options.traceLimiter);
  app.addHook("onClose", (_app, closed) => {
    sessions.close();
    closed();
  });
  done();
};

export default preview;
