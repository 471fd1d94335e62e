/**
 * Build-time figure for bench/RESULTS.md ("Library builds"): builds the generated 40-rule,
 * 50-data-element property (fixtureProperty.ts) three times in one process and prints each
 * duration. The first build of a process includes reading dist/modules.json (module scripts
 * built at package build time). Run `npx tsx packages/builder/test/measureBuild.ts`.
 */
import buildLibrary from "../src/buildLibrary.ts";
import { largeProperty, PROD } from "./fixtureProperty.ts";

const doc = largeProperty();
for (let i = 1; i <= 3; i++) {
  const lib = await buildLibrary(doc, { environmentId: PROD });
  console.log(
    `build ${i}: ${lib.durationMs} ms, ${lib.bytes} bytes, ${lib.gzipBytes} gzip -9, ${lib.modules.length} modules`,
  );
}
