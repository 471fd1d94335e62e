import { createReadStream, existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { contentTypeOf } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { problems } from "./problems.ts";
import { CSP_NONCE_PLACEHOLDER, documentHeaders, newCspNonce } from "./securityHeaders.ts";

/**
 * Serves a folder under a URL prefix. Paths are normalised and must stay inside the folder;
 * a missing file falls back to `fallback` (the studio's index.html for client-side routes),
 * anything else is the server's 404 problem. An HTML file is a document of the studio: each
 * answer gets a fresh nonce in place of the build's placeholder and the document headers
 * (http/securityHeaders.ts), and is never stored by a cache, since its nonce must not be
 * reused. Every file is `nosniff`: a script is run only when it is served as one.
 */
export default function serveStatic(
  app: FastifyInstance,
  prefix: string,
  dir: string,
  fallback?: string,
): void {
  const root = dir.endsWith(sep) ? dir : dir + sep;
  const fileFor = (path: string) => {
    const file = normalize(join(dir, path));
    if (file !== dir && !file.startsWith(root)) return undefined;
    if (existsSync(file) && statSync(file).isFile()) return file;
    if (fallback && !extname(path)) return join(dir, fallback);
    return undefined;
  };
  app.get(`${prefix}*`, { config: { access: "public" } }, async (request, reply) => {
    // Fastify has decoded the path once already; decoding again would read `%25` as an
    // escape (`/studio/a%25b` failed) and let `%252f` smuggle a slash.
    const path = (request.params as { "*": string })["*"] || "index.html";
    const file = path.includes("\0") ? undefined : fileFor(path);
    if (!file || !existsSync(file))
      throw problems.notFound(`No file at ${prefix}${path.slice(0, 200)}.`);
    if (extname(file) === ".html") {
      const nonce = newCspNonce();
      const html = (await readFile(file, "utf8")).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
      return reply
        .type(contentTypeOf("html")!)
        .headers(documentHeaders(nonce))
        .header("cache-control", "no-store")
        .send(html);
    }
    return reply
      .type(contentTypeOf(extname(file).slice(1)) ?? "application/octet-stream")
      .header("cache-control", "no-cache")
      .header("x-content-type-options", "nosniff")
      .send(createReadStream(file));
  });
}
