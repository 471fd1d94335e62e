// Builds dist/index.js (the package's entry for installs, scripts/bundlePackage.mjs) and
// dist/production.min.js: the property's production library, as the builder publishes it
// (gzip -9 budget 30,000 B, bench/budgets.json). The property and the builder are
// TypeScript sources, so that build runs in a child Node with the tsx loader and the
// "liftoff:source" condition (workspace packages resolve to their sources).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
export const outputs = ["dist/production.min.js", "dist/index.js"];

const url = (path) => JSON.stringify(pathToFileURL(join(root, path)).href);
// The build date is the spec's (2025-03-26), so the file only changes with the property.
const program = `
import { writeFileSync } from "node:fs";
const { propertyDocument, ENVIRONMENTS } = await import(${url("properties/pc-marketing/src/index.ts")});
const { buildLibrary } = await import(${url("packages/builder/src/index.ts")});
const library = await buildLibrary(propertyDocument, {
  environmentId: ENVIRONMENTS.production,
  buildDate: "2025-03-26T00:00:00.000Z",
  minify: true,
});
writeFileSync(${JSON.stringify(join(here, outputs[0]))}, library.code);
`;

export async function build() {
  await bundleEntries(here, { "dist/index.js": "src/index.ts" });
  mkdirSync(join(here, "dist"), { recursive: true });
  // A file rather than `-e`: package build scripts the builder loads read process.argv[1].
  const script = join(here, "dist/build-library.mjs");
  writeFileSync(script, program);
  try {
    execFileSync(process.execPath, ["--conditions=liftoff:source", "--import", "tsx", script], {
      cwd: root,
      stdio: "inherit",
    });
  } finally {
    rmSync(script, { force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
