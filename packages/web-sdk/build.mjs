// Builds the web SDK's browser artifacts. At this stage: dist/base-code.min.js (the snippet).
import { build as esbuild } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/base-code.min.js"];

export async function build() {
  await esbuild({
    entryPoints: [join(here, "src/baseCode.snippet.ts")],
    outfile: join(here, "dist/base-code.min.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2018",
    legalComments: "none",
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
