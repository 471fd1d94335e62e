/**
 * The page artifacts built in memory with the exact options of build.mjs, so browser suites
 * test what ships without racing each other (or `npm run build`) on files in dist/.
 */
import { build } from "esbuild";
import { artifacts } from "../build.mjs";

export default async function bundle(output: "dist/base-code.min.js" | "dist/web-sdk.min.js") {
  const result = await build({ ...artifacts[output], write: false });
  return result.outputFiles[0]!.text;
}
