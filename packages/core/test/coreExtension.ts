/**
 * Launch-shaped pieces for browser tests of the Core modules: the `core` extension built
 * from our sources by build.mjs (exactly what a library carries), and rule components.
 */
import { buildModules } from "../build.mjs";
import { describeModule } from "../src/manifest.ts";

/**
 * The differential harness serialises module scripts with Function#toString, so each built
 * script becomes a function whose source text is exactly the built text. Nothing runs here.
 */
const asFunction = (source: string): unknown => (0, eval)(`(${source})`);

export async function coreExtension(
  paths: string[],
  settings?: Record<string, unknown>,
): Promise<object> {
  const built = await buildModules(paths, (path) => {
    const entry = describeModule(path);
    return entry ? { name: entry.name, displayName: entry.displayName } : {};
  });
  const modules: Record<string, object> = {};
  for (const [path, module] of Object.entries(built))
    modules[path] = { ...module, script: asFunction(module.script) };
  return { displayName: "Core", settings, modules };
}

const lib = "core/src/lib";
export const event = (file: string, settings: object = {}, ruleOrder = 50) => ({
  modulePath: `${lib}/events/${file}.js`,
  settings,
  ruleOrder,
});
export const condition = (file: string, settings: object = {}, extra: object = {}) => ({
  modulePath: `${lib}/conditions/${file}.js`,
  settings,
  ...extra,
});
export const action = (file: string, settings: object = {}) => ({
  modulePath: `${lib}/actions/${file}.js`,
  settings,
});
export const dataElement = (file: string, settings: object = {}, extra: object = {}) => ({
  modulePath: `${lib}/dataElements/${file}.js`,
  settings,
  ...extra,
});
