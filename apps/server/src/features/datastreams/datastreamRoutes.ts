import type { DatastreamForwarding, DatastreamInfo } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { paramsOf } from "../../http/requestParts.ts";
import { DATASTREAMS_CHANNEL } from "./shareDatastreamChanges.ts";

const MAX_ORIGINS = 100;
const MAX_ORIGIN_LENGTH = 300;

/**
 * The list's shape: at most MAX_ORIGINS strings, none with a wildcard, none twice. What the
 * schema cannot say (that each is an origin as a browser sends it) is `checkOrigins`'s.
 */
const originsBody = {
  type: "object",
  required: ["allowedOrigins"],
  properties: {
    allowedOrigins: {
      type: "array",
      maxItems: MAX_ORIGINS,
      description: `expected a list of at most ${MAX_ORIGINS} origins (empty: refuse every page)`,
      items: {
        type: "string",
        minLength: 1,
        maxLength: MAX_ORIGIN_LENGTH,
        pattern: "^[^*]*$",
        description: `expected an origin of at most ${MAX_ORIGIN_LENGTH} characters, without wildcards (list each origin)`,
      },
    },
  },
} as const;

/**
 * Each entry exactly as a browser sends it in the Origin header: `http(s)://host` with an
 * optional port, lower case, no path and no default port. Anything else could never match a
 * request, so it is refused with the form the browser would send when there is one.
 */
function checkOrigins(origins: string[]): string[] {
  origins.forEach((value, i) => {
    const path = `allowedOrigins[${i}]`;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
      throw apiProblems.invalidField(path, "expected scheme://host[:port] with http or https");
    if (url.origin !== value)
      throw apiProblems.invalidField(
        path,
        `expected scheme://host[:port] as browsers send it, without a path: ${url.origin}`,
      );
    if (origins.indexOf(value) !== i) throw apiProblems.invalidField(path, "listed twice");
  });
  return origins;
}

const forwardingBody = {
  type: "object",
  required: ["propertyId"],
  additionalProperties: false,
  properties: {
    propertyId: {
      type: ["string", "null"],
      minLength: 1,
      maxLength: 100,
      description: "expected a forwarding property's id, or null to stop forwarding",
    },
    environmentId: {
      type: "string",
      minLength: 1,
      maxLength: 100,
      description: "expected an environment of the forwarding property",
    },
  },
} as const;

/**
 * Datastreams: list them, read one, set the page origins allowed to send to it, and link it
 * to an event forwarding property (admins).
 */
export default function datastreamRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const find = async (id: string): Promise<DatastreamInfo> => {
    const datastream = await ctx.store.datastreams.get(id);
    if (!datastream) throw apiProblems.notFound(`datastream "${id}"`);
    return datastream;
  };

  app.get("/api/datastreams", { config: { access: "viewer" } }, async () => ({
    datastreams: await ctx.store.datastreams.list(),
  }));
  app.get("/api/datastreams/:id", { config: { access: "viewer" } }, (request) =>
    find(paramsOf(request).id!),
  );

  app.put<{ Body: { allowedOrigins: string[] } }>(
    "/api/datastreams/:id/allowed-origins",
    { config: { access: "admin" }, schema: { body: originsBody } },
    async (request) => {
      const allowedOrigins = checkOrigins(request.body.allowedOrigins);
      const current = await find(paramsOf(request).id!);
      const next = { ...current, allowedOrigins };
      await ctx.store.datastreams.put(next);
      ctx.datastreams.invalidate();
      await ctx.store.bus.publish(DATASTREAMS_CHANNEL, current.id);
      await ctx.store.audit.append({
        user: userOf(request),
        action: "datastream.origins",
        propertyId: current.propertyId,
        target: current.id,
        detail: {
          summary: `set the allowed origins of datastream "${current.id}"`,
          before: current.allowedOrigins,
          after: allowedOrigins,
        },
      });
      return next;
    },
  );

  // The forwarding property's environment whose library runs for this datastream's events:
  // the one named, or the property's environment of the datastream's stage (the first, when a
  // property has several development environments).
  app.put<{ Body: { propertyId: string | null; environmentId?: string } }>(
    "/api/datastreams/:id/forwarding",
    { config: { access: "admin" }, schema: { body: forwardingBody } },
    async (request) => {
      const current = await find(paramsOf(request).id!);
      const { propertyId, environmentId } = request.body;
      let forwarding: DatastreamForwarding | null = null;
      if (propertyId !== null) {
        const settings = await ctx.store.authoring.workingSettings(propertyId);
        if (!settings) throw apiProblems.invalidField("propertyId", `no property "${propertyId}"`);
        if (settings.platform !== "edge")
          throw apiProblems.invalidField(
            "propertyId",
            `"${propertyId}" is a web property; link an event forwarding property`,
          );
        const { document } = await ctx.properties.load(propertyId);
        const env = environmentId
          ? document.environments.find((e) => e.id === environmentId)
          : document.environments.find((e) => e.stage === current.stage);
        if (!env)
          throw apiProblems.invalidField(
            "environmentId",
            environmentId
              ? `expected one of the property's environments: ${document.environments.map((e) => e.id).join(", ")}`
              : `the property has no ${current.stage} environment; name one`,
          );
        forwarding = { propertyId, environmentId: env.id };
      }
      await ctx.store.datastreams.setForwarding(current.id, forwarding);
      ctx.datastreams.invalidate();
      await ctx.store.bus.publish(DATASTREAMS_CHANNEL, current.id);
      await ctx.store.audit.append({
        user: userOf(request),
        action: "datastream.forwarding",
        propertyId: current.propertyId,
        target: current.id,
        detail: {
          summary: forwarding
            ? `forwarded datastream "${current.id}" to ${forwarding.propertyId}/${forwarding.environmentId}`
            : `stopped forwarding datastream "${current.id}"`,
          before: current.forwarding ?? null,
          after: forwarding,
        },
      });
      const { forwarding: _old, ...rest } = current;
      return forwarding ? { ...rest, forwarding } : rest;
    },
  );
}
