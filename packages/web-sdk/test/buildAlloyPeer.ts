/**
 * Bundles the real `@adobe/alloy` 2.26.0 from node_modules for conformance tests, as
 * edge-protocol.md §5 describes: its npm ESM entry (`createInstance`) plus a small loader
 * that replays the base-code queue the way the standalone build does. It runs only in tests,
 * as a reference peer; nothing of it ships.
 */
import { build } from "esbuild";

const loader = `
import { createInstance } from "@adobe/alloy";
(window.__alloyNS || []).forEach((name) => {
  const queueFn = window[name];
  if (!queueFn || !queueFn.q) return;
  const instance = createInstance({ name });
  const run = ([resolve, reject, args]) => instance(args[0], args[1]).then(resolve, reject);
  const queued = queueFn.q.splice(0);
  queueFn.q.push = run;
  queued.forEach(run);
});
`;

export default async function buildAlloyPeer(): Promise<string> {
  const result = await build({
    stdin: { contents: loader, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2018",
    write: false,
    logLevel: "error",
  });
  return result.outputFiles[0]!.text;
}
