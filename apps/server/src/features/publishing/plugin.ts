import type { FastifyPluginCallback } from "fastify";
import apiScope from "../../http/apiScope.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import type { PreviewLibrary } from "../preview/previewLibrary.ts";
import libraryRoutes from "./libraryRoutes.ts";
import publishingRoutes from "./publishingRoutes.ts";

export interface PublishingOptions {
  ctx: ApiContext;
  /** What `/libs/…/preview-<id>.js` answers (the preview feature builds it). */
  preview?: PreviewLibrary;
}

/**
 * Publishing: environments and libraries through their states (build, submit, approve,
 * publish, republish), and serving what was published at stable URLs under `/libs/`.
 */
const publishing: FastifyPluginCallback<PublishingOptions> = (app, { ctx, preview }, done) => {
  apiScope(app);
  publishingRoutes(app, ctx);
  libraryRoutes(app, ctx.store, preview);
  done();
};

export default publishing;
