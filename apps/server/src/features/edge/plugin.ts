import type { FastifyPluginCallback } from "fastify";
import edgeRoutes, { type EdgeDeps, type EdgeOptions } from "./edgeRoutes.ts";

/**
 * The Edge Network's endpoints alloy calls (`/ee/…`: interact, collect, identity, consent,
 * media), answering as Adobe's edge does and storing each request's events exactly once.
 */
const edge: FastifyPluginCallback<{ options: EdgeOptions; deps: EdgeDeps }> = (
  app,
  { options, deps },
  done,
) => {
  edgeRoutes(app, options, deps);
  done();
};

export default edge;
