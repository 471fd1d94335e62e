/**
 * Setting transforms, applied at build time as Launch applies the ones Core's extension.json
 * declares (launch-container.md §1.2, "Setting transforms"):
 * - `function`: the code string becomes `function(<parameters>){<code>}` in the library.
 * - `remove`: the setting is dropped (the date-range condition's `timezone`, which only the
 *   editing UI needs).
 * Core's custom-code *action* keeps its code as a string in Launch (its `customCode`
 * transform), and Core writes it to the page as a script. Liftoff always inlines it (there
 * are no separate `RC…-source.js` files) and, where nothing can tell the difference, makes
 * it a function of `event, target, Promise` too: inline JavaScript that is not `global` and
 * has no `%…%` pair the engine's token replacement could change. Core then calls it where
 * it would have written the script (packages/core/src/lib/actions/customCode.ts), which
 * saves parsing a new script on the main thread for every such action.
 */
import { compileFunction } from "node:vm";
import { transformSync } from "esbuild";
import { textMemo } from "./textMemo.ts";
import { JsCode } from "./JsCode.ts";

export interface Transform {
  type: "function" | "remove";
  propertyPath: string;
  parameters?: string[];
}

export const transforms: Record<string, Transform[]> = {
  "core/src/lib/events/customCode.js": [
    { type: "function", propertyPath: "source", parameters: ["trigger"] },
  ],
  "core/src/lib/conditions/customCode.js": [
    { type: "function", propertyPath: "source", parameters: ["event", "target"] },
  ],
  "core/src/lib/dataElements/customCode.js": [
    { type: "function", propertyPath: "source", parameters: ["event"] },
  ],
  "core/src/lib/conditions/dateRange.js": [{ type: "remove", propertyPath: "timezone" }],
};

export const CUSTOM_CODE_ACTION = "core/src/lib/actions/customCode.js";
/** How Core calls the action's non-global JavaScript (launch-container.md §5.3). */
export const ACTION_PARAMETERS = ["event", "target", "Promise"];

/**
 * Where custom code sits in a module's settings and how it is called, for the syntax check:
 * function transforms, plus the custom-code action's JavaScript (a function body of
 * `event, target, Promise` unless `global`).
 */
export function codeSettings(
  modulePath: string,
  settings: Record<string, unknown>,
): Array<{ key: string; parameters: string[] }> {
  const found = (transforms[modulePath] ?? [])
    .filter((t) => t.type === "function")
    .map((t) => ({ key: t.propertyPath, parameters: t.parameters ?? [] }));
  if (
    modulePath === CUSTOM_CODE_ACTION &&
    settings.language !== "html" &&
    settings.isExternal !== true
  )
    found.push({
      key: "source",
      parameters: settings.global ? [] : ACTION_PARAMETERS,
    });
  return found;
}

/**
 * Compiles (never runs) code as a function body; returns the syntax error's message, or
 * undefined when it parses. vm.compileFunction parses the body on its own, so code cannot
 * close the function early and spill into the library around it.
 */
export function syntaxError(code: string, parameters: string[]): string | undefined {
  return parsedCode(`${parameters.join(",")}\u0000${code}`) ?? undefined;
}

// Kept by parameters and code: every build checks every custom code function again.
const parsedCode = textMemo(
  (key): string | null => {
    const at = key.indexOf("\u0000");
    const parameters = at === 0 ? [] : key.slice(0, at).split(",");
    try {
      compileFunction(key.slice(at + 1), parameters);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
  (error) => error?.length ?? 0,
);

// Minified functions by their source. A staging or production build minifies every custom
// code function, one esbuild call each (about 2 ms): 3.5 s for a 2,000-rule property, paid
// again by every build although between two builds few functions change. The output depends
// only on the source (and this process's esbuild), so it is kept.
const minifiedFunction = textMemo(
  (source) =>
    // Assigned, because esbuild drops an expression statement that has no effect.
    transformSync(`__f=${source}`, { minify: true, target: "es2018", legalComments: "none" })
      .code.trim()
      .replace(/^__f=/, "")
      .replace(/;$/, ""),
  (code) => code.length,
);

function asFunction(code: string, parameters: string[], minify: boolean): JsCode {
  const source = `function(${parameters.join(",")}){${code}\n}`;
  return new JsCode(minify ? minifiedFunction(source) : source);
}

/** Custom-code action settings whose code becomes a function (see the top of this file). */
function compilesAction(settings: Record<string, unknown>): settings is { source: string } {
  return (
    settings.language !== "html" &&
    settings.global !== true &&
    settings.isExternal !== true &&
    typeof settings.source === "string" &&
    // The engine replaces %…% pairs within one line in string settings (never in functions).
    !/%.+?%/.test(settings.source)
  );
}

/** Settings with the module's transforms applied (a copy; the document is not changed). */
export function applyTransforms(
  modulePath: string,
  settings: Record<string, unknown>,
  minify: boolean,
): Record<string, unknown> {
  if (modulePath === CUSTOM_CODE_ACTION && compilesAction(settings))
    return { ...settings, source: asFunction(settings.source, ACTION_PARAMETERS, minify) };
  const list = transforms[modulePath];
  if (!list) return settings;
  const out: Record<string, unknown> = { ...settings };
  for (const transform of list) {
    const value = out[transform.propertyPath];
    if (transform.type === "remove") delete out[transform.propertyPath];
    else if (typeof value === "string")
      out[transform.propertyPath] = asFunction(value, transform.parameters ?? [], minify);
  }
  return out;
}
