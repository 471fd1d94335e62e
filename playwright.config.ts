import { register } from "node:module";
import { defineConfig } from "@playwright/test";
import { launchOptions } from "./e2e/chromium.ts";

// Workspace packages resolve to their TypeScript sources in the runner and in every worker
// (each loads this file); servers the suites start run the built dist/ files.
register("./scripts/sourceCondition.mjs", import.meta.url);

// Browser suites are `*.e2e.ts` files beside the code they prove, plus cross-app flows in e2e/.
// Each suite starts the servers it needs on port 0, so suites can run in parallel.
export default defineConfig({
  testDir: ".",
  testMatch: /.*\.e2e\.ts$/,
  testIgnore: ["**/node_modules/**", "**/dist/**", ".tmp/**"],
  workers: 2,
  timeout: 30_000,
  retries: 0,
  reporter: [["list"]],
  // Library builds read the builder's module data; rebuilt first if a module source changed.
  globalSetup: "./scripts/buildModuleData.mjs",
  use: { browserName: "chromium", headless: true, launchOptions },
});
