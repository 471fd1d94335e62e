#!/usr/bin/env node
// `npm test`: every check the project has, in one run — lint, typecheck, format, build, size
// budgets, unit tests (vitest) and browser tests (Playwright in Debian Chromium). It keeps
// going after a failure so one run shows everything, exits non-zero if anything failed, and
// ends with the plain line `N passed, N failed` summed over every runner (CI reads that line;
// it does not read the vitest or Playwright summaries).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { startPostgres } from "./postgres.mjs";
import { measure, table } from "./size.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const reports = join(root, ".reports");
const bin = (name) => join(root, "node_modules/.bin", name);
/** @type {{runner: string, passed: number, failed: number, skipped?: number}[]} */
const tally = [];

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

function section(title) {
  console.log(`\n=== ${title} ===`);
}

async function gate(runner, cmd, args) {
  section(runner);
  const code = await run(cmd, args);
  tally.push({ runner, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

async function vitest(env) {
  section("unit tests (vitest)");
  const out = join(reports, "vitest.json");
  // The in-process Vite build above sets NODE_ENV=production; tests want React's test build.
  const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
  const code = await run(bin("vitest"), args, { ...env, NODE_ENV: "test" });
  const r = readJson(out);
  if (!r) return tally.push({ runner: "vitest", passed: 0, failed: 1 });
  // A crash outside any test (a failing suite import, an unhandled error) fails the run too.
  const extra = code !== 0 && r.numFailedTests === 0 ? 1 : 0;
  tally.push({
    runner: "vitest",
    passed: r.numPassedTests,
    failed: r.numFailedTests + extra,
    skipped: r.numPendingTests + r.numTodoTests,
  });
}

/** A Playwright run (`config`: its config file, or the default one) tallied as `runner`. */
async function playwrightSuite(runner, config, env) {
  const out = join(reports, `${runner}.json`);
  const code = await run(
    bin("playwright"),
    ["test", ...(config ? ["--config", config] : []), "--reporter=list,json"],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  );
  const r = readJson(out);
  if (!r?.stats) return tally.push({ runner, passed: 0, failed: 1 });
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats;
  const extra = code !== 0 && unexpected === 0 ? 1 : 0;
  tally.push({ runner, passed: expected + flaky, failed: unexpected + extra, skipped });
}

async function playwright(env) {
  section("browser tests (Playwright, Debian Chromium)");
  try {
    ensureChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return tally.push({ runner: "playwright", passed: 0, failed: 1 });
  }
  await playwrightSuite("playwright", undefined, env);
}

/**
 * The cluster suite (e2e/cluster/): its own PostgreSQL, two nodes and Debian's nginx
 * (installed by scripts/nginx.mjs when missing), under load on purpose, so it runs alone
 * after the browser tests.
 */
async function cluster() {
  section("cluster tests (PostgreSQL, two nodes, nginx)");
  await playwrightSuite("cluster", "e2e/cluster/playwright.config.ts", {});
}

async function main() {
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  await gate("lint", bin("eslint"), [".", "--max-warnings", "0"]);
  await gate("typecheck", bin("tsc"), ["-b"]);
  await gate("format", bin("prettier"), ["--check", "."]);

  section("build");
  try {
    await buildAll();
    tally.push({ runner: "build", passed: 1, failed: 0 });
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    tally.push({ runner: "build", passed: 0, failed: 1 });
  }

  section("size budgets (gzip -9)");
  const rows = measure();
  console.log(table(rows));
  tally.push({
    runner: "size",
    passed: rows.filter((r) => r.status === "ok").length,
    failed: rows.filter((r) => r.status === "over" || r.status === "missing").length,
  });

  // The storage contract suite runs against a real, throwaway PostgreSQL as well as SQLite.
  const env = {};
  let pg;
  if (!process.env.LIFTOFF_TEST_PG_URL) {
    try {
      pg = await startPostgres();
      env.LIFTOFF_TEST_PG_URL = pg.url;
    } catch (error) {
      console.error(
        `PostgreSQL could not be started: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  try {
    // A few unit tests drive the real Chromium too (bench/cdpPipe.test.mjs): install it
    // first. A failure here is the browser tests' to report, below.
    try {
      ensureChromium();
    } catch {
      // reported by playwright()
    }
    await vitest(env);
    await playwright(env);
  } finally {
    pg?.stop();
  }
  await cluster();

  section("summary");
  // Per-runner lines are shaped differently on purpose: only the last line is the CI total.
  for (const t of tally) {
    console.log(
      `  ${t.runner.padEnd(10)} passed=${t.passed} failed=${t.failed}${t.skipped ? ` skipped=${t.skipped}` : ""}`,
    );
  }
  const passed = tally.reduce((n, t) => n + t.passed, 0);
  const failed = tally.reduce((n, t) => n + t.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || !existsSync(join(reports, "vitest.json")) ? 1 : 0;
}

await main();
