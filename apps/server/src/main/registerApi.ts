import type { FastifyInstance } from "fastify";
import { LoginLimiter } from "../features/auth/LoginLimiter.ts";
import { DatastreamCache } from "../features/datastreams/DatastreamCache.ts";
import fieldErrorsOf from "../http/fieldErrorsOf.ts";
import decodeUtf8Body from "../http/decodeUtf8Body.ts";
import parseStrictJson from "../http/parseStrictJson.ts";
import type { Store } from "../store/Store.ts";
import accountRoutes from "../features/auth/accountRoutes.ts";
import auditSeenBy from "../features/authoring/auditSeenBy.ts";
import type { ApiContext } from "./ApiContext.ts";
import { apiProblems } from "../http/apiProblems.ts";
import { positiveIntegerText, text } from "../http/apiSchemas.ts";
import type { BuilderApi } from "../features/authoring/BuilderApi.ts";
import datastreamRoutes from "../features/datastreams/datastreamRoutes.ts";
import itemRoutes from "../features/authoring/itemRoutes.ts";
import { PropertyService } from "../features/authoring/PropertyService.ts";
import propertyChangeRoutes from "../features/authoring/propertyChangeRoutes.ts";
import propertyRoutes from "../features/authoring/propertyRoutes.ts";
import {
  DEFAULT_PRESENCE,
  PresenceBoard,
  type PresenceOptions,
} from "../features/authoring/PresenceBoard.ts";
import presenceRoutes from "../features/authoring/presenceRoutes.ts";
import { Publisher } from "../features/publishing/Publisher.ts";
import publishingRoutes from "../features/publishing/publishingRoutes.ts";
import resourceRoutes from "../features/authoring/resourceRoutes.ts";
import savedReportRoutes from "../features/reports/savedReportRoutes.ts";

export function createApiContext(
  store: Store,
  builder: BuilderApi,
  publicOrigin?: string,
): ApiContext {
  const properties = new PropertyService(store, builder);
  return {
    store,
    builder,
    ...(publicOrigin === undefined ? {} : { publicOrigin }),
    properties,
    publisher: new Publisher(store, builder, properties),
    datastreams: new DatastreamCache(store.datastreams),
  };
}

/** JSON bodies parsed here, so route schemas see objects; refusals name the path. */
export function parseBodies(api: FastifyInstance): void {
  api.removeContentTypeParser(["application/json", "text/plain"]);
  api.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    // An empty body is no body, as when the header is absent: routes that take none (build,
    // submit, …) accept it, and a route schema that needs one names `body`.
    if ((body as Buffer).length === 0) return done(null, undefined);
    try {
      done(null, parseStrictJson(body as Buffer, apiProblems.invalidField));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Text (a built Launch library to import) stays text, refused when it is not UTF-8.
  api.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, decodeUtf8Body(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
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
 * The studio API (packages/schema/src/api.ts, docs/api.md) in its own Fastify context: JSON
 * bodies become objects, and route schemas check bodies, URL and query parameters, failing
 * as the server's one problem shape (the app's error mapper writes every error). Each route
 * declares who may call it (http/routeAccess.ts).
 */
export default function registerApi(
  app: FastifyInstance,
  ctx: ApiContext,
  presenceOptions: Partial<PresenceOptions> = {},
): void {
  app.register((api, _options, done) => {
    const presence = new PresenceBoard(ctx.store.bus, { ...DEFAULT_PRESENCE, ...presenceOptions });
    api.addHook("onClose", (_instance, closed) => {
      presence.close();
      closed();
    });
    parseBodies(api);
    api.setSchemaErrorFormatter((errors, part) =>
      apiProblems.invalidBody(fieldErrorsOf(errors, part)),
    );
    accountRoutes(api, ctx, new LoginLimiter(ctx.store.loginFailures));
    api.get("/api/extensions", { config: { access: "viewer" } }, () => ctx.builder.catalog);
    propertyRoutes(api, ctx);
    propertyChangeRoutes(api, ctx, { heartbeatMs: 15_000, maxBuffered: 1024 * 1024, presence });
    presenceRoutes(api, ctx, presence);
    itemRoutes(api, ctx);
    resourceRoutes(api, ctx);
    publishingRoutes(api, ctx);
    datastreamRoutes(api, ctx);
    savedReportRoutes(api, ctx);
    api.get<{ Querystring: { propertyId?: string; limit?: string; before?: string } }>(
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
  });
}
