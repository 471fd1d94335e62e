#!/usr/bin/env node
// `npm start`: build what is missing, then run `liftoff serve --demo` with the arguments given
// (`npm start -- --port 9000`): the insurance property seeded and published, and the demo site
// (apps/demo-site) served by the server on its own origin, its pages loading the property's
// development library. DEMO_PORT (or `--demo-port`) picks the demo site's port (default 8081;
// 0 for any free port).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

// Every package's dist/, the builder's module data (rebuilt when a module source changed),
// the studio, the server and the demo site.
await buildAll({ onlyMissing: true });

const child = spawn(
  process.execPath,
  [join(root, "apps/server/bin/liftoff.mjs"), "serve", "--demo", ...process.argv.slice(2)],
  // The repository is the working directory, so the data stays in its .data/.
  { cwd: root, stdio: "inherit" },
);

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
