/**
 * The packages install and run without the repository: `npm pack` every workspace, install
 * the server's tarball and the workspace tarballs it depends on into an empty folder outside
 * the repository with `npm install --omit=dev`, start that install's `liftoff serve`, create a
 * property through the API, take a library through build, submit, approve and publish, and
 * load the published file in Chromium. Needs the packages built (`node scripts/build.mjs`,
 * which `npm test` runs first); the install compiles better-sqlite3 (about a minute).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import type { EnvironmentInfo, LibraryInfo, PropertyState } from "@liftoff/schema";
import { repoRoot, TEST_ADMIN_PASSWORD } from "./startServer.ts";

interface PackedFile {
  name: string;
  filename: string;
  files: { path: string }[];
}

/** Tools only the build uses; none may reach an install without dev dependencies. */
const BUILD_TOOLS = ["terser", "vite", "typescript", "tsx", "vitest", "@vitejs"];

const work = mkdtempSync(join(tmpdir(), "liftoff-packed-"));
const installDir = join(work, "install");
let server: ChildProcess | undefined;
let api: APIRequestContext | undefined;
let pageServer: Server | undefined;

test.afterAll(async () => {
  await api?.dispose();
  await new Promise((done) => (pageServer ? pageServer.close(done) : done(undefined)));
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server!.once("exit", done));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

/** Packs every workspace into `dir`; answers npm's report of each tarball. */
function packWorkspaces(dir: string): PackedFile[] {
  mkdirSync(dir);
  const out = execFileSync(
    "npm",
    ["pack", "--workspaces", "--pack-destination", dir, "--json", "--loglevel=error"],
    { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as PackedFile[];
}

/** The workspace packages `name` needs at run time (its `dependencies`, transitively). */
function runtimeClosure(name: string, manifests: Map<string, Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  const visit = (pkg: string) => {
    if (seen.has(pkg)) return;
    seen.add(pkg);
    const deps = Object.keys((manifests.get(pkg)?.dependencies as object | undefined) ?? {});
    for (const dep of deps) if (manifests.has(dep)) visit(dep);
  };
  visit(name);
  return [...seen];
}

/** Every workspace's package.json, by package name. */
function workspaceManifests(): Map<string, Record<string, unknown>> {
  const manifests = new Map<string, Record<string, unknown>>();
  for (const group of ["packages", "apps", "properties"])
    for (const entry of readdirSync(join(repoRoot, group))) {
      const file = join(repoRoot, group, entry, "package.json");
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      manifests.set(pkg.name as string, pkg);
    }
  return manifests;
}

function installTarballs(tarballs: string[]) {
  mkdirSync(installDir);
  // The two packages whose install scripts must run (native SQLite, esbuild's binary).
  const pkg = {
    name: "liftoff-install",
    private: true,
    allowScripts: { esbuild: true, "better-sqlite3": true },
  };
  writeFileSync(join(installDir, "package.json"), JSON.stringify(pkg));
  execFileSync(
    "npm",
    [
      "install",
      "--omit=dev",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
      ...tarballs,
    ],
    {
      cwd: installDir,
      stdio: ["ignore", "ignore", "inherit"],
      // node-gyp builds better-sqlite3 against the local Node headers (no download).
      env: { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir ?? "/usr" },
    },
  );
}

/** Package folders under `dir`/node_modules, nested ones included. */
function installedPackages(dir: string, out: string[] = []): string[] {
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) return out;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith(".")) continue;
    const names = entry.startsWith("@")
      ? readdirSync(join(modules, entry)).map((n) => `${entry}/${n}`)
      : [entry];
    for (const name of names) {
      out.push(name);
      installedPackages(join(modules, name), out);
    }
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" });
}

/** Starts the installed `liftoff serve` and answers its origin once it listens. */
function startInstalled(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
  // Plain Node, as a host runs it: no loader, no source condition.
  delete env.NODE_OPTIONS;
  const child = spawn(
    process.execPath,
    [join(installDir, "node_modules/.bin/liftoff"), "serve", "--port", "0", "--data", dataDir],
    { cwd: installDir, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  server = child;
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http\S+)/.exec(out);
      if (match) resolve(match[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`liftoff serve exited with ${code}:\n${out}`)));
  });
}

