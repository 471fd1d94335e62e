// Builds dist/demo-site.mjs: the demo site server as one Node module (node built-ins only),
// so `npm start` can serve it without a TypeScript loader.
import { build as esbuild } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/demo-site.mjs"];

export async function build() {
  await esbuild({
    entryPoints: [join(here, "src/index.ts")],
    outfile: join(here, outputs[0]),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
