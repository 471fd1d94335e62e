import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A local stand-in for the identity endpoints (reference edge-protocol.md §7) used by this
 * package's tests until apps/server serves them: real HTTP on 127.0.0.1, port 0.
 *
 * - `GET /id` answers `{d_mid, dcs_region, id_sync_ttl, d_blob[, ibs][, d_optout]}`; it keeps
 *   the `d_mid` it is given (a locally minted MID is adopted, as the real service does) and
 *   otherwise mints a 38-digit one.
 * - `GET /optOutStatus` answers `{d_optout, d_ottl}`.
 * - `GET /dest5.html` is the ID sync destination page: it posts `dest5:ready` to the parent
 *   origin named in its fragment and fires the URLs it receives as `dest5:sync:<JSON>`
 *   (set `silentFrame` to test the page's fallback).
 * - `GET /pixel/<id>` records a fired sync; `GET /identity.min.js` serves the built file;
 *   `GET /page.html` is an empty page to load it into.
 *
 * CORS echoes the request origin with credentials, as the real service does. Behaviour is
 * switched through the mutable `behaviour` object; every request is kept in `requests`.
 */
export interface Behaviour {
  /** Delay before `/id` answers, to exercise `loadTimeout`. */
  delayMs: number;
  /** Status code for `/id` (200 by default); anything else is an error answer. */
  status: number;
  /** `/id` answers this body verbatim instead of JSON when set. */
  rawBody?: string;
  /** Value of `d_optout` for `/optOutStatus` (and `/id` when `optOutInIdResponse`). */
  optOut: string;
  optOutInIdResponse: boolean;
  /** Partner syncs to return as `ibs`. */
  ibs?: Array<{ id: string; url: string[]; ttl: number }>;
  /** The destination page never says it is ready. */
  silentFrame: boolean;
}

export interface IdentityServer {
  /** Origin of pages, e.g. `http://127.0.0.1:4711`. */
  origin: string;
  /** The same server under another origin (`localhost:<port>`), for cross-origin calls. */
  crossHost: string;
  requests: URL[];
  /** The `Referer` of each request, by index in `requests` (who fired a sync pixel). */
  referers: string[];
  behaviour: Behaviour;
  /** Requests to one path, as parsed URLs. */
  calls(path: string): URL[];
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

const DEST_PAGE = `<!doctype html><script>
var parentOrigin = decodeURIComponent(location.hash.slice(1));
addEventListener("message", function (event) {
  if (event.origin !== parentOrigin || typeof event.data !== "string") return;
  if (event.data.indexOf("dest5:sync:") !== 0) return;
  JSON.parse(event.data.slice(11)).forEach(function (url) { new Image().src = url; });
});
SILENT || parent.postMessage("dest5:ready", parentOrigin);
</script>`;

function mintMid(): string {
  let mid = String(randomInt(1, 10));
  while (mid.length < 38) mid += String(randomInt(0, 10));
  return mid;
}

export default async function startIdentityServer(
  overrides: Partial<Behaviour> = {},
): Promise<IdentityServer> {
  const behaviour: Behaviour = {
    delayMs: 0,
    status: 200,
    optOut: "",
    optOutInIdResponse: false,
    silentFrame: false,
    ...overrides,
  };
  const requests: URL[] = [];
  const referers: string[] = [];
  let blobs = 0;

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    type: string,
    body: string,
  ) {
    const origin = req.headers.origin;
    res.writeHead(status, {
      "content-type": type,
      "cache-control": "no-store",
      ...(origin
        ? { "access-control-allow-origin": origin, "access-control-allow-credentials": "true" }
        : {}),
    });
    res.end(body);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    referers.push(req.headers.referer ?? "");
    const json = (body: unknown) => send(req, res, 200, "application/json", JSON.stringify(body));
    switch (url.pathname) {
      case "/id": {
        const answer = () => {
          if (behaviour.rawBody !== undefined)
            return send(req, res, behaviour.status, "application/json", behaviour.rawBody);
          if (behaviour.status !== 200)
            return send(req, res, behaviour.status, "application/json", '{"error_msg":"failure"}');
          json({
            d_mid: url.searchParams.get("d_mid") || mintMid(),
            dcs_region: 9,
            id_sync_ttl: 604800,
            d_blob: `blob-${++blobs}`,
            ...(behaviour.ibs ? { ibs: behaviour.ibs } : {}),
            ...(behaviour.optOutInIdResponse ? { d_optout: behaviour.optOut, d_ottl: 7200 } : {}),
          });
        };
        if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
        else answer();
        return;
      }
      case "/optOutStatus":
        return json({ d_optout: behaviour.optOut, d_ottl: 7200 });
      case "/dest5.html":
        return send(
          req,
          res,
          200,
          "text/html",
          DEST_PAGE.replace("SILENT", String(behaviour.silentFrame)),
        );
      case "/identity.min.js":
        return send(
          req,
          res,
          200,
          "text/javascript",
          readFileSync(join(here, "../dist/identity.min.js"), "utf8"),
        );
      case "/page.html":
        return send(
          req,
          res,
          200,
          "text/html",
          "<!doctype html><title>identity test</title><body></body>",
        );
      default:
        if (url.pathname.startsWith("/pixel/")) return send(req, res, 200, "image/gif", "");
        return send(req, res, 404, "text/plain", "not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    crossHost: `localhost:${port}`,
    requests,
    referers,
    behaviour,
    calls: (path) => requests.filter((r) => r.pathname === path),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
