// Bundles the server and CLI into dist/liftoff.mjs: this package's own modules in one file,
// every package import (workspace packages and npm dependencies alike) left as an import,
// resolved from node_modules at run time. So the installed server finds the builder's data
// beside the builder (node_modules/@liftoff/builder/dist) and the studio's files in
// @liftoff/studio, and needs no source tree.
import { build as esbuild } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/liftoff.mjs"];

export async function build() {
  await esbuild({
    entryPoints: [join(here, "src/main/cli.ts")],
    outfile: join(here, "dist/liftoff.mjs"),
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
