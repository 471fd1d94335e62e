/**
 * The migrate-check corpus as downloaded Launch builds: each folder here holds
 * `container.js` (our own code, the container part of a Launch development build) and the
 * files Launch serves beside the library. Assembling copies a folder and turns
 * `container.js` into `launch-<environment id>-development.js` by appending Adobe's engine,
 * turbine 28.1.0 from npm (`@adobe/reactor-turbine`, a development dependency), as Launch
 * lays a library out. The engine is added here so no third-party file is kept in the
 * repository.
 *
 *   npx tsx packages/builder/test/migrate-corpus/assembleCorpus.ts <out dir>
 *   liftoff migrate-check <out dir>/acme-survey
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const CORPUS = import.meta.dirname;
/**
 * `core-only`: Core rules and data elements. `acme-survey`: plus a third-party extension.
 * `self-hosted`: a self-hosted build, whose files the container names by site-relative paths.
 * `web-sdk-clicks`: a Web SDK property with alloy's click collection left on.
 * `audience-manager`: the ECID service and a DIL-like extension that publishes destinations.
 */
export const CORPUS_NAMES = [
  "core-only",
  "acme-survey",
  "self-hosted",
  "web-sdk-clicks",
  "audience-manager",
] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

export const turbineEngine = () =>
  readFileSync(
    createRequire(import.meta.url).resolve("@adobe/reactor-turbine/dist/engine.min.js"),
    "utf8",
  );

/**
 * Adobe's extension code is not kept here: a `script: "liftoff-stand-in:<module path>"` in a
 * corpus container becomes our build of that module (the builder's dist/modules.json).
 */
function withStandIns(container: string): string {
  if (!container.includes("liftoff-stand-in:")) return container;
  const data = join(CORPUS, "../../dist/modules.json");
  const { modules } = JSON.parse(readFileSync(data, "utf8")) as {
    modules: Record<string, { script: string }>;
  };
  return container.replace(/"liftoff-stand-in:([^"]+)"/g, (_all, path: string) => {
    const built = modules[path];
    if (!built) throw new Error(`${data} has no module "${path}"`);
    return built.script;
  });
}

export interface CorpusBuild {
  folder: string;
  library: string;
}

/** Writes one build folder per corpus library under `outDir`. */
export default function assembleCorpus(outDir: string): Record<CorpusName, CorpusBuild> {
  const engine = turbineEngine();
  const builds = {} as Record<CorpusName, CorpusBuild>;
  for (const name of CORPUS_NAMES) {
    const folder = join(outDir, name);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    cpSync(join(CORPUS, name), folder, { recursive: true });
    const container = withStandIns(readFileSync(join(folder, "container.js"), "utf8"));
    rmSync(join(folder, "container.js"));
    const id = /id: "(EN[0-9a-f]{32})", stage: "development"/.exec(container)?.[1];
    if (!id) throw new Error(`${name}/container.js: no development environment id`);
    const library = join(folder, `launch-${id}-development.js`);
    writeFileSync(library, `${container}\n${engine}`);
    builds[name] = { folder, library };
  }
  return builds;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: assembleCorpus.ts <out dir>");
    process.exit(1);
  }
  for (const [name, build] of Object.entries(assembleCorpus(resolve(out))))
    console.log(`${name}: ${build.library}`);
}
