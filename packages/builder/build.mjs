// Builds the builder's published files:
// - dist/modules.json: every module script the builder can put in a library (Core, Web SDK,
//   identity), minified, with the helper modules each one requires, plus the minified engine
//   (packages/runtime), and the preview engine and prelude that preview builds carry
//   (docs/preview.md). They come from each package's own build script (esbuild + terser),
//   here at build time, so a library build at run time only reads them (src/moduleScripts.ts)
//   and needs neither the sources nor those tools (docs/builder.md, "Speed").
// - dist/index.js, the package's entry for installs (scripts/bundlePackage.mjs).
//
// The data carries a hash of every input (sources, build scripts, tool versions); `build()`
// skips the module builds when that hash is unchanged, so tests and `npm start` can call it
// before every run and still pick up an edited module source.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";
import * as core from "../core/build.mjs";
import * as identity from "../identity/build.mjs";
import * as runtime from "../runtime/build.mjs";
import * as webSdk from "../web-sdk/build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const packages = join(here, "..");
const dataFile = join(here, "dist/modules.json");
const entries = { "dist/index.js": "src/index.ts" };
export const outputs = ["dist/modules.json", ...Object.keys(entries)];

/** Build scripts of the extensions whose modules a library carries, by extension name. */
const extensionBuilds = { "web-sdk": webSdk, identity };
/**
 * Every other workspace package is an input: modules and engines import each other's helpers
 * (core's modules import schema's), and a package left out here would let a stale
 * dist/modules.json survive a change to it.
 */
const SOURCE_PACKAGES = readdirSync(packages, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "builder")
  .map((entry) => entry.name)
  .sort();

function listSources(dir, out) {
  const names = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  for (const entry of names) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listSources(path, out);
    else if (/\.(ts|js|mjs)$/.test(entry.name) && !/\.(test|e2e)\./.test(entry.name))
      out.push(path);
  }
}

/** Hash of every input of the module and engine builds, plus the tool versions. */
function sourceKey() {
  const files = [];
  for (const name of SOURCE_PACKAGES) {
    listSources(join(packages, name, "src"), files);
    const script = join(packages, name, "build.mjs");
    if (existsSync(script)) files.push(script);
  }
  const require = createRequire(import.meta.url);
  for (const tool of ["esbuild", "terser"]) files.push(require.resolve(`${tool}/package.json`));
  const hash = createHash("sha256");
  for (const file of files) {
    const name = file.startsWith(packages) ? file.slice(packages.length) : file;
    hash.update(name).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function storedKey() {
  try {
    return JSON.parse(readFileSync(dataFile, "utf8")).sourceKey;
  } catch {
    return undefined;
  }
}

/** True when dist/modules.json exists and was built from the current sources. */
export function upToDate() {
  return existsSync(dataFile) && storedKey() === sourceKey();
}

async function buildModules() {
  const jobs = core.modulePaths().map(async (path) => [path, await core.buildModule(path)]);
  for (const path of core.sharedHelpers)
    jobs.push(core.buildModule(path).then((built) => [path, built]));
  for (const build of Object.values(extensionBuilds))
    for (const path of Object.keys(build.extensionModuleFiles))
      jobs.push(build.buildModuleScript(path).then((script) => [path, { script, helpers: [] }]));
  const built = await Promise.all(jobs);
  return Object.fromEntries(built.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Writes dist/modules.json (atomically: a reader never sees half a file). */
async function buildData(key) {
  const [engine, previewEngine, previewPrelude, modules] = await Promise.all([
    runtime.buildEngine(),
    runtime.buildPreviewEngine(),
    runtime.buildPrelude(),
    buildModules(),
  ]);
  const helperModules = Object.fromEntries(
    Object.entries(extensionBuilds).map(([name, build]) => [name, build.helperModules]),
  );
  const data = { sourceKey: key, engine, previewEngine, previewPrelude, modules, helperModules };
  mkdirSync(dirname(dataFile), { recursive: true });
  const temporary = `${dataFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(data));
  renameSync(temporary, dataFile);
}

export async function build() {
  const key = sourceKey();
  if (!existsSync(dataFile) || storedKey() !== key) await buildData(key);
  await bundleEntries(here, entries);
}

// Run directly (`node packages/builder/build.mjs`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build();
