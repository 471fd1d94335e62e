/**
 * Property document + environment → one self-contained library file in the Launch layout
 * (launch-container.md §1.1): `window._satellite=window._satellite||{},
 * window._satellite.container={…};` followed by the minified engine.
 *
 * With `preview`, the file is a preview build (docs/preview.md): the preview prelude with the
 * session's id and label, then the container, then the preview engine, which carries the
 * trace hooks the published engine is built without.
 *
 * Deterministic given a `buildDate`: the same document, environment and options give the
 * same bytes. Without one, `buildInfo.buildDate` is the time of the build, as Launch reports
 * it (the CLI's `--build-date` and tests fix it). Development libraries are built unminified,
 * as Launch builds them: custom code stays readable and `buildInfo.minified` is false, so
 * extensions load their hosted files' readable versions; staging and production minified.
 *
 * An event forwarding property (platform `edge`) is validated against the edge catalogue
 * and built into the JSON text of its ForwardingRuleset (forwarding/buildRuleset.ts): no
 * engine, nothing minified, nothing carried.
 */
import { gzipSync } from "node:zlib";
import { Script } from "node:vm";
import type {
  Container,
  ForwardingRuleset,
  PropertyDocument,
  PropertyEnvironment,
} from "@liftoff/schema";
import buildContainer from "./buildContainer.ts";
import carriedFiles, { type CarriedFile } from "./carriedFiles.ts";
import { platformOf } from "./catalog.ts";
import buildRuleset from "./forwarding/buildRuleset.ts";
import { toJson, toSource } from "./JsCode.ts";
import { engineScript, previewScripts } from "./moduleScripts.ts";
import validateProperty from "./validateProperty.ts";

/** The fixed build date of exports and of builds whose bytes must not change between runs. */
export const DEFAULT_BUILD_DATE = "1970-01-01T00:00:00Z";

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): compile every
 * function of the file eagerly, while the script is streamed off the main thread. Almost
 * all of a library runs during the page load, and compiling each function lazily on its
 * first call, on the main thread, was the largest single cost of a first visit (see the
 * page-cost section of bench/history/RESULTS-to-2026-11-28.md).
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

export interface BuildOptions {
  environmentId: string;
  /** ISO date-time for `buildInfo.buildDate`; the time of the build when absent. */
  buildDate?: string;
  /**
   * Custom code minified and `buildInfo.minified` set (extensions then load `.min` hosted
   * files). Default: false for a development environment, true for staging and production.
   */
  minify?: boolean;
  /** Build the preview build of this preview session instead of the published library. */
  preview?: PreviewBuildOptions;
}

export interface PreviewBuildOptions {
  /** The session id: 32 lowercase hex digits (PreviewSession.id). */
  sessionId: string;
  /** What the page's badge names: the library's name, or "Working state". */
  label: string;
}

/** The container as built, with module scripts and function settings as source text. */
export type ContainerJson = Omit<Container, "extensions"> & {
  extensions: Record<
    string,
    {
      displayName: string;
      hostedLibFilesBaseUrl?: string;
      settings?: Record<string, unknown>;
      modules: Record<
        string,
        { name?: string; displayName?: string; shared?: boolean; script: string }
      >;
    }
  >;
};

export interface BuiltLibrary {
  code: string;
  bytes: number;
  /** `gzip -9` size, as the budgets in bench/budgets.json count it. */
  gzipBytes: number;
  durationMs: number;
  /** Module paths in the library, every extension's. */
  modules: string[];
  /**
   * The Launch container the library holds. An edge property's library runs on no page: its
   * container has the property and build info and no extensions, rules or data elements.
   */
  container: ContainerJson;
  /** An edge property's build: the ruleset `code` is the JSON text of. */
  ruleset?: ForwardingRuleset;
  /**
   * Files published next to the library (carriedFiles.ts): hosted files, external code, at
   * `hosted/…`; a preview build's at `preview-<id>/hosted/…`.
   */
  files: CarriedFile[];
}

/** Thrown when a document does not validate; `problems` lists why. */
export class BuildRefusedError extends Error {
  readonly problems: ReturnType<typeof validateProperty>;

  constructor(problems: ReturnType<typeof validateProperty>) {
    const lines = problems.map((p) => `  ${p.path}: ${p.message}${p.where ? ` (${p.where})` : ""}`);
    super(
      `The property has ${problems.length} problem(s); nothing was built:\n${lines.join("\n")}`,
    );
    this.name = "BuildRefusedError";
    this.problems = problems;
  }
}

