// Builds the web SDK's browser artifacts: dist/base-code.min.js (the snippet pages paste)
// and dist/web-sdk.min.js (the standalone SDK that installs the instances the snippet named).
import { build as esbuild } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/base-code.min.js", "dist/web-sdk.min.js"];

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2018",
  legalComments: "none",
  logLevel: "warning",
};

/** esbuild options of each artifact, by output path; tests bundle in memory with the same. */
export const artifacts = {
  "dist/base-code.min.js": { ...common, entryPoints: [join(here, "src/baseCode.snippet.ts")] },
  "dist/web-sdk.min.js": {
    ...common,
    entryPoints: [join(here, "src/standalone.ts")],
    // Long diagnostic texts only help while debugging; the page bundle drops them.
    define: { "globalThis.__VERBOSE__": "false" },
  },
};

export async function build() {
  for (const out of outputs) await esbuild({ ...artifacts[out], outfile: join(here, out) });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
