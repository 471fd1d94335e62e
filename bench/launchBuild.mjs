// A library of a property laid out as a Launch build does (launch-container.md §1.1, §1.2),
// for the page-cost benchmark's turbine rows: the builder's Launch export (module scripts
// as minified source, settings as authored), with Launch's own setting transforms applied —
// `function` settings become functions, `remove` settings go, and the custom-code action
// keeps its code as a string for Core to write as a script — and another engine after it.
// Liftoff's own builds differ in exactly those places (the compiled custom-code action and
// the compile hint), which is what the benchmark compares.
import { transformSync } from "esbuild";
import { exportLaunch, transforms } from "../packages/builder/src/index.ts";
import { JsCode, toSource } from "../packages/builder/src/JsCode.ts";

/** `function(<parameters>){<code>}`, minified as a Launch build minifies it. */
function functionCode(code, parameters) {
  const out = transformSync(`__f=function(${parameters.join(",")}){${code}\n}`, {
    minify: true,
    target: "es2018",
    legalComments: "none",
  });
  return new JsCode(out.code.trim().replace(/^__f=/, "").replace(/;$/, ""));
}

function launchSettings(modulePath, settings = {}) {
  const out = { ...settings };
  for (const t of transforms[modulePath] ?? []) {
    if (t.type === "remove") delete out[t.propertyPath];
    else if (typeof out[t.propertyPath] === "string")
      out[t.propertyPath] = functionCode(out[t.propertyPath], t.parameters ?? []);
  }
  return out;
}

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
