import type { FastifyPluginCallback } from "fastify";
import apiScope from "../../http/apiScope.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import accountRoutes from "./accountRoutes.ts";
import { LoginLimiter } from "./LoginLimiter.ts";

/** Accounts: sign-in and sign-out (sessions, CSRF tokens) and the users admins manage. */
const auth: FastifyPluginCallback<{ ctx: ApiContext }> = (app, { ctx }, done) => {
  apiScope(app);
  accountRoutes(app, ctx, new LoginLimiter(ctx.store.loginFailures));
  done();
};

export default auth;
