/**
 * `liftoff migrate-check <launch-*.js | build folder> [--page URL …] [--json]`: what a team
 * runs before switching a site from Adobe's library to Liftoff's rebuild of it. The original
 * is imported (with the files of a downloaded build folder, as `liftoff import` does) and
 * rebuilt for its own environment; then each page is loaded twice in Chromium, once with
 * each library in place of the one it embeds, driven the same way, and the two runs are
 * compared (compareObservations). Exit 0 when every measure agrees.
 */
import { readFileSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { BuildRefusedError, buildLibrary, carriedFiles, importFolder } from "@liftoff/builder";
import { ValidationErrors, type PropertyDocument } from "@liftoff/schema";
import type { Browser } from "playwright-core";
import compareObservations, { type PageComparison } from "./compareObservations.ts";
import formatComparison, { totals } from "./formatComparison.ts";
import { generatedPageHtml, startGeneratedSite } from "./generatedPage.ts";
import launchChromium, { MissingBrowserError } from "./launchChromium.ts";
import observePage, { type ObserveOptions } from "./observePage.ts";
import startAdobeStandIn, { type AdobeStandIn } from "./adobeStandIn.ts";
import openBuildFolder, { type BuildFolder } from "./openBuildFolder.ts";
import { explainedKeys, originalMinified } from "./originalBuildInfo.ts";

export const MIGRATE_CHECK_USAGE = `  migrate-check <launch-*.js|build folder> [--page URL …] [--pages N] [--fetch] [--json]
        run the original library and Liftoff's rebuild of it side by side in Chromium, on each
        --page (its launch-*.js request answered with each library) or on a generated page;
        compare rules fired, requests, console errors and _satellite keys; exit 1 if any differ.
        Adobe's collection and identity hosts are answered by a local stand-in on both runs.
        --pages N checks up to N pages from each --page, following its same-origin links.
        --fetch downloads the files the folder lacks for the rebuild, as liftoff import --fetch`;

/** The most pages `--pages` visits from one `--page`. */
export const MAX_PAGES = 50;

export interface MigrateCheckIo {
  out(line: string): void;
  err(line: string): void;
}

interface Options {
  /** The library file, or the downloaded build folder holding it. */
  input: string;
  pages: string[];
  /** Pages to check from each `--page`, itself included (`--pages N`; 1 without). */
  crawl: number;
  json: boolean;
  /** Download the external code and hosted files the folder lacks (`liftoff import --fetch`). */
  fetch: boolean;
}

class UsageError extends Error {}

function parse(argv: string[]): Options {
  const positional: string[] = [];
  const pages: string[] = [];
  let json = false;
  let fetch = false;
  let crawl: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") json = true;
    else if (arg === "--fetch") fetch = true;
    else if (arg === "--page") {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--"))
        throw new UsageError(`${arg} needs a value`);
      if (!/^https?:\/\//.test(value))
        throw new UsageError(`--page ${value}: expected an http:// or https:// URL`);
      pages.push(value);
    } else if (arg === "--pages") {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--"))
        throw new UsageError(`${arg} needs a value`);
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGES)
        throw new UsageError(`--pages ${value}: expected a whole number from 1 to ${MAX_PAGES}`);
      crawl = Number(value);
    } else if (arg.startsWith("--")) throw new UsageError(`migrate-check does not take ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1)
    throw new UsageError(
      positional.length
        ? `takes one library file, got ${positional.length} arguments`
        : "needs the original launch-*.js library file or its build folder",
    );
  if (crawl !== undefined && !pages.length)
    throw new UsageError("--pages follows links from each --page: name at least one --page");
  return { input: resolve(positional[0]!), pages, crawl: crawl ?? 1, json, fetch };
}

interface Original {
  file: string;
  code: string;
  folder?: BuildFolder;
}

function readOriginal(input: string): Original {
  const stat = statSync(input, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`${input}: no such file or folder`);
  if (!stat.isDirectory()) return { file: input, code: readLibrary(input) };
  const folder = openBuildFolder(input);
  if (!folder.library)
    throw new UsageError(`${input} holds no single launch-*.js library: name the library file`);
  return { file: folder.library, code: readLibrary(folder.library), folder };
}

function readLibrary(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

interface Rebuilt {
  doc: PropertyDocument;
  code: string;
  carried: { path: string; text: string }[];
}

/** The stage an older build names only as `buildInfo.environment` (turbine 27 and earlier). */
const OLDER_STAGE = /"?environment"?\s*:\s*"(development|staging|production)"/;

/**
 * The rebuild: the imported document built for the environment the original was built for.
 * The import keeps that environment's id (the others get new ids, found nowhere in the
 * file); an older build without one is matched by the stage it names, else taken as
 * production.
 */
async function rebuild(options: Options, original: Original): Promise<Rebuilt> {
  const { document: doc, report } = await importFolder(options.input, { fetch: options.fetch });
  const stage = OLDER_STAGE.exec(original.code)?.[1] ?? "production";
  const environment =
    doc.environments.find((e) => original.code.includes(e.id)) ??
    doc.environments.find((e) => e.stage === stage);
  if (!environment) throw new UsageError("the imported property has no environment to build");
  const minify = originalMinified(original.code);
  try {
    const lib = await buildLibrary(doc, {
      environmentId: environment.id,
      ...(minify === undefined ? {} : { minify }),
    });
    return { doc, code: lib.code, carried: carriedFiles(doc) };
  } catch (error) {
    // With --fetch, a file still missing is one the download failed: say why it failed.
    const failures = report.warnings.filter((w) => w.startsWith("fetch failed: "));
    if (error instanceof BuildRefusedError && failures.length)
      error.message += `\n${failures.map((f) => `  ${f}`).join("\n")}`;
    throw error;
  }
}

function directCalls(doc: PropertyDocument): string[] {
  const ids = doc.rules.flatMap((rule) =>
    rule.events
      .filter((e) => e.modulePath === "core/src/lib/events/directCall.js")
      .map((e) => (e.settings as { identifier?: unknown } | undefined)?.identifier)
      .filter((id): id is string => typeof id === "string" && id !== ""),
  );
  return [...new Set(ids)];
}

/** A Launch embed on a real page: `…/launch-EN….min.js` or the original's own file name. */
function embedMatcher(file: string): (url: string) => boolean {
  const own = basename(file);
  return (url) => {
    const name = new URL(url).pathname.split("/").pop() ?? "";
    return name === own || /^launch-[A-Za-z0-9_-]+(\.min)?\.js$/.test(name);
  };
}

// Links to files rather than pages: a crawl does not open them.
const FILE_LINK =
  /\.(pdf|zip|gz|tgz|rar|7z|exe|dmg|msi|docx?|xlsx?|pptx?|csv|txt|xml|json|png|jpe?g|gif|svg|webp|ico|mp[34]|mov|avi|wmv|wav|webm)$/i;

/** Same-origin links worth a visit: pages, each once, without their fragment. */
const pageLinks = (links: string[]) =>
  links.filter((url) => !FILE_LINK.test(new URL(url).pathname));

type GeneratedSite = Awaited<ReturnType<typeof startGeneratedSite>> & { libraryPath: string };

async function comparePages(
  browser: Browser,
  options: Options,
  original: Original,
  rebuilt: Rebuilt,
  standIn: AdobeStandIn,
  site: GeneratedSite | undefined,
): Promise<PageComparison[]> {
  const calls = directCalls(rebuilt.doc);
  const carriedNames = new Set(rebuilt.carried.map((f) => f.path.split("/").pop()!));
  const run = async (url: string, isLibrary: (u: string) => boolean) => {
    const base: Omit<ObserveOptions, "library"> = {
      url,
      isLibrary,
      directCalls: calls,
      carriedNames,
      standIn,
    };
    const before = await observePage(browser, {
      ...base,
      library: original.code,
      ...(original.folder ? { buildFolder: original.folder } : {}),
    });
    const after = await observePage(browser, {
      ...base,
      library: rebuilt.code,
      carried: rebuilt.carried,
    });
    return {
      comparison: compareObservations(url, before, after, explainedKeys(original.code)),
      links: before.links,
    };
  };
  if (!site) {
    const results: PageComparison[] = [];
    const seen = new Set<string>();
    for (const start of options.pages) {
      // Breadth first from each --page, up to options.crawl pages from it.
      const queue = [start];
      let visited = 0;
      while (queue.length && visited < options.crawl) {
        const page = queue.shift()!;
        if (seen.has(page)) continue;
        seen.add(page);
        visited++;
        const { comparison, links } = await run(page, embedMatcher(original.file));
        results.push(comparison);
        if (options.crawl > 1) queue.push(...pageLinks(links).filter((l) => !seen.has(l)));
      }
    }
    return results;
  }
  const { comparison } = await run(site.url, (u) => u === new URL(site.libraryPath, site.url).href);
  return [{ ...comparison, page: `${comparison.page} (generated)` }];
}

async function check(argv: string[], io: MigrateCheckIo): Promise<number> {
  const options = parse(argv);
  const original = readOriginal(options.input);
  const rebuilt = await rebuild(options, original);
  const browser = await launchChromium();
  // Without --page, a generated page on a local server: its origin is one the stand-in's
  // datastreams allow, as every --page's is.
  const path = `/${encodeURIComponent(basename(original.file))}`;
  const site = options.pages.length
    ? undefined
    : {
        ...(await startGeneratedSite(generatedPageHtml(rebuilt.doc, path))),
        libraryPath: path,
      };
  const origins = site ? [new URL(site.url).origin] : options.pages.map((p) => new URL(p).origin);
  let pages: PageComparison[];
  try {
    const standIn = await startAdobeStandIn(rebuilt.doc, origins);
    try {
      pages = await comparePages(browser, options, original, rebuilt, standIn, site);
    } finally {
      await standIn.close();
    }
  } finally {
    await browser.close();
    await site?.close();
  }
  const sums = totals(pages);
  if (options.json) io.out(JSON.stringify({ pages, ...sums }, null, 2));
  else io.out(formatComparison(pages));
  return sums.differ === 0 ? 0 : 1;
}

/** Runs the command; mistakes in the input become one message and exit 1. */
export default async function migrateCheck(
  argv: string[],
  io: MigrateCheckIo = { out: (l) => console.log(l), err: (l) => console.error(l) },
): Promise<number> {
  if (argv.includes("--help")) {
    io.out(`Usage: liftoff${MIGRATE_CHECK_USAGE.replace(/^ +/, " ")}`);
    return 0;
  }
  try {
    return await check(argv, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof MissingBrowserError)
      io.err(`liftoff migrate-check: ${error.message}`);
    else if (error instanceof ValidationErrors)
      io.err(
        `liftoff migrate-check: the library does not import:\n${error.errors.map((e) => `  ${e.message}`).join("\n")}`,
      );
    else if (error instanceof BuildRefusedError)
      io.err(`liftoff migrate-check: the rebuild is refused: ${error.message}`);
    else throw error;
    return 1;
  }
}
