import type { FastifyPluginCallback } from "fastify";
import apiScope from "../../http/apiScope.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import datastreamRoutes from "./datastreamRoutes.ts";

/** Datastreams: the edge's configuration per environment, and the page origins it accepts. */
const datastreams: FastifyPluginCallback<{ ctx: ApiContext }> = (app, { ctx }, done) => {
  apiScope(app);
  datastreamRoutes(app, ctx);
  done();
};

export default datastreams;