function checkBuildDate(value: string): string {
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
    Number.isNaN(Date.parse(value))
  )
    throw new Error(
      `buildDate: expected an ISO date-time such as 2025-03-26T00:00:00Z, got ${JSON.stringify(value)}`,
    );
  return value;
}

function checkPreview(preview: PreviewBuildOptions): PreviewBuildOptions {
  if (typeof preview.sessionId !== "string" || !/^[0-9a-f]{32}$/.test(preview.sessionId))
    throw new Error(
      `preview.sessionId: expected 32 lowercase hex digits, got ${JSON.stringify(preview.sessionId)}`,
    );
  if (typeof preview.label !== "string")
    throw new Error(`preview.label: expected a string, got ${JSON.stringify(preview.label)}`);
  return { sessionId: preview.sessionId, label: preview.label };
}

/** Where a preview build's carried files are served, beside `preview-<id>.js`. */
export const previewFolder = (sessionId: string) => `preview-${sessionId}/`;

/** The container assignment and engine, behind the preview prelude for a preview build. */
async function libraryScript(container: string, preview: PreviewBuildOptions | undefined) {
  const assign = `window._satellite=window._satellite||{},window._satellite.container=${container};\n`;
  if (!preview) return `${COMPILE_HINT}${assign}${await engineScript()}`;
  const { engine, prelude } = await previewScripts();
  const config = `window._satellite=window._satellite||{},window._satellite.__liftoffPreview=${JSON.stringify(preview)};\n`;
  return `${COMPILE_HINT}${config}${prelude}\n${assign}${engine}`;
}

/** An edge property's library: the ruleset as JSON text (validated by the caller). */
async function buildEdgeLibrary(
  doc: PropertyDocument,
  environment: PropertyEnvironment,
  buildDate: string,
  started: number,
): Promise<BuiltLibrary> {
  const ruleset = buildRuleset(doc, environment.id, { buildDate });
  const code = JSON.stringify(ruleset);
  const modules = new Set<string>();
  for (const element of Object.values(ruleset.dataElements)) modules.add(element.modulePath);
  for (const rule of ruleset.rules)
    for (const component of [...rule.events, ...rule.conditions, ...rule.actions])
      modules.add(component.modulePath);
  const empty = { ...doc, extensions: [], rules: [], dataElements: [] };
  const container = await buildContainer(empty, environment, {
    buildDate,
    minify: false,
    transform: true,
  });
  return {
    code,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    modules: [...modules].sort(),
    container: toJson(container) as ContainerJson,
    ruleset,
    files: [],
  };
}

export default async function buildLibrary(
  doc: PropertyDocument,
  options: BuildOptions,
): Promise<BuiltLibrary> {
  const started = performance.now();
  const environment = doc.environments.find((e) => e.id === options.environmentId);
  if (!environment)
    throw new Error(
      `environmentId: no environment "${options.environmentId}" (the property has ${doc.environments.map((e) => `"${e.id}"`).join(", ") || "none"})`,
    );
  const buildDate = checkBuildDate(options.buildDate ?? new Date().toISOString());
  const preview = options.preview && checkPreview(options.preview);
  const problems = validateProperty(doc);
  if (problems.length) throw new BuildRefusedError(problems);
  if (platformOf(doc) === "edge") {
    if (preview)
      throw new Error(
        "preview: an event forwarding property has no preview build; its rules report to the preview session of the page whose events they receive",
      );
    return buildEdgeLibrary(doc, environment, buildDate, started);
  }

  const minify = options.minify ?? environment.stage !== "development";
  const folder = preview ? previewFolder(preview.sessionId) : "";
  const container = await buildContainer(doc, environment, {
    buildDate,
    minify,
    transform: true,
    carriedFolder: folder,
  });
  const code = await libraryScript(toSource(container), preview);
  // Compile (never run) the whole file: a module script kept from an import that is not
  // valid JavaScript must fail the build here, not every page that loads the library.
  try {
    new Script(code, { filename: `${environment.id}.js` });
  } catch (error) {
    throw new Error(`The built library does not parse: ${(error as Error).message}`);
  }
  const modules = Object.values(container.extensions).flatMap((e) => Object.keys(e.modules));
  return {
    code,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    modules,
    container: toJson(container) as ContainerJson,
    files: carriedFiles(doc).map((file) => ({ ...file, path: folder + file.path })),
  };
}
