import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { parseBodies } from "../../main/registerApi.ts";
import type { ClusterBus } from "../../db/ClusterBus.ts";
import fieldErrorsOf from "../../http/fieldErrorsOf.ts";
import type { RateLimiter } from "../../http/RateLimiter.ts";
import previewApiRoutes from "./previewRoutes.ts";
import { PreviewBuilds } from "./PreviewBuilds.ts";
import previewLibrary, { type PreviewLibrary } from "./previewLibrary.ts";
import { PreviewSessions, type PreviewLimits } from "./PreviewSessions.ts";
import previewStream, { type PreviewStreamOptions } from "./previewStream.ts";
import traceRoute from "./traceRoute.ts";

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

/**
 * Preview (docs/preview.md): the studio's routes in an API context (JSON bodies, schema
 * refusals naming fields), the public trace route, and what the library routes answer for
 * `preview-<id>.js`. Sessions and traces are in the store; builds are made by each node.
 */
export default function registerPreview(
  app: FastifyInstance,
  ctx: ApiContext,
  options: PreviewRouteOptions,
): PreviewLibrary {
  const sessions = new PreviewSessions(ctx.store.previews, {
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.sweepMs ? { sweepMs: options.sweepMs } : {}),
  });
  const builds = new PreviewBuilds(ctx.publisher);
  // Whichever node ended it, this one drops the build it keeps for the session.
  sessions.onEnded((id) => builds.forget(id));
  app.register((api, _options, done) => {
    parseBodies(api);
    api.setSchemaErrorFormatter((errors, part) =>
      apiProblems.invalidBody(fieldErrorsOf(errors, part)),
    );
    previewApiRoutes(api, ctx, sessions);
    previewStream(api, sessions, options);
    done();
  });
  traceRoute(app, sessions, options.traceLimiter);
  app.addHook("onClose", (_app, done) => {
    sessions.close();
    done();
  });
  return previewLibrary(ctx.store, sessions, builds);
}
