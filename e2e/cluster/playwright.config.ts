import { register } from "node:module";
import { defineConfig } from "@playwright/test";
import { launchOptions } from "../chromium.ts";

register("../../scripts/sourceCondition.mjs", import.meta.url);

// The cluster suite (docs/deployment.md): a throwaway PostgreSQL, two `liftoff serve` nodes
// and Debian's nginx in front of them, started once for the file. It is its own `npm test`
// step, run alone: it puts the machine under load on purpose.
export default defineConfig({
  testDir: ".",
  testMatch: /.*\.cluster\.ts$/,
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  retries: 0,
  reporter: [["list"]],
  use: { browserName: "chromium", headless: true, launchOptions, ignoreHTTPSErrors: true },
});
