/**
 * Build-time figure for docs/builder.md: builds the generated 40-rule, 50-data-element
 * property (fixtureProperty.ts) three times in one process and prints each duration.
 * Run `npx tsx packages/builder/test/measureBuild.ts` after deleting
 * packages/builder/dist/module-cache.json for a cold start, and again for a start from
 * the disk cache.
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
