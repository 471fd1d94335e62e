#!/usr/bin/env node
// `npm start`: build what is missing, then run `liftoff serve` with the arguments given
// (`npm start -- --port 9000`), and serve the demo site (apps/demo-site) on its own origin
// beside it, its pages loading the development library of the pc-marketing property from
// the server. DEMO_PORT picks the demo site's port (default 8081; 0 for any free port).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildAll } from "./build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const LIBRARY_PATH = "/libs/PRpcmarketing/ENpcmarketingdevelopment/launch.min.js";

// Every package's dist/, the builder's module data (rebuilt when a module source changed),
// the studio, the server and the demo site.
await buildAll({ onlyMissing: true });
const demoBundle = join(root, "apps/demo-site/dist/demo-site.mjs");

const child = spawn(
  process.execPath,
  [join(root, "apps/server/bin/liftoff.mjs"), "serve", ...process.argv.slice(2)],
  // The repository is the working directory, so the data stays in its .data/.
  { cwd: root, stdio: ["inherit", "pipe", "inherit"] },
);

let demo;
let output = "";
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (demo) return;
  output += chunk.toString();
  // The server prints `listening on <origin>` once it is up; the demo needs that origin.
  const match = /listening on (https?:\/\/\S+)/.exec(output);
  if (match) demo = startDemo(match[1]);
});

async function startDemo(serverOrigin) {
  const { createDemoServer } = await import(pathToFileURL(demoBundle).href);
  const server = createDemoServer({ libraryUrl: serverOrigin + LIBRARY_PATH });
  const port = Number(process.env.DEMO_PORT ?? 8081);
  const host = new URL(serverOrigin).hostname;
  server.on("error", (error) => console.error(`demo site: ${error.message}`));
  server.listen(port, host, () => {
    const address = server.address();
    console.log(
      `  demo:    http://${host}:${address.port}/ (library ${serverOrigin}${LIBRARY_PATH})`,
    );
  });
  return server;
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", async (code, signal) => {
  (await demo)?.close();
  process.exit(code ?? (signal ? 1 : 0));
});
