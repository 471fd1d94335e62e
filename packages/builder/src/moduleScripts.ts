/**
 * Built module scripts and the minified engine, for library builds. They come from each
 * package's own build script (packages/{core,web-sdk,identity,runtime}/build.mjs), loaded
 * at run time from the repository, so a bundled caller (the server's dist/liftoff.mjs) builds
 * the same bytes as the TypeScript sources do.
 *
 * Building a module takes esbuild plus terser, about 35 ms each (81 Core modules: 3 s on
 * two busy cores), which alone would break the 1 s build bar. So results are cached: in
 * memory per process, and on disk in `packages/builder/dist/module-cache.json`, keyed by a
 * hash of every source file that goes into them. An edit to any of those sources changes
 * the key and the cache starts over; the output of a given source never changes, so a cache
 * hit gives the same bytes a fresh build would.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import type * as CoreBuildModule from "@liftoff/core/build.mjs";
import type * as ExtensionBuildModule from "@liftoff/web-sdk/build.mjs";
import { catalog, extensionOf } from "./catalog.ts";

type CoreBuild = typeof CoreBuildModule;
type ExtensionBuild = typeof ExtensionBuildModule;
interface RuntimeBuild {
  esbuildOptions: Record<string, unknown>;
  minifyEngine(code: string): Promise<string>;
}

export interface BuiltModule {
  script: string;
  /** Module paths this one reaches by relative `require` (the library must carry them). */
  helpers: string[];
}

interface CacheFile {
  key: string;
  engine?: string;
  modules: Record<string, BuiltModule>;
}

/** The repository root: the first folder upwards holding packages/core/build.mjs. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "packages/core/build.mjs"))) return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(
        "Cannot find the Liftoff repository (packages/core/build.mjs) above the builder.",
      );
    dir = parent;
  }
}

// Found on first use, so importing the builder never fails where the sources are absent.
let foundRoot: string | undefined;
const root = () => (foundRoot ??= findRoot());
const SOURCE_DIRS = ["packages/core", "packages/web-sdk", "packages/identity", "packages/runtime"];
const cacheFile = () => join(root(), "packages/builder/dist/module-cache.json");

function listSources(dir: string, out: string[]) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listSources(path, out);
    else if (/\.(ts|js|mjs)$/.test(entry.name) && !/\.(test|e2e)\./.test(entry.name))
      out.push(path);
  }
}

/** Hash of every input of the module and engine builds, plus the tool versions. */
function sourceKey(): string {
  const hash = createHash("sha256");
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) {
    listSources(join(root(), dir, "src"), files);
    files.push(join(root(), dir, "build.mjs"));
  }
  for (const tool of ["esbuild", "terser"])
    files.push(join(root(), "node_modules", tool, "package.json"));
  for (const file of files)
    hash.update(file.slice(root().length)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

function readCache(key: string): CacheFile {
  try {
    const cached = JSON.parse(readFileSync(cacheFile(), "utf8")) as CacheFile;
    if (cached.key === key && cached.modules) return cached;
  } catch {
    // No cache yet, or an unreadable one: start over.
  }
  return { key, modules: {} };
}

let cache: CacheFile | undefined;
let dirty = false;
const pending = new Map<string, Promise<BuiltModule>>();
let enginePending: Promise<string> | undefined;

function loadCache(): CacheFile {
  return (cache ??= readCache(sourceKey()));
}

const load = <T>(relative: string) =>
  import(pathToFileURL(join(root(), relative)).href) as Promise<T>;

async function buildOne(modulePath: string): Promise<BuiltModule> {
  const extension = extensionOf(modulePath);
  if (extension === "core")
    return (await load<CoreBuild>("packages/core/build.mjs")).buildModule(modulePath);
  if (extension === "web-sdk" || extension === "identity") {
    const build = await load<ExtensionBuild>(`packages/${extension}/build.mjs`);
    return { script: await build.buildModuleScript(modulePath), helpers: [] };
  }
  throw new Error(`No Liftoff build for module "${modulePath}".`);
}

/** The built script of one module (cached). */
export function moduleScript(modulePath: string): Promise<BuiltModule> {
  const cached = loadCache().modules[modulePath];
  if (cached) return Promise.resolve(cached);
  let running = pending.get(modulePath);
  if (!running) {
    running = buildOne(modulePath).then((built) => {
      loadCache().modules[modulePath] = built;
      dirty = true;
      return built;
    });
    running.finally(() => pending.delete(modulePath)).catch(() => undefined);
    pending.set(modulePath, running);
  }
  return running;
}

/** Helper modules an extension's library part always carries (relative-`require` targets). */
export async function helperModules(extension: string): Promise<string[]> {
  if (extension !== "web-sdk" && extension !== "identity") return [];
  return (await load<ExtensionBuild>(`packages/${extension}/build.mjs`)).helperModules;
}

/** The minified engine (packages/runtime), as dist/runtime.min.js holds it (cached). */
export function engineScript(): Promise<string> {
  const cached = loadCache().engine;
  if (cached) return Promise.resolve(cached);
  enginePending ??= (async () => {
    const runtime = await load<RuntimeBuild>("packages/runtime/build.mjs");
    const result = await esbuild({
      ...runtime.esbuildOptions,
      entryPoints: [join(root(), "packages/runtime/src/engine.ts")],
      write: false,
    });
    const engine = await runtime.minifyEngine(result.outputFiles[0]!.text);
    loadCache().engine = engine;
    dirty = true;
    return engine;
  })();
  return enginePending;
}

/** Writes new cache entries to disk (atomically, so a crash never leaves half a file). */
export function saveModuleCache(): void {
  if (!dirty || !cache) return;
  try {
    const file = cacheFile();
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(cache));
    renameSync(temporary, file);
    dirty = false;
  } catch {
    // A read-only checkout still builds; it only rebuilds modules in each new process.
  }
}

/**
 * Builds every module of every catalog extension and the engine into the cache, so the
 * first library build of a process is as fast as the next. The server may call it at start.
 */
export async function prebuildModules(
  paths: string[] = catalog.flatMap((extension) => extension.modules.map((m) => m.path)),
): Promise<void> {
  await Promise.all([engineScript(), ...paths.map(moduleScript)]);
  saveModuleCache();
}
