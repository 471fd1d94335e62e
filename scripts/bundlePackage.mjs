// Builds a workspace package's Node entry points into dist/: each TypeScript entry becomes one
// ES module with its own files inlined and every package import left as an import, so an
// installed package resolves its dependencies from node_modules as any npm package does.
// Sources stay the development entry through the "liftoff:source" export condition.
import { build } from "esbuild";
import { join } from "node:path";

/** Bundles `entries` (output path → source path, both relative to `packageDir`). */
export async function bundleEntries(packageDir, entries) {
  await Promise.all(
    Object.entries(entries).map(([out, source]) =>
      build({
        entryPoints: [join(packageDir, source)],
        outfile: join(packageDir, out),
        bundle: true,
        packages: "external",
        platform: "node",
        format: "esm",
        target: "node20",
        logLevel: "warning",
      }),
    ),
  );
}
