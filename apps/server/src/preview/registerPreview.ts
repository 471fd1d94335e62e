import type { FastifyInstance } from "fastify";
import type { ApiContext } from "../api/ApiContext.ts";
import { apiProblems } from "../api/apiProblems.ts";
import { parseBodies } from "../api/registerApi.ts";
import fieldErrorsOf from "../http/fieldErrorsOf.ts";
import type { RateLimiter } from "../http/RateLimiter.ts";
import previewApiRoutes from "./previewApiRoutes.ts";
import { PreviewBuilds } from "./PreviewBuilds.ts";
import previewLibrary, { type PreviewLibrary } from "./previewLibrary.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";
import previewStream, { type PreviewStreamOptions } from "./previewStream.ts";
import traceRoute from "./traceRoute.ts";

export interface PreviewRouteOptions extends PreviewStreamOptions {
  /** Limits trace reports per client address; undefined: no limit. */
  traceLimiter?: RateLimiter;
}

/**
 * Preview (docs/preview.md): the studio's routes in an API context (JSON bodies, schema
 * refusals naming fields), the public trace route, and what the library routes answer for
 * `preview-<id>.js`.
 */
export default function registerPreview(
  app: FastifyInstance,
  ctx: ApiContext,
  sessions: PreviewSessions,
  options: PreviewRouteOptions,
): PreviewLibrary {
  const builds = new PreviewBuilds(ctx.publisher);
  app.register((api, _options, done) => {
    parseBodies(api);
    api.setSchemaErrorFormatter((errors, part) =>
      apiProblems.invalidBody(fieldErrorsOf(errors, part)),
    );
    previewApiRoutes(api, ctx, sessions, (id) => builds.forget(id));
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
