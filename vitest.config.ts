import { configDefaults, defineConfig } from "vitest/config";

// Unit tests sit beside the code: `x.test.ts` runs in Node, `x.dom.test.ts(x)` in jsdom.
// Real-browser tests are Playwright suites (`*.e2e.ts`), run by playwright.config.ts.
const roots = "{packages,apps,properties,bench,scripts}";
const exclude = [...configDefaults.exclude, "**/dist/**", "**/dist-types/**", "**/*.e2e.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [`${roots}/**/*.test.{ts,mjs}`],
          exclude: [...exclude, "**/*.dom.test.*"],
        },
      },
      {
        test: {
          name: "dom",
          environment: "jsdom",
          include: [`${roots}/**/*.dom.test.{ts,tsx}`],
          exclude,
        },
      },
    ],
  },
});
