// Bundles the server and CLI into dist/liftoff.mjs. Workspace packages (TypeScript sources)
// are inlined; npm dependencies stay external and load from node_modules.
import { build as esbuild } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = ["dist/liftoff.mjs"];

export async function build() {
  const pkg = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith("@liftoff/"));
  await esbuild({
    entryPoints: [join(here, "src/cli.ts")],
    outfile: join(here, "dist/liftoff.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...external, "esbuild"],
    sourcemap: true,
    logLevel: "warning",
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
