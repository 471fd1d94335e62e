#!/usr/bin/env node
// The `liftoff` command. Runs the bundled server (apps/server/dist), built by `npm run build`.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundle = join(dirname(fileURLToPath(import.meta.url)), "../dist/liftoff.mjs");
if (!existsSync(bundle)) {
  console.error(
    "liftoff: the server is not built yet; run `npm run build` (or `npm start`) first.",
  );
  process.exit(1);
}
const { main } = await import(pathToFileURL(bundle).href);
const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
