/**
 * A library file of the pc-marketing property for one environment, for the browser suites
 * and the benchmarks. It uses the builder's `buildLibrary` when the builder exports it;
 * until then it lays the library out itself, as a Launch build does (launch-container.md
 * §1.1): the container assignment with module scripts and the build's setting transforms,
 * then the runtime engine.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { minify } from "terser";
import { loadBuilder, loadCoreBuild, type PropertyDocument } from "./pcMarketingModules.ts";
import { repoRoot } from "./startServer.ts";

export interface LibraryOptions {
  environmentId: string;
  minify?: boolean;
  buildDate?: string;
  /** The engine that follows the container; default our runtime's dist file. */
  engine?: string;
  /**
   * Module scripts to use instead of ours, by full module path (the page-cost benchmark
   * swaps the Web SDK's instance manager for one backed by the real alloy).
   */
  replaceModules?: Record<string, string>;
}

type BuildLibrary = (
  doc: PropertyDocument,
  options: { environmentId: string; buildDate?: string; minify?: boolean },
) => Promise<{ code: string }>;

/** Modules of the other extensions, by path inside the extension → [source file, meta]. */
const WEB_SDK_MODULES: Record<string, [string, Record<string, unknown>]> = {
  "src/lib/instanceManager.js": ["instanceManager.ts", { name: "instanceManager", shared: true }],
  "src/lib/variableStore.js": ["variableStore.ts", {}],
  "src/lib/actions/sendEvent.js": ["actions/sendEvent.ts", { name: "send-event" }],
  "src/lib/actions/updateVariable.js": ["actions/updateVariable.ts", { name: "update-variable" }],
  "src/lib/dataElements/xdmObject.js": ["dataElements/xdmObject.ts", { name: "xdm-object" }],
  "src/lib/dataElements/variable.js": ["dataElements/variable.ts", { name: "variable" }],
};
const IDENTITY_MODULE = "src/lib/sharedModules/mcidInstance.js";

