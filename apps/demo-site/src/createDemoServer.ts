import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { HERO_SVG, toneWav } from "./media.ts";
import { findPage } from "./pages.ts";
import renderPage from "./renderPage.ts";
import { VENDOR_SCRIPTS, type VendorCall } from "./vendorStandIns.ts";

export interface DemoServerOptions {
  /**
   * The library's `<script src>`: the Liftoff server origin +
   * `/libs/PRpcmarketing/<environmentId>/launch.min.js`. Without it pages carry no library.
   * A function is asked on every page: `liftoff serve --demo` starts the site before the
   * server knows its own port.
   */
  libraryUrl?: string | (() => string | undefined);
}

export interface DemoServer extends Server {
  /** Every request made to the vendor stand-ins, oldest first. */
  readonly vendorCalls: VendorCall[];
}

const WAV = toneWav();

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-cache" }).end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/**
 * The ad pixel's Conversions API (`POST <endpoint>/<pixel id>/events`): where the server-side
 * variant's event forwarding sends the PageView (properties/pc-marketing,
 * createForwardingProperty.ts). Answered as the vendor answers, with the count of events.
 */
const CONVERSIONS_API = /^\/vendor\/pixel\/[^/]+\/events$/;

function conversionsAnswer(body: string): string {
  let data: unknown;
  try {
    data = (JSON.parse(body) as { data?: unknown }).data;
  } catch {
    data = undefined;
  }
  return JSON.stringify({ events_received: Array.isArray(data) ? data.length : 0 });
}

/** Serves a vendor request: scripts, collect endpoints, and records it. */
async function vendor(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  calls: VendorCall[],
) {
  const body = await readBody(req);
  calls.push({ method: req.method ?? "GET", path, body, time: Date.now() });
  const script = VENDOR_SCRIPTS[path];
  if (script) return send(res, 200, "text/javascript; charset=utf-8", script);
  if (req.method === "POST" && CONVERSIONS_API.test(path))
    return send(res, 200, "application/json", conversionsAnswer(body));
  if (path.endsWith("/collect")) return send(res, 204, "text/plain", "");
  send(res, 404, "text/plain", "Not found");
}

/**
 * The demo site on its own origin (its own port), separate from the Liftoff server, so the
 * container runs cross-origin as in production. `GET /__calls` answers the vendor calls as
 * JSON and `DELETE /__calls` forgets them.
 */
export default function createDemoServer(options: DemoServerOptions = {}): DemoServer {
  const calls: VendorCall[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://demo.invalid");
    const path = url.pathname;
    if (path === "/__calls") {
      if (req.method === "DELETE") calls.length = 0;
      return send(res, 200, "application/json", JSON.stringify(calls));
    }
    if (path.startsWith("/vendor/")) return void vendor(req, res, path, calls);
    if (path === "/media/claims-explained.wav") return send(res, 200, "audio/wav", WAV);
    if (path === "/media/hero.svg") return send(res, 200, "image/svg+xml", HERO_SVG);
    if (path.startsWith("/files/claim-form."))
      return send(res, 200, "application/octet-stream", "demo file\n");
    const page = findPage(path);
    if (!page) return send(res, 404, "text/plain; charset=utf-8", "Not found");
    const { libraryUrl } = options;
    const library = typeof libraryUrl === "function" ? libraryUrl() : libraryUrl;
    send(res, 200, "text/html; charset=utf-8", renderPage(page, library));
  }) as DemoServer;
  Object.defineProperty(server, "vendorCalls", { value: calls });
  return server;
}
