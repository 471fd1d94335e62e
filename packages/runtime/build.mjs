// Builds dist/index.js (the package's entry for installs, scripts/bundlePackage.mjs) and
// dist/runtime.min.js: the engine alone, an IIFE that starts from
// window._satellite.container (ARCHITECTURE.md §5, "Library file"). The builder also takes
// the preview engine and the preview prelude from here (buildPreviewEngine, buildPrelude;
// docs/preview.md). esbuild bundles and
// mangles the private `_`-suffixed fields; terser then minifies, which saves about 3 %
// over esbuild's own minifier on this code — bytes every page pays for.
import { build as esbuild } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";
import { minify } from "terser";

const here = dirname(fileURLToPath(import.meta.url));
export const outputs = [
  "dist/runtime.min.js",
  "dist/runtime-without-preview-switch.min.js",
  "dist/index.js",
];

/** Shared by every browser bundle that contains the engine (the builder uses it too). */
export const esbuildOptions = {
  bundle: true,
  format: "iife",
  target: "es2020",
  // Workspace packages bundle from their sources.
  conditions: ["liftoff:source"],
  legalComments: "none",
  // Private fields end in "_" (see src/types.ts) and become one-letter names.
  mangleProps: /_$/,
  // Nothing in the engine relies on strict-mode semantics; the directive is bytes on every page.
  tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
  // The published engine: the preview build's trace hooks are compiled out (docs/preview.md).
  define: { __LIFTOFF_PREVIEW__: "false" },
  write: false,
  logLevel: "warning",
};

/** Minifies a bundle the way every engine artifact is minified. */
export async function minifyEngine(code) {
  const result = await minify(code, {
    ecma: 2020,
    compress: { passes: 3, unsafe_arrows: true },
    mangle: true,
  });
  return result.code;
}

async function bundle(entry, define = esbuildOptions.define, plugins = []) {
  const result = await esbuild({
    ...esbuildOptions,
    define,
    plugins,
    entryPoints: [join(here, entry)],
  });
  return minifyEngine(result.outputFiles[0].text);
}

/** The published engine (dist/runtime.min.js). */
export const buildEngine = () => bundle("src/engine.ts");

// The published engine as it would be without the preview switch: what the size gate
// (scripts/size.mjs) measures the switch's cost against.
const withoutSwitch = {
  name: "without-preview-switch",
  setup(build) {
    build.onLoad({ filter: /switchToPreview\.ts$/ }, () => ({
      contents:
        "export const findPreviewSession = () => undefined; export const loadPreview = () => {};",
      loader: "ts",
    }));
  },
};

/** The engine of preview builds: the same sources with their trace hooks compiled in. */
export const buildPreviewEngine = () => bundle("src/engine.ts", { __LIFTOFF_PREVIEW__: "true" });

/** The prelude a preview build runs before its container (src/preview/prelude.ts). */
export const buildPrelude = () => bundle("src/preview/prelude.ts");

export async function build() {
  mkdirSync(join(here, "dist"), { recursive: true });
  writeFileSync(join(here, "dist/runtime.min.js"), await buildEngine());
  writeFileSync(
    join(here, "dist/runtime-without-preview-switch.min.js"),
    await bundle("src/engine.ts", esbuildOptions.define, [withoutSwitch]),
  );
  await bundleEntries(here, { "dist/index.js": "src/index.ts" });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
