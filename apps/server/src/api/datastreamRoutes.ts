import type { DatastreamInfo } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { userOf, type ApiContext } from "./ApiContext.ts";
import { apiProblems } from "./apiProblems.ts";
import { jsonBody, paramsOf } from "./requestParts.ts";

const MAX_ORIGINS = 100;
const MAX_ORIGIN_LENGTH = 300;

/**
 * One allowed origin, exactly as a browser sends it in the Origin header: `http(s)://host`
 * with an optional port, lower case, no path and no default port. Anything else could never
 * match a request, so it is refused with the form the browser would send when there is one.
 */
function originAt(value: unknown, path: string): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_ORIGIN_LENGTH)
    throw apiProblems.invalidField(
      path,
      `expected an origin of at most ${MAX_ORIGIN_LENGTH} characters`,
    );
  if (value.includes("*"))
    throw apiProblems.invalidField(path, "wildcards are not allowed; list each origin");
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
  return value;
}

function allowedOriginsOf(body: Record<string, unknown>): string[] {
  const list = body.allowedOrigins;
  if (!Array.isArray(list) || list.length > MAX_ORIGINS)
    throw apiProblems.invalidField(
      "allowedOrigins",
      `expected a list of at most ${MAX_ORIGINS} origins (empty: refuse every page)`,
    );
  const origins = list.map((value, i) => originAt(value, `allowedOrigins[${i}]`));
  const twice = origins.findIndex((o, i) => origins.indexOf(o) !== i);
  if (twice >= 0) throw apiProblems.invalidField(`allowedOrigins[${twice}]`, "listed twice");
  return origins;
}

/** Datastreams: read one, and set the page origins allowed to send to it (admins). */
export default function datastreamRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const find = async (id: string): Promise<DatastreamInfo> => {
    const datastream = await ctx.store.datastreams.get(id);
    if (!datastream) throw apiProblems.notFound(`datastream "${id}"`);
    return datastream;
  };

  app.get("/api/datastreams/:id", (request) => find(paramsOf(request).id!));

  app.put("/api/datastreams/:id/allowed-origins", async (request) => {
    const allowedOrigins = allowedOriginsOf(jsonBody(request));
    const current = await find(paramsOf(request).id!);
    const next = { ...current, allowedOrigins };
    await ctx.store.datastreams.put(next);
    ctx.datastreams.invalidate();
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
  });
}
