import type { FastifyPluginCallback } from "fastify";
import type { Store } from "../../store/Store.ts";
import eventRoutes from "./eventRoutes.ts";
import type { LiveStream } from "./LiveStream.ts";

/** Stored events, newest first, and the live stream of events as they are committed. */
const live: FastifyPluginCallback<{ store: Store; live: LiveStream }> = (app, options, done) => {
  eventRoutes(app, options.store, options.live);
  done();
};

export default live;
