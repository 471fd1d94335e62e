import type { FastifyInstance } from "fastify";
import createGuard from "../auth/createGuard.ts";
import { LoginLimiter } from "../auth/LoginLimiter.ts";
import { DatastreamCache } from "../edge/DatastreamCache.ts";
import type { Store } from "../storage/Store.ts";
import accountRoutes from "./accountRoutes.ts";
import type { ApiContext } from "./ApiContext.ts";
import { ApiError, apiProblems } from "./ApiError.ts";
import type { PartialBuilder } from "./BuilderApi.ts";
import datastreamRoutes from "./datastreamRoutes.ts";
import itemRoutes from "./itemRoutes.ts";
import { PropertyService } from "./PropertyService.ts";
import propertyRoutes from "./propertyRoutes.ts";
import { Publisher } from "./Publisher.ts";
import { positiveInteger, queryOf } from "./requestParts.ts";
import publishingRoutes from "./publishingRoutes.ts";
import resourceRoutes from "./resourceRoutes.ts";

export function createApiContext(store: Store, builder: PartialBuilder): ApiContext {
  const properties = new PropertyService(store, builder);
  return {
    store,
    builder,
    properties,
    publisher: new Publisher(store, builder, properties),
    guard: createGuard(store),
    datastreams: new DatastreamCache(store.datastreams),
  };
}

/**
 * The studio API (packages/schema/src/api.ts, docs/api.md) in its own Fastify context: its
 * error handler adds the ApiProblem members (`errors`, `conflict`) and hands every
 * other error to the app's mapper.
 */
export default function registerApi(app: FastifyInstance, ctx: ApiContext): void {
  app.register((api, _options, done) => {
    api.setErrorHandler((error, request, reply) => {
      if (!(error instanceof ApiError)) throw error;
      request.log.info(
        { status: error.status, type: error.type, field: error.field, url: request.url },
        error.message,
      );
      return reply
        .code(error.status)
        .headers(error.headers)
        .type("application/problem+json")
        .send({
          type: error.type,
          title: error.title,
          status: error.status,
          detail: error.message,
          ...(error.field ? { field: error.field } : {}),
          ...error.extra,
        });
    });
    accountRoutes(api, ctx, new LoginLimiter());
    api.get("/api/extensions", { preHandler: ctx.guard("viewer") }, () => {
      if (!ctx.builder.catalog) throw apiProblems.builderMissing();
      return ctx.builder.catalog;
    });
    propertyRoutes(api, ctx);
    itemRoutes(api, ctx);
    resourceRoutes(api, ctx);
    publishingRoutes(api, ctx);
    datastreamRoutes(api, ctx);
    api.get("/api/audit", { preHandler: ctx.guard("viewer") }, (request) => {
      const query = queryOf(request);
      const propertyId = query.propertyId;
      if (propertyId !== undefined && typeof propertyId !== "string")
        throw apiProblems.invalidField("propertyId", "expected one property id");
      return ctx.store.audit.list({
        ...(propertyId !== undefined ? { propertyId } : {}),
        ...(query.limit !== undefined
          ? { limit: Math.min(positiveInteger(query.limit, "limit"), 1000) }
          : {}),
        ...(query.before !== undefined ? { before: positiveInteger(query.before, "before") } : {}),
      });
    });
    done();
  });
}
