// Builds dist/index.js, dist/extension.js and dist/manifest.js (the package's entries for
// installs, scripts/bundlePackage.mjs) and the web SDK's browser artifacts: dist/base-code.min.js (the snippet pages paste)
// and dist/web-sdk.min.js (the standalone SDK that installs the instances the snippet named).
import { build as esbuild } from "esbuild";
import { minify } from "terser";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const browserOutputs = ["dist/base-code.min.js", "dist/web-sdk.min.js"];
const entries = {
  "dist/index.js": "src/index.ts",
  "dist/extension.js": "src/extension/index.ts",
  "dist/manifest.js": "src/extension/manifest.ts",
};
export const outputs = [...browserOutputs, ...Object.keys(entries)];

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2018",
  legalComments: "none",
  // Workspace packages bundle from their sources.
  conditions: ["liftoff:source"],
  logLevel: "warning",
};

/** esbuild options of each artifact, by output path; tests bundle in memory with the same. */
export const artifacts = {
  "dist/base-code.min.js": { ...common, entryPoints: [join(here, "src/baseCode.snippet.ts")] },
  "dist/web-sdk.min.js": {
    ...common,
    entryPoints: [join(here, "src/standalone.ts")],
    // Long diagnostic texts only help while debugging; the page bundle drops them.
    define: { "globalThis.__VERBOSE__": "false" },
  },
};

/** Launch module path → TypeScript file default-exporting `script(module, exports, require, turbine)`. */
export const extensionModuleFiles = {
  "web-sdk/src/lib/instanceManager.js": "src/extension/instanceManager.ts",
  "web-sdk/src/lib/variableStore.js": "src/extension/variableStore.ts",
  // Required by instanceManager.js when present; carried only when some instance collects
  // clicks (packages/builder/src/buildContainer.ts).
  "web-sdk/src/lib/clickCollection.js": "src/extension/clickCollection.ts",
  "web-sdk/src/lib/actions/sendEvent.js": "src/extension/actions/sendEvent.ts",
  "web-sdk/src/lib/actions/updateVariable.js": "src/extension/actions/updateVariable.ts",
  "web-sdk/src/lib/dataElements/xdmObject.js": "src/extension/dataElements/xdmObject.ts",
  "web-sdk/src/lib/dataElements/variable.js": "src/extension/dataElements/variable.ts",
  "web-sdk/src/lib/dataElements/eventMergeId.js": "src/extension/dataElements/eventMergeId.ts",
};

/** Modules other modules reach by relative `require` only; a library carries them with the extension. */
export const helperModules = ["web-sdk/src/lib/variableStore.js"];

/**
 * One extension module as the minified `function(module,exports,require,turbine){…}` source a
 * container carries (the builder assembles libraries with it). Relative `require`s stay
 * calls of the wrapper's `require`, so modules share state as in Launch.
 */
export async function buildModuleScript(modulePath) {
  const file = extensionModuleFiles[modulePath];
  if (!file) throw new Error(`modulePath "${modulePath}" is not a web-sdk extension module.`);
  // Bundled as ESM that calls the default export with the wrapper's parameters, so no
  // module-format boilerplate lands in every library; minified by terser.
  const result = await esbuild({
    stdin: {
      contents: `import script from ${JSON.stringify(join(here, file))};\nscript(__module, __exports, __require, __turbine);`,
      resolveDir: here,
      loader: "js",
    },
    bundle: true,
    format: "esm",
    target: "es2018",
    legalComments: "none",
    conditions: ["liftoff:source"],
    logLevel: "warning",
    write: false,
    define: { "globalThis.__VERBOSE__": "false" },
  });
  const wrapped = `__script=function(__module,__exports,__require,__turbine){${result.outputFiles[0].text}}`;
  // No unsafe_arrows here: unlike Core's modules, this code was not written for it.
  const min = await minify(wrapped, { ecma: 2020, compress: { passes: 3 }, mangle: true });
  return min.code.replace(/^__script=/, "").replace(/;$/, "");
}

export async function build() {
  for (const out of browserOutputs) await esbuild({ ...artifacts[out], outfile: join(here, out) });
  await bundleEntries(here, entries);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
