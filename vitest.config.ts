import { configDefaults, defineConfig } from "vitest/config";

// Unit tests sit beside the code: `x.test.ts` runs in Node, `x.dom.test.ts(x)` in jsdom.
// Real-browser tests are Playwright suites (`*.e2e.ts`), run by playwright.config.ts.
const roots = "{packages,apps,properties,bench,scripts}";
const exclude = [...configDefaults.exclude, "**/dist/**", "**/dist-types/**", "**/*.e2e.ts"];

// Workspace packages resolve to their TypeScript sources (the "liftoff:source" export
// condition), in Node tests (the SSR side) and in jsdom tests alike; the rest are Vite's
// default conditions, which a `conditions` list replaces.
const source = "liftoff:source";
const mode = "development|production";

const sources = {
  resolve: { conditions: [source, "module", "browser", mode] },
  ssr: { resolve: { conditions: [source, "module", "node", mode] } },
};

export default defineConfig({
  test: {
    // The builder reads its module data (packages/builder/dist/modules.json); this rebuilds
    // it first when a module source changed since it was built.
    globalSetup: ["scripts/buildModuleData.mjs"],
    projects: [
      {
        ...sources,
        test: {
          name: "node",
          environment: "node",
          include: [`${roots}/**/*.test.{ts,mjs}`],
          exclude: [...exclude, "**/*.dom.test.*"],
        },
      },
      {
        ...sources,
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
