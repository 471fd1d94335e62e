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

export async function build() {
  await esbuild({
    ...common,
    entryPoints: [join(here, "src/baseCode.snippet.ts")],
    outfile: join(here, "dist/base-code.min.js"),
  });
  await esbuild({
    ...common,
    entryPoints: [join(here, "src/standalone.ts")],
    outfile: join(here, "dist/web-sdk.min.js"),
    // Request/response dumps only help while debugging; production builds drop them.
    define: { "globalThis.__VERBOSE__": "false" },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
