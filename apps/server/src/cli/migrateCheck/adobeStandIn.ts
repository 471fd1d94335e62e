/**
 * migrate-check's stand-in for Adobe's collection and identity servers. Offline, an original
 * Web SDK library gets no edge answer ("No identity was set on response.", retries) and a
 * Visitor API no `/id`, so a comparison would mostly measure the network. Both runs — the
 * original and the rebuild — send to the same hosts, so both are answered here the same way,
 * and nothing leaves the machine:
 *
 * - the Web SDK's edge (`edge.adobedc.net`, the third-party `adobedc.demdex.net`, and any
 *   `edgeDomain` the property configures) and the ID service's `/id`, `/optOutStatus` and
 *   `/dest5.html` on `*.demdex.net` are answered by Liftoff's own edge and identity routes,
 *   in process (an app on a throwaway in-memory store), with a datastream for each id the
 *   property names;
 * - the rest is answered with the shape Adobe's servers give: Analytics beacons on
 *   `*.sc.omtrdc.net`, `*.2o7.net` and the tracking servers the property names (a 1×1 GIF),
 *   Target's `*.tt.omtrdc.net` (a delivery answer with nothing to show), Audience Manager's
 *   `/event` (no segments) and ID syncs on `*.demdex.net` (an empty GIF).
 */
import type { PropertyDocument } from "@liftoff/schema";
import createApp, { type LiftoffApp } from "../../main/createApp.ts";

export interface StandInRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface StandInAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

export interface AdobeStandIn {
  /** The answer for a request to one of Adobe's hosts; undefined for any other host. */
  answer(request: StandInRequest): Promise<StandInAnswer | undefined>;
  close(): Promise<void>;
}

/** Which of Adobe's services a host is, or undefined for a host that is none of them. */
export type AdobeService = "edge" | "identity" | "analytics" | "target";

const EDGE_HOSTS = new Set(["edge.adobedc.net", "adobedc.demdex.net"]);
const ORG_ID = /^[A-Za-z0-9]+@AdobeOrg$/;
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** What the property's extension settings name, wherever an extension keeps it. */
interface Named {
  /** Datastream id → the org its instance configures. */
  datastreams: Map<string, string>;
  edgeDomains: Set<string>;
  trackingServers: Set<string>;
}

const DATASTREAM_KEYS = [
  "edgeConfigId",
  "stagingEdgeConfigId",
  "developmentEdgeConfigId",
  "datastreamId",
  "sandboxDatastreamId",
];

function walk(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (value && typeof value === "object") {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((item) => walk(item, visit));
  }
}

function namedIn(doc: PropertyDocument): Named {
  const named: Named = {
    datastreams: new Map(),
    edgeDomains: new Set(),
    trackingServers: new Set(),
  };
  const companyOrg = typeof doc.company.orgId === "string" ? doc.company.orgId : "";
  for (const extension of doc.extensions)
    walk(extension.settings, (settings) => {
      const org = typeof settings.orgId === "string" ? settings.orgId : companyOrg;
      for (const key of DATASTREAM_KEYS)
        if (typeof settings[key] === "string" && settings[key])
          named.datastreams.set(settings[key], org);
      if (typeof settings.edgeDomain === "string")
        named.edgeDomains.add(settings.edgeDomain.toLowerCase());
      for (const key of ["trackingServer", "trackingServerSecure"])
        if (typeof settings[key] === "string" && settings[key])
          named.trackingServers.add(settings[key].toLowerCase().replace(/:\d+$/, ""));
    });
  return named;
}

/** The service a host belongs to, for the property that names `named`. */
function serviceOf(host: string, named: Named): AdobeService | undefined {
  if (EDGE_HOSTS.has(host) || named.edgeDomains.has(host)) return "edge";
  if (host === "demdex.net" || host.endsWith(".demdex.net")) return "identity";
  if (host.endsWith(".tt.omtrdc.net")) return "target";
  if (host.endsWith(".omtrdc.net") || host.endsWith(".2o7.net") || named.trackingServers.has(host))
    return "analytics";
  return undefined;
}

const cors = (request: StandInRequest): Record<string, string> => {
  const origin = request.headers.origin;
  return origin
    ? {
        "access-control-allow-origin": origin,
        "access-control-allow-credentials": "true",
        "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "*",
        "access-control-allow-methods": "GET, POST, OPTIONS",
      }
    : {};
};

/** A JSON answer, or JSONP when the caller named a callback (Adobe's servers do both). */
function json(request: StandInRequest, value: unknown, callbackParam?: string): StandInAnswer {
  const callback = callbackParam && new URL(request.url).searchParams.get(callbackParam);
  if (callback && /^[A-Za-z_$][\w$.[\]]*$/.test(callback))
    return {
      status: 200,
      headers: { "content-type": "application/javascript" },
      body: `${callback}(${JSON.stringify(value)});`,
    };
  return {
    status: 200,
    headers: { "content-type": "application/json", ...cors(request) },
    body: JSON.stringify(value),
  };
}

