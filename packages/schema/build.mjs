// Builds dist/index.js, the package's entry for installs (scripts/bundlePackage.mjs).
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const entries = { "dist/index.js": "src/index.ts" };
export const outputs = Object.keys(entries);

export async function build() {
  await bundleEntries(here, entries);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
