// A library of a property laid out as a Launch build does (launch-container.md §1.1, §1.2),
// for the page-cost benchmark's turbine rows: the builder's Launch export (module scripts
// as minified source, settings as authored), with Launch's own setting transforms applied —
// `function` settings become functions, `remove` settings go, and the custom-code action
// keeps its code as a string for Core to write as a script — and another engine after it.
// Liftoff's own builds differ in exactly those places (the compiled custom-code action and
// the compile hint), which is what the benchmark compares.
import { exportLaunch } from "../packages/builder/src/index.ts";
import { JsCode, toSource } from "../packages/builder/src/JsCode.ts";
import { applyTransforms, CUSTOM_CODE_ACTION } from "../packages/builder/src/transforms.ts";

/** Launch's transforms: the builder's, except that the custom-code action stays a string. */
const launchSettings = (modulePath, settings = {}) =>
  modulePath === CUSTOM_CODE_ACTION ? settings : applyTransforms(modulePath, settings, true);

/**
 * @param {object} doc a property document
 * @param {{ environmentId: string, engine: string, replaceModules?: Record<string, string> }} options
 *   `replaceModules`: module scripts (function source) to use instead of ours, by module path.
 */
export async function launchBuild(doc, { environmentId, engine, replaceModules = {} }) {
  const container = await exportLaunch(doc, environmentId);
  for (const path of Object.keys(replaceModules)) {
    const extension = container.extensions[path.split("/")[0]];
    if (!extension?.modules[path]) throw new Error(`replaceModules: no module "${path}"`);
  }
  for (const extension of Object.values(container.extensions))
    for (const [path, module] of Object.entries(extension.modules))
      module.script = new JsCode(replaceModules[path] ?? module.script);
  for (const rule of container.rules)
    for (const component of [...rule.events, ...rule.conditions, ...rule.actions])
      component.settings = launchSettings(component.modulePath, component.settings);
  for (const element of Object.values(container.dataElements))
    element.settings = launchSettings(element.modulePath, element.settings);
  return `window._satellite=window._satellite||{};window._satellite.container=${toSource(container)};\n${engine}`;
}
