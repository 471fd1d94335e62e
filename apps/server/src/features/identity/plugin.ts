import type { FastifyPluginCallback } from "fastify";
import identityRoutes from "./identityRoutes.ts";

/** The Visitor API's identity service: ECIDs (`/id`), opt-out status and the destination page. */
const identity: FastifyPluginCallback<{ regionId: number }> = (app, { regionId }, done) => {
  identityRoutes(app, regionId);
  done();
};

export default identity;
