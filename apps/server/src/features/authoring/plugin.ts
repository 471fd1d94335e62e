import type { FastifyPluginCallback } from "fastify";
import { positiveIntegerText, text } from "../../http/apiSchemas.ts";
import apiScope from "../../http/apiScope.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import auditSeenBy from "./auditSeenBy.ts";
import itemRoutes from "./itemRoutes.ts";
import { DEFAULT_PRESENCE, PresenceBoard, type PresenceOptions } from "./PresenceBoard.ts";
import presenceRoutes from "./presenceRoutes.ts";
import propertyChangeRoutes from "./propertyChangeRoutes.ts";
import propertyRoutes from "./propertyRoutes.ts";
import resourceRoutes from "./resourceRoutes.ts";

export interface AuthoringOptions {
  ctx: ApiContext;
  /** Who has which item open (PresenceBoard.ts): its clock and timings, for tests. */
  presence?: Partial<PresenceOptions>;
}

const auditQuery = {
  type: "object",
  properties: {
    propertyId: text(100),
    limit: positiveIntegerText,
    before: positiveIntegerText,
  },
} as const;

/**
 * Authoring: properties and their resources (rules, data elements, extensions, settings),
 * their revisions, the stream of saves, who has what open, the extension catalogue the
 * forms are drawn from, and the audit log.
 */
const platformQuery = {
  type: "object",
  additionalProperties: false,
  properties: { platform: { type: "string", enum: ["web", "edge"] } },
} as const;

const authoring: FastifyPluginCallback<AuthoringOptions> = (app, { ctx, presence }, done) => {
  apiScope(app);
  const board = new PresenceBoard(ctx.store.bus, { ...DEFAULT_PRESENCE, ...presence });
  app.addHook("onClose", (_instance, closed) => {
    board.close();
    closed();
  });
  // `?platform=edge`: the catalogue of event forwarding properties (docs/event-forwarding.md).
  app.get<{ Querystring: { platform?: "web" | "edge" } }>(
    "/api/extensions",
    { config: { access: "viewer" }, schema: { querystring: platformQuery } },
    (request) =>
      request.query.platform === "edge" ? ctx.builder.forwardingCatalog : ctx.builder.catalog,
  );
  propertyRoutes(app, ctx);
  propertyChangeRoutes(app, ctx, {
    heartbeatMs: 15_000,
    maxBuffered: 1024 * 1024,
    presence: board,
  });
  presenceRoutes(app, ctx, board);
  itemRoutes(app, ctx);
  resourceRoutes(app, ctx);
  app.get<{ Querystring: { propertyId?: string; limit?: string; before?: string } }>(
    "/api/audit",
    { config: { access: "viewer" }, schema: { querystring: auditQuery } },
    async (request) => {
      const { propertyId, limit, before } = request.query;
      const entries = await ctx.store.audit.list({
        ...(propertyId !== undefined ? { propertyId } : {}),
        ...(limit !== undefined ? { limit: Math.min(Number(limit), 1000) } : {}),
        ...(before !== undefined ? { before: Number(before) } : {}),
      });
      return auditSeenBy(entries, request.signed?.user.role);
    },
  );
  done();
};

export default authoring;