const gif = (request: StandInRequest): StandInAnswer => ({
  status: 200,
  headers: { "content-type": "image/gif", ...cors(request) },
  body: GIF,
});

/** Analytics: beacons get Adobe's 1×1 GIF; AppMeasurement's own visitor id call gets an id. */
function analytics(request: StandInRequest): StandInAnswer {
  const path = new URL(request.url).pathname;
  if (path === "/id") return json(request, { id: "2F0F0C5E0515C1F5-4000060D20000001" }, "callback");
  return gif(request);
}

/** Target: a delivery (at.js 2) or mbox (at.js 1) answer with nothing to show. */
function target(request: StandInRequest): StandInAnswer {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/rest/v1/delivery")) {
    let requestId: unknown;
    try {
      requestId = (JSON.parse(request.body ?? "{}") as { requestId?: unknown }).requestId;
    } catch {
      // Not JSON: answered all the same, as the request measure counts it either way.
    }
    return json(request, {
      status: 200,
      requestId: typeof requestId === "string" ? requestId : "",
      client: url.hostname.split(".")[0],
      id: { tntId: "migrate-check.31_0" },
      edgeHost: "mboxedge31.tt.omtrdc.net",
      execute: { pageLoad: {} },
      prefetch: {},
    });
  }
  return json(request, { tntId: "migrate-check.31_0", offers: [] }, "callback");
}

/** Audience Manager's `/event` and ID syncs on demdex hosts that Liftoff does not serve. */
function audienceManager(request: StandInRequest): StandInAnswer {
  if (new URL(request.url).pathname === "/event")
    return json(
      request,
      {
        stuff: [],
        uuid: "00000000000000000000000000000000000000",
        dcs_region: 9,
        tid: "migratecheck=",
      },
      "d_cb",
    );
  return gif(request);
}

const LIFTOFF_IDENTITY_PATHS = new Set(["/id", "/optOutStatus", "/dest5.html"]);

class StandIn implements AdobeStandIn {
  private readonly registered = new Map<string, Promise<void>>();

  constructor(
    private readonly app: LiftoffApp,
    private readonly named: Named,
    private readonly pageOrigins: string[],
  ) {}

  async answer(request: StandInRequest): Promise<StandInAnswer | undefined> {
    const url = new URL(request.url);
    const service = serviceOf(url.hostname.toLowerCase(), this.named);
    if (!service) return undefined;
    if (request.method === "OPTIONS") return { status: 204, headers: cors(request), body: "" };
    if (service === "analytics") return analytics(request);
    if (service === "target") return target(request);
    if (service === "identity" && !LIFTOFF_IDENTITY_PATHS.has(url.pathname))
      return audienceManager(request);
    // The edge's base path may be the property's own (edgeBasePath); Liftoff's is /ee.
    const path =
      service === "edge"
        ? url.pathname.replace(/^\/[^/]+\//, "/ee/") + url.search
        : url.pathname + url.search;
    if (service === "edge") await this.ensureDatastream(url.searchParams.get("configId"));
    // The body is re-sent as text, so its length is counted again.
    const { "content-length": _length, ...headers } = request.headers;
    const response = await this.app.inject({
      method: request.method as "GET" | "POST",
      url: path,
      headers,
      ...(request.body === null ? {} : { payload: request.body }),
    });
    const answered: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined && !/^(content-length|connection|transfer-encoding)$/i.test(name))
        answered[name] = Array.isArray(value) ? value.join(", ") : String(value);
    return { status: response.statusCode, headers: answered, body: response.rawPayload };
  }

  /** A datastream for an id the property names, or one the page sends to all the same. */
  private ensureDatastream(id: string | null): Promise<void> {
    if (!id) return Promise.resolve();
    let put = this.registered.get(id);
    if (!put) this.registered.set(id, (put = this.putDatastream(id)));
    return put;
  }

  private async putDatastream(id: string): Promise<void> {
    const orgId = this.named.datastreams.get(id) ?? [...this.named.datastreams.values()][0] ?? "";
    await this.app.store.datastreams.put({
      id,
      orgId: ORG_ID.test(orgId) ? orgId : "MIGRATECHECK0000000000@AdobeOrg",
      propertyId: "PRmigratecheck",
      environmentId: "ENmigratecheck",
      stage: "production",
      allowedOrigins: this.pageOrigins,
    });
  }

  async close(): Promise<void> {
    await this.app.close();
  }
}

/** Starts the stand-in for a property whose pages are on `pageOrigins`. */
export default async function startAdobeStandIn(
  doc: PropertyDocument,
  pageOrigins: string[],
): Promise<AdobeStandIn> {
  const app = createApp({ logger: false, rateLimitPerSecond: 0 });
  await app.ready();
  return new StandIn(app, namedIn(doc), [...new Set(pageOrigins)]);
}

export { serviceOf as adobeServiceOf, namedIn };