test("the packed packages install without dev dependencies, serve, publish and run a library", async ({
  page,
}) => {
  test.setTimeout(360_000);

  const packed = packWorkspaces(join(work, "packs"));
  const builder = packed.find((p) => p.name === "@liftoff/builder");
  expect(
    builder?.files.map((f) => f.path),
    "the builder's tarball carries its module data (run node scripts/build.mjs first)",
  ).toContain("dist/modules.json");
  const wanted = runtimeClosure("@liftoff/server", workspaceManifests());
  const tarballs = packed
    .filter((p) => wanted.includes(p.name))
    .map((p) => join(work, "packs", p.filename));
  expect(tarballs.length).toBe(wanted.length);
  installTarballs(tarballs);

  // Only what runs: none of our TypeScript sources, none of the build tools.
  const ours = join(installDir, "node_modules/@liftoff");
  for (const name of readdirSync(ours)) {
    const sources = filesUnder(join(ours, name)).filter((f) => /\.tsx?$/.test(f) || f === "src");
    expect(sources, `@liftoff/${name} ships sources`).toEqual([]);
  }
  const tools = installedPackages(installDir).filter((name) =>
    BUILD_TOOLS.some((tool) => name === tool || name.startsWith(`${tool}/`)),
  );
  expect(tools).toEqual([]);
  expect(readdirSync(ours).sort()).toEqual(wanted.map((n) => n.slice("@liftoff/".length)).sort());

  const origin = await startInstalled(join(work, "data"));
  api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const session = await api.post("/api/session", {
    data: { username: "admin", password: TEST_ADMIN_PASSWORD },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await api!.fetch(path, { method, data, headers: { "x-csrf-token": csrfToken } });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };

  // The studio's built files come from the installed @liftoff/studio.
  const studio = await api.get("/studio/");
  expect(studio.status()).toBe(200);
  expect(await studio.text()).toContain('<div id="root">');

  const property = await call<PropertyState>("POST", "/api/properties", {
    name: "Packed install",
    orgId: "0123456789ABCDEF01234567@AdobeOrg",
  });
  const pid = property.document.property.id;
  const environments = () => call<EnvironmentInfo[]>("GET", `/api/properties/${pid}/environments`);
  const development = (await environments()).find((e) => e.stage === "development")!;
  await call<PropertyState>("POST", `/api/properties/${pid}/rules`, {
    rule: {
      name: "Mark the page",
      events: [{ modulePath: "core/src/lib/events/libraryLoaded.js", settings: {} }],
      conditions: [],
      actions: [
        {
          modulePath: "core/src/lib/actions/customCode.js",
          settings: {
            language: "javascript",
            source: 'document.documentElement.setAttribute("data-packed", "ran");',
          },
        },
      ],
    },
  });
  const library = await call<LibraryInfo>("POST", `/api/properties/${pid}/libraries`, {
    name: "First",
    environmentId: development.id,
    addAllChanged: true,
  });
  for (const step of ["build", "submit", "approve", "publish"])
    await call<LibraryInfo>("POST", `/api/properties/${pid}/libraries/${library.id}/${step}`);
  const production = (await environments()).find((e) => e.stage === "production")!;
  expect(production.libraryId).toBe(library.id);

  // A page on another origin (loopback too: Chromium keeps other pages from loading loopback
  // resources) loads the published library.
  const html = `<!doctype html><title>packed</title><script src="${production.libraryUrl}"></script>`;
  pageServer = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(html),
  );
  await new Promise<void>((done) => pageServer!.listen(0, "127.0.0.1", done));
  const pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  page.on("pageerror", (error) => messages.push(error.message));
  await page.goto(pageUrl);
  await expect
    .poll(() => page.locator("html").getAttribute("data-packed"), { message: messages.join("\n") })
    .toBe("ran");
  expect(await page.evaluate(() => typeof (window as { _satellite?: unknown })._satellite)).toBe(
    "object",
  );

  // migrate-check runs from the install (its optional playwright-core came with it): the
  // published library, taken as an original, agrees with its own rebuild.
  const published = await api.get(production.libraryUrl);
  const libraryFile = join(work, `launch-${production.id}.min.js`);
  writeFileSync(libraryFile, await published.text());
  const check = execFileSync(
    join(installDir, "node_modules/.bin/liftoff"),
    ["migrate-check", libraryFile],
    { cwd: installDir, encoding: "utf8", timeout: 120_000 },
  );
  expect(check).toMatch(/rules fired\s+1\s+1\s+agree/);
  expect(check).toContain("5 measures, 5 agree, 0 differ");
});
