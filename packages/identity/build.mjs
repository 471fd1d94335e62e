// Builds dist/index.js and dist/manifest.js (the package's entries for installs,
// scripts/bundlePackage.mjs) and dist/identity.min.js: the Visitor-API-compatible ECID service and `adobe.optIn`,
// an IIFE that installs `window.Visitor` as VisitorAPI.js does (budget: bench/budgets.json).
import { build as esbuild } from "esbuild";
import { minify } from "terser";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const entries = {
  "dist/index.js": "src/index.ts",
  "dist/manifest.js": "src/extension/manifest.ts",
};
export const outputs = [
  "dist/identity.min.js",
  "dist/audience-manager.min.js",
  ...Object.keys(entries),
];
const AUDIENCE_MANAGER_PART = "identity/src/lib/sharedModules/publishDestinations.js";

/** Launch module path → TypeScript file default-exporting `script(module, exports, require, turbine)`. */
export const extensionModuleFiles = {
  "identity/src/lib/sharedModules/mcidInstance.js": "src/extension/mcidInstance.ts",
  // Required by mcidInstance.js when present; carried only for a property that uses Audience
  // Manager (packages/builder/src/buildContainer.ts).
  "identity/src/lib/sharedModules/publishDestinations.js":
    "src/extension/publishDestinationsModule.ts",
  "identity/src/lib/actions/setCustomerIds.js": "src/extension/actions/setCustomerIds.ts",
  "identity/src/lib/dataElements/ecid.js": "src/extension/dataElements/ecid.ts",
};

/** Identity has no helper modules; the list exists so the builder treats every extension alike. */
export const helperModules = [];

/**
 * One extension module as the minified `function(module,exports,require,turbine){…}` source a
 * container carries (the builder assembles libraries with it).
 */
export async function buildModuleScript(modulePath) {
  const file = extensionModuleFiles[modulePath];
  if (!file) throw new Error(`modulePath "${modulePath}" is not an identity extension module.`);
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
    target: "es2020",
    legalComments: "none",
    conditions: ["liftoff:source"],
    logLevel: "warning",
    write: false,
  });
  const wrapped = `__script=function(__module,__exports,__require,__turbine){${result.outputFiles[0].text}}`;
  // No unsafe_arrows here: unlike Core's modules, this code was not written for it.
  const min = await minify(wrapped, { ecma: 2020, compress: { passes: 3 }, mangle: true });
  return min.code.replace(/^__script=/, "").replace(/;$/, "");
}

export async function build() {
  await esbuild({
    entryPoints: [join(here, "src/browser.ts")],
    outfile: join(here, "dist/identity.min.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    conditions: ["liftoff:source"],
    logLevel: "warning",
  });
  // The Audience Manager part as a library carries it, written out so its size is gated
  // (bench/budgets.json) like the base it adds to.
  writeFileSync(
    join(here, "dist/audience-manager.min.js"),
    await buildModuleScript(AUDIENCE_MANAGER_PART),
  );
  await bundleEntries(here, entries);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
