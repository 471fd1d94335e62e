/**
 * Built module scripts and the minified engine, for library builds. They are produced when
 * the builder package is built (build.mjs: each package's own esbuild + terser build) into
 * `dist/modules.json`, which ships with the package; here they are only read. So a library
 * build needs neither the sources of Core, the Web SDK, identity or the runtime nor those
 * build tools, and a build from the data gives the bytes a fresh module build would.
 *
 * The data is found relative to this file: `../dist/modules.json` is the same file from
 * `src/` (tests, tsx) and from `dist/` (an installed package).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface BuiltModule {
  script: string;
  /** Module paths this one reaches by relative `require` (the library must carry them). */
  helpers: string[];
}

interface ModuleData {
  engine: string;
  /** The engine with its trace hooks, and the prelude before it, of preview builds. */
  previewEngine: string;
  previewPrelude: string;
  modules: Record<string, BuiltModule>;
  /** Helper modules each extension's library part always carries, by extension name. */
  helperModules: Record<string, string[]>;
}

const DATA_URL = new URL("../dist/modules.json", import.meta.url);

let data: ModuleData | undefined;

/** dist/modules.json, read once per process. */
function moduleData(): ModuleData {
  if (data) return data;
  let text: string;
  try {
    text = readFileSync(DATA_URL, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    throw new Error(
      `The builder's module data ${fileURLToPath(DATA_URL)} is missing; build it with ` +
        "`node packages/builder/build.mjs` (or `npm run build`) in the Liftoff repository.",
    );
  }
  data = JSON.parse(text) as ModuleData;
  return data;
}

/** The built script of one module. */
export function moduleScript(modulePath: string): Promise<BuiltModule> {
  const built = moduleData().modules[modulePath];
  if (!built) return Promise.reject(new Error(`No Liftoff build for module "${modulePath}".`));
  return Promise.resolve(built);
}

/** Helper modules an extension's library part always carries (relative-`require` targets). */
export function helperModules(extension: string): Promise<string[]> {
  return Promise.resolve(moduleData().helperModules[extension] ?? []);
}

/** What a preview build carries in place of the engine (docs/preview.md). */
export function previewScripts(): Promise<{ engine: string; prelude: string }> {
  const { previewEngine, previewPrelude } = moduleData();
  return Promise.resolve({ engine: previewEngine, prelude: previewPrelude });
}

/** The minified engine (packages/runtime), as dist/runtime.min.js holds it. */
export function engineScript(): Promise<string> {
  return Promise.resolve(moduleData().engine);
}
