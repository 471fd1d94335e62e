// Fills dist/module-cache.json with every catalog module script and the engine, so the first
// library build of a server or CLI process takes milliseconds instead of seconds
// (docs/builder.md, "Speed"). The cache logic is src/moduleScripts.ts; it is bundled here
// into dist/ (beside the cache, so it finds the repository the same way) and run.
import { build as esbuild } from "esbuild";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/module-cache.json"];

export async function build() {
  const script = join(here, "dist/prebuild.mjs");
  await esbuild({
    stdin: {
      contents: `export { prebuildModules } from "./src/moduleScripts.ts";`,
      resolveDir: here,
      loader: "ts",
    },
    outfile: script,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["esbuild"],
    logLevel: "warning",
  });
  try {
    const { prebuildModules } = await import(pathToFileURL(script).href);
    await prebuildModules();
  } finally {
    rmSync(script, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
