// `build()` writes dist/index.js and dist/manifest.js (the package's entries for installs,
// scripts/bundlePackage.mjs). The rest builds Core modules into Launch module scripts: `function(module, exports, require, turbine)`
// source text, minified, as a library's `extensions.core.modules[path].script` carries it
// (ARCHITECTURE.md §5, "Module contract"). The builder assembles libraries with it; the
// browser tests build their containers with it.
//
// - Each module's TypeScript is bundled by esbuild with its stateless helpers inlined, and
//   minified by terser like the runtime (packages/runtime/build.mjs).
// - `src/lib/env.ts` is replaced by the wrapper's `turbine` and `require` parameters.
// - Helpers whose state must be shared between modules (the page lifecycle behind the four
//   lifecycle events) are modules of their own, reached through Launch's relative `require`,
//   as in Launch Core. Inlining the stateless ones costs fewer bytes than a module each: a
//   module costs a path string, a wrapper and a require call (docs/core.md, "Sizes").
import { build as esbuild } from "esbuild";
import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { minify } from "terser";
import { bundleEntries } from "../../scripts/bundlePackage.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const lib = join(here, "src/lib");
const envFile = join(lib, "env.ts");
const entries = { "dist/index.js": "src/index.ts", "dist/manifest.js": "src/manifest.ts" };
export const outputs = Object.keys(entries);

export async function build() {
  await bundleEntries(here, entries);
}

/** Helper modules shared by several modules, by module path. */
export const sharedHelpers = [
  "core/src/lib/events/helpers/pageLifecycleEvents.js",
  "core/src/lib/helpers/visitorTracking.js",
];

/** `core/src/lib/events/click.js` → the TypeScript source file. */
export function sourceOf(modulePath) {
  const match = /^core\/src\/lib\/([\w/]+)\.js$/.exec(modulePath);
  if (!match) throw new Error(`modulePath "${modulePath}" is not a core/src/lib/... .js path.`);
  return join(lib, `${match[1]}.ts`);
}

const pathOf = (file) =>
  `core/src/lib/${relative(lib, file).replace(/\\/g, "/").replace(/\.ts$/, ".js")}`;

/** Every delegate module (events, conditions, actions, data elements), by module path. */
export function modulePaths() {
  const paths = [];
  for (const kind of ["events", "conditions", "actions", "dataElements"])
    for (const name of readdirSync(join(lib, kind)))
      if (/^[a-zA-Z]+\.ts$/.test(name))
        paths.push(`core/src/lib/${kind}/${name.replace(/\.ts$/, ".js")}`);
  return paths.sort();
}

function relativeRequire(from, to) {
  const path = relative(dirname(from), to).replace(/\\/g, "/");
  return path.startsWith(".") ? path : `./${path}`;
}

/**
 * Bundles and minifies one module. Returns its script source and the shared helper module
 * paths it requires (the library must carry those too).
 */
export async function buildModule(modulePath) {
  const file = sourceOf(modulePath);
  const helpers = [];
  const plugin = {
    name: "liftoff-core-module",
    setup(b) {
      b.onResolve({ filter: /\.ts$/ }, (args) => {
        if (!args.resolveDir) return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (target === envFile) return { path: "env", namespace: "liftoff-env" };
        const path = pathOf(target);
        if (target !== file && sharedHelpers.includes(path)) {
          if (!helpers.includes(path)) helpers.push(path);
          return { path: relativeRequire(modulePath, path), namespace: "liftoff-shared" };
        }
        return undefined;
      });
      b.onLoad({ filter: /.*/, namespace: "liftoff-env" }, () => ({
        contents: "export const env = { turbine: __turbine, require: __require };",
        loader: "js",
      }));
      b.onLoad({ filter: /.*/, namespace: "liftoff-shared" }, (args) => ({
        contents: `export default __require(${JSON.stringify(args.path)});`,
        loader: "js",
      }));
    },
  };
  const result = await esbuild({
    stdin: {
      contents: `import m from ${JSON.stringify(file)};\n__module.exports = m;`,
      resolveDir: here,
      loader: "js",
    },
    bundle: true,
    format: "esm",
    target: "es2020",
    legalComments: "none",
    conditions: ["liftoff:source"],
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    write: false,
    logLevel: "warning",
    plugins: [plugin],
  });
  const wrapped = `__script=function(__module,__exports,__require,__turbine){${result.outputFiles[0].text}}`;
  const min = await minify(wrapped, {
    ecma: 2020,
    compress: { passes: 3, unsafe_arrows: true },
    mangle: true,
  });
  const script = min.code.replace(/^__script=/, "").replace(/;$/, "");
  return { script, helpers };
}

/** The minified module script source for one module path. */
export async function buildModuleScript(modulePath) {
  return (await buildModule(modulePath)).script;
}

/**
 * Module entries for a container's `extensions.core.modules`: the given delegate modules with
 * their Launch names, plus the shared helpers they require.
 */
export async function buildModules(modulePaths, describe = () => ({})) {
  const modules = {};
  const built = await Promise.all(modulePaths.map(buildModule));
  const helpers = [...new Set(built.flatMap((b) => b.helpers))];
  const helperScripts = await Promise.all(helpers.map(buildModuleScript));
  modulePaths.forEach(
    (path, i) => (modules[path] = { ...describe(path), script: built[i].script }),
  );
  helpers.forEach((path, i) => (modules[path] = { script: helperScripts[i] }));
  return modules;
}

// Run directly (`node packages/core/build.mjs`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build();
