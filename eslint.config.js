// ESLint 9 flat config: type-aware typescript-eslint for TS sources, plain rules for build scripts.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const browserPackages = [
  "packages/runtime",
  "packages/core",
  "packages/web-sdk",
  "packages/identity",
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-types/**",
      ".reports/**",
      ".data/**",
      ".tmp/**",
      "test-results/**",
      "playwright-report/**",
      "apps/demo-site/public/**",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.config.ts"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    files: [
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/*.e2e.ts",
      "**/test/**/*.ts",
      "e2e/**/*.ts",
      "bench/**/*.ts",
    ],
    rules: {
      // Tests poke at loosely typed browser globals and JSON reports on purpose.
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // The browser packages ship to every page of a site: no Node built-ins, no server code.
    files: browserPackages.map((p) => `${p}/src/**/*.ts`),
    ignores: ["**/*.test.ts", "**/*.e2e.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "Browser packages must not import Node built-ins." },
            {
              group: ["@liftoff/server", "@liftoff/builder", "fastify", "better-sqlite3", "pg"],
              message: "Browser packages must not import server code.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (ARCHITECTURE.md, Inside the server): db/ and http/ are plumbing
    // every feature stands on, so they never import a feature, the store that composes the
    // features' repositories, or the app that wires them.
    files: ["apps/server/src/db/**/*.ts", "apps/server/src/http/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.e2e.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/features/**", "**/store/**", "**/main/**", "**/cli/**"],
              message: "db/ and http/ are below the features: import nothing above them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/studio/**/*.tsx", "apps/studio/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Test fixtures shaped like Launch builds (libraries, external custom code, hosted files)
    // run in the page, next to the library's `_satellite`.
    files: ["packages/*/test/fixtures/**/*.js"],
    languageOptions: { globals: { ...globals.browser, _satellite: "readonly" } },
  },
  {
    // Benchmarks pass functions to the browser page.
    files: ["bench/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
