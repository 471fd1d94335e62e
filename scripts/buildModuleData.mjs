// Test set-up (vitest and Playwright): rebuilds the builder's module data
// (packages/builder/dist/modules.json) when a module source changed since it was built, so
// tests of library builds always run the current modules. Fast when nothing changed.
import { build } from "../packages/builder/build.mjs";

export default async function buildModuleData() {
  await build();
}
