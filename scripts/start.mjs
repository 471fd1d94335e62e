#!/usr/bin/env node
// `npm start`: build what is missing, then run `liftoff serve` with the arguments given
// (`npm start -- --port 9000`).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
await buildAll({ onlyMissing: true });
const child = spawn(
  process.execPath,
  [join(root, "apps/server/bin/liftoff.mjs"), "serve", ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
