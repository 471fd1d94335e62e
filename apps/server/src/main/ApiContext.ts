import type { FastifyRequest } from "fastify";
import { DatastreamCache } from "../features/datastreams/DatastreamCache.ts";
import type { Store } from "../store/Store.ts";
import { apiProblems } from "../http/apiProblems.ts";
import type { BuilderApi } from "../features/authoring/BuilderApi.ts";
import { PropertyService } from "../features/authoring/PropertyService.ts";
import { ItemChanges } from "../features/authoring/ItemChanges.ts";
import { Publisher } from "../features/publishing/Publisher.ts";

/** What every group of API routes works with. */
export interface ApiContext {
  store: Store;
  builder: BuilderApi;
  properties: PropertyService;
  /** Changes and reads of one rule or data element, sized to that item. */
  items: ItemChanges;
  publisher: Publisher;
  /** The edge's datastream cache: a change through the API applies at once on this node. */
  datastreams: DatastreamCache;
  /** Where pages load libraries from (`--public-origin`); unset, the origin the client used. */
  publicOrigin?: string;
}

/** The signed-in user's name (the access hook sets it before any handler runs). */
export function userOf(request: FastifyRequest): string {
  if (!request.signed) throw apiProblems.unauthenticated();
  return request.signed.user.username;
}

/** The services the API routes share, made once per app. */
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
    items: new ItemChanges(store, builder, properties, properties.views),
    publisher: new Publisher(store, builder, properties),
    datastreams: new DatastreamCache(store.datastreams),
  };
}
