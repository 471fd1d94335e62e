import type { FastifyPluginCallback } from "fastify";
import apiScope from "../../http/apiScope.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import reportRoutes from "./reportRoutes.ts";
import savedReportRoutes from "./savedReportRoutes.ts";

/** Reports over stored events, breakdowns by any field, and the breakdowns a property saves. */
const reports: FastifyPluginCallback<{ ctx: ApiContext }> = (app, { ctx }, done) => {
  apiScope(app);
  reportRoutes(app, ctx.store);
  savedReportRoutes(app, ctx);
  done();
};

export default reports;