/** One of our TS module files as a minified `function(module, exports, require, turbine)`. */
async function moduleScript(file: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import m from ${JSON.stringify(file)};m(__module,__exports,__require,__turbine);`,
      resolveDir: repoRoot,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    target: "es2020",
    write: false,
    legalComments: "none",
    define: { "globalThis.__VERBOSE__": "false" },
    logLevel: "error",
  });
  return minifyFunction(
    `function(__module,__exports,__require,__turbine){${result.outputFiles[0]!.text}}`,
  );
}

/** Minifies one function expression the way the engine is minified (terser). */
async function minifyFunction(text: string): Promise<string> {
  const out = await minify(`__f=${text}`, {
    ecma: 2020,
    compress: { passes: 2, unsafe_arrows: true },
    mangle: true,
  });
  return out.code!.replace(/^__f=/, "").replace(/;$/, "");
}

/**
 * Launch's `function` setting transform (launch-container.md §1.2): the custom-code
 * condition and data element `source` strings become functions; the custom-code action
 * keeps its string.
 */
const FUNCTION_SOURCES: Record<string, string> = {
  "core/src/lib/conditions/customCode.js": "event, target",
  "core/src/lib/dataElements/customCode.js": "event",
};

export async function buildPcMarketingLibrary(
  doc: PropertyDocument,
  options: LibraryOptions,
): Promise<string> {
  const builder = await loadBuilder();
  const custom = options.engine || options.replaceModules;
  if (typeof builder.buildLibrary === "function" && !custom && !process.env.PC_ASSEMBLE) {
    try {
      return (await (builder.buildLibrary as BuildLibrary)(doc, options)).code;
    } catch (error) {
      // The builder is still being written; say so loudly and keep the suites running.
      console.warn(`buildLibrary failed, laying the library out here: ${String(error)}`);
    }
  }
  return assembleLibrary(doc, options);
}

async function assembleLibrary(doc: PropertyDocument, options: LibraryOptions): Promise<string> {
  const functions: string[] = [];
  // Function texts go into the JSON as markers, replaced after serialising.
  const fn = (text: string) => `__FN${functions.push(text) - 1}__`;
  const pending: Array<Promise<void>> = [];
  const transform = (modulePath: string, settings: Record<string, unknown> = {}) => {
    const params = FUNCTION_SOURCES[modulePath];
    if (!params || typeof settings.source !== "string") return settings;
    const marker = fn("");
    const index = functions.length - 1;
    const text = `function(${params}){${settings.source}}`;
    pending.push(
      (options.minify === false ? Promise.resolve(text) : minifyFunction(text)).then((code) => {
        functions[index] = code;
      }),
    );
    return { ...settings, source: marker };
  };
  const rules = doc.rules
    .filter((r) => r.enabled !== false)
    .map((r) => ({
      id: r.id,
      name: r.name,
      events: r.events.map((e) => ({
        modulePath: e.modulePath,
        settings: e.settings ?? {},
        ruleOrder: e.ruleOrder ?? 50,
      })),
      conditions: r.conditions.map((c) => ({
        modulePath: c.modulePath,
        settings: transform(c.modulePath, c.settings),
        ...(c.negate ? { negate: true } : {}),
      })),
      actions: r.actions.map((a) => ({ modulePath: a.modulePath, settings: a.settings ?? {} })),
    }));
  const dataElements = Object.fromEntries(
    doc.dataElements.map((d) => [
      d.name,
      { modulePath: d.modulePath, settings: transform(d.modulePath, d.settings) },
    ]),
  );
  const corePaths = [
    ...new Set(
      [
        ...doc.rules.flatMap((r) => [...r.events, ...r.conditions, ...r.actions]),
        ...doc.dataElements,
      ]
        .map((c) => c.modulePath)
        .filter((p) => p.startsWith("core/")),
    ),
  ];
  const { buildModules, describeModule } = await loadCoreBuild();
  const coreModules = await buildModules(corePaths, (path) => {
    const entry = describeModule(path);
    return entry ? { name: entry.name, displayName: entry.displayName } : {};
  });
  const modulesOf = (built: Record<string, { script: string } & Record<string, unknown>>) =>
    Object.fromEntries(
      Object.entries(built).map(([path, m]) => [path, { ...m, script: fn(m.script) }]),
    );
  const webSdkDir = join(repoRoot, "packages/web-sdk/src/extension");
  const webSdkModules: Record<string, { script: string } & Record<string, unknown>> = {};
  for (const [path, [file, meta]] of Object.entries(WEB_SDK_MODULES)) {
    const fullPath = `web-sdk/${path}`;
    const script =
      options.replaceModules?.[fullPath] ?? (await moduleScript(join(webSdkDir, file)));
    webSdkModules[fullPath] = { ...meta, script };
  }
  const identityExtension = doc.extensions.find((e) => e.name !== "core" && e.name !== "web-sdk");
  const extensionSettings = (name: string) =>
    doc.extensions.find((e) => e.name === name)?.settings ?? {};
  const environment = doc.environments.find((e) => e.id === options.environmentId);
  if (!environment) throw new Error(`environmentId: no environment ${options.environmentId}`);
  const container = {
    company: doc.company,
    property: doc.property,
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T00:00:00Z",
      buildDate: options.buildDate ?? new Date().toISOString(),
      minified: options.minify !== false,
    },
    environment: { id: environment.id, stage: environment.stage },
    dataElements,
    rules,
    extensions: {
      core: {
        displayName: "Core",
        settings: extensionSettings("core"),
        modules: modulesOf(coreModules),
      },
      "web-sdk": {
        displayName: "Web SDK",
        settings: extensionSettings("web-sdk"),
        modules: modulesOf(webSdkModules),
      },
      ...(identityExtension
        ? {
            [identityExtension.name]: {
              displayName: "Identity Service",
              settings: identityExtension.settings ?? {},
              modules: {
                [`${identityExtension.name}/${IDENTITY_MODULE}`]: {
                  name: "mcid-instance",
                  shared: true,
                  script: fn(
                    await moduleScript(
                      join(repoRoot, "packages/identity/src/extension/mcidInstance.ts"),
                    ),
                  ),
                },
              },
            },
          }
        : {}),
    },
  };
  await Promise.all(pending);
  const json = JSON.stringify(container).replace(
    /"__FN(\d+)__"/g,
    (_, i: string) => functions[Number(i)]!,
  );
  const engine =
    options.engine ?? readFileSync(join(repoRoot, "packages/runtime/dist/runtime.min.js"), "utf8");
  return `window._satellite=window._satellite||{};window._satellite.container=${json};\n${engine}`;
}
