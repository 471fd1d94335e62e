import { defineConfig } from "@playwright/test";
import { launchOptions } from "./e2e/chromium.ts";

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
  use: { browserName: "chromium", headless: true, launchOptions },
});
