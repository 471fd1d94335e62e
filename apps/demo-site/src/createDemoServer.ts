import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".pdf": "application/pdf",
  ".webm": "video/webm",
};

export const PUBLIC_DIR = join(import.meta.dirname, "../public");

/**
 * Resolves a root-relative URL path to a file in the demo site, the way the real site's
 * paths look: `/pcg/contact-us` → `pcg/contact-us/index.html` or `pcg/contact-us.html`.
 */
export function resolvePage(dir: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split("?")[0] ?? "/");
  } catch {
    return undefined;
  }
  const base = normalize(join(dir, path));
  if (base !== dir && !base.startsWith(dir + sep) && base + sep !== dir + sep) return undefined;
  for (const candidate of [base, join(base, "index.html"), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The demo site on its own origin (its own port), separate from the Liftoff server. */
export default function createDemoServer(dir = PUBLIC_DIR): Server {
  return createServer((req, res) => {
    const file = resolvePage(dir, req.url ?? "/");
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-cache",
    });
    createReadStream(file).pipe(res);
  });
}
