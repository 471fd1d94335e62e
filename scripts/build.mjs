#!/usr/bin/env node
// Builds every artifact in dependency order: each package's dist/ (what its package.json
// "exports" and "files" name; `npm pack` ships it), the builder's module data, the studio,
// the server. `--missing` builds only targets whose outputs are absent or out of date (what
// `npm start` uses); with no flag everything is rebuilt.
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Build scripts, in the order their outputs are needed. Each exports `build()` and `outputs`. */
export const targets = [
  "packages/schema/build.mjs",
  "packages/runtime/build.mjs",
  "packages/core/build.mjs",
  "packages/web-sdk/build.mjs",
  "packages/identity/build.mjs",
  // Module scripts and the engine, built here so a library build only reads them.
  "packages/builder/build.mjs",
  "apps/studio/build.mjs",
  "apps/server/build.mjs",
  "apps/demo-site/build.mjs",
  // The spec property's entry, and its production library for the size gate.
  "properties/pc-marketing/build.mjs",
];

export async function buildAll({ onlyMissing = false, log = console.log } = {}) {
  for (const target of targets) {
    const file = join(root, target);
    if (!existsSync(file)) continue;
    const mod = await import(pathToFileURL(file).href);
    const outputs = (mod.outputs ?? []).map((o) => join(dirname(file), o));
    // A target may also say whether its outputs are stale (the builder's module data).
    const present = outputs.length > 0 && outputs.every((o) => existsSync(o));
    if (onlyMissing && present && (mod.upToDate?.() ?? true)) continue;
    const started = performance.now();
    await mod.build();
    const ms = Math.round(performance.now() - started);
    log(`built ${relative(root, dirname(file))} in ${ms} ms`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildAll({ onlyMissing: process.argv.includes("--missing") }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
