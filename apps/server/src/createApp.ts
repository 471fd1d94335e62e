import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";
import serveStatic from "./serveStatic.ts";

export interface AppOptions {
  /** Folder of the built studio (apps/studio/dist); served at /studio/ when present. */
  studioDir?: string;
  logger?: boolean;
}

const repoRoot = () => {
  // Works both from src/ (tsx, vitest) and from dist/ (the esbuild bundle).
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "apps")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
};

export const VERSION = "0.1.0";

/** The Liftoff server as a Fastify instance; tests call it with `app.inject()`, no port. */
export default function createApp(options: AppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const studioDir = options.studioDir ?? join(repoRoot(), "apps/studio/dist");

  app.get("/healthz", () => ({ status: "ok", version: VERSION }));

  app.get("/", (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Liftoff</title></head>
<body><main><h1>Liftoff</h1>
<p>Self-hosted tag management for Launch containers and the Web SDK.</p>
<ul><li><a href="/studio/">Studio</a></li><li><a href="/healthz">Health</a></li></ul>
</main></body></html>`),
  );

  if (existsSync(studioDir)) {
    app.get("/studio", (_request, reply) => reply.redirect("/studio/"));
    serveStatic(app, "/studio/", studioDir, "index.html");
  }
  return app;
}
