/**
 * Turns one of our extension modules (a TS file default-exporting
 * `script(module, exports, require, turbine)`) into the `script` function text a Launch
 * container carries, by bundling it with esbuild. Used to run the modules inside the real
 * turbine engine in tests.
 */
import { build } from "esbuild";

export default async function buildLaunchModule(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    format: "iife",
    globalName: "__liftoffModule",
    target: "es2018",
    write: false,
    logLevel: "error",
  });
  return `function (module, exports, require, turbine) {\n${result.outputFiles[0]!.text}\n__liftoffModule.default(module, exports, require, turbine);\n}`;
}
