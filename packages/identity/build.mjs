// Builds dist/identity.min.js: the Visitor-API-compatible ECID service and `adobe.optIn`,
// an IIFE that installs `window.Visitor` as VisitorAPI.js does (budget: bench/budgets.json).
import { build as esbuild } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/identity.min.js"];

export async function build() {
  await esbuild({
    entryPoints: [join(here, "src/browser.ts")],
    outfile: join(here, "dist/identity.min.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
