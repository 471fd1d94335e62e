// Builds dist/runtime.min.js: the engine alone, an IIFE that starts from
// window._satellite.container (ARCHITECTURE.md §4, "Library file").
import { build as esbuild } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/runtime.min.js"];

export async function build() {
  await esbuild({
    entryPoints: [join(here, "src/engine.ts")],
    outfile: join(here, "dist/runtime.min.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2018",
    legalComments: "none",
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
