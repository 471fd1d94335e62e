/**
 * `liftoff import` of a downloaded Launch build, or of a library whose files are fetched
 * (docs/builder.md, "Files the property carries"). A Launch build archive holds the library
 * (`launch-*.js`), one `RC…-source(.min).js` file per external custom-code action, and
 * `hostedLibFiles/…` with the files extensions load through `getHostedLibFileUrl`. After
 * importLaunch maps the container, each file the container refers to is looked up in the
 * folder (by name, preferring the copy whose folders match the URL's path) or, with `fetch`,
 * downloaded from its URL, and carried in the document (carriedFiles.ts). A file found
 * nowhere is listed in the report, and validation keeps reporting it while its URL is
 * Adobe's. The same import works on files held in memory (importFiles), as the server's
 * `POST /api/properties/import` receives a folder from a browser.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import {
  SERVED_FILE_TYPE_LIST,
  hostedPathProblem,
  servedFileType,
  type ImportReport,
  type PropertyDocument,
  type PropertyExtension,
} from "@liftoff/schema";
import { isRelativePath, isUrl, namesFile, relativeKind, twinName } from "./carriedFiles.ts";
import { hostedFileNames } from "./checkCarriedFiles.ts";
import { describeFetch, fetchText } from "./fetchText.ts";
import importLaunch from "./importLaunch.ts";
import {
  findNode,
  isSatelliteMember,
  literalValue,
  parseScript,
  type ScriptNode,
} from "./scriptLiterals.ts";
import { CUSTOM_CODE_ACTION } from "./transforms.ts";
import validateProperty from "./validateProperty.ts";

const MAX_FILES = 10_000;
const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface ImportFilesOptions {
  /** Download files the folder lacks (or all of them, for a single library) from their URLs. */
  fetch?: boolean;
  /** Per download; default 15 s. */
  fetchTimeoutMs?: number;
}

/**
 * A file found for the container: `name` as the container asks for it (empty when fetched),
 * and where it came from — `from` for people (the folder's path, or the URL), `field` for
 * the API (`files[3].path` for a folder held in memory).
 */
interface FoundFile {
  name: string;
  text: string;
  from: string;
  field: string;
}

/** Where a file the container names comes from: the folder, else (with `fetch`) its URL. */
interface FileSource {
  find(url: string, names: string[]): Promise<FoundFile | undefined>;
  /**
   * Every file a build folder holds for one extension (`hostedLibFiles/<EP id>/<name>`, or
   * `<sub>/<name>` in a subfolder, which Launch serves too): the files Launch hosted for it,
   * whatever names its code computes.
   */
  hostedFolder?(packageId: string): FoundFile[];
}

/** Every file under `dir`, relative, `/`-separated. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string, depth: number) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory() && depth < 16) walk(path, depth + 1);
      else if (entry.isFile()) {
        out.push(relative(dir, path).split(sep).join("/"));
        if (out.length > MAX_FILES)
          throw new Error(`${dir}: more than ${MAX_FILES} files; is this a Launch build folder?`);
      }
    }
  };
  walk(dir, 0);
  return out.sort();
}

function readSmall(path: string): string {
  if (statSync(path).size > MAX_FILE_BYTES)
    throw new Error(`${path}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  return readFileSync(path, "utf8");
}

/** A file of a build folder held in memory: `path` is relative to the folder, `/`-separated. */
export interface BuildFile {
  path: string;
  text: string;
}

/**
 * Refusal of a set of files that is not one build: `field` names what is wrong in the
 * in-memory form (`files`, `files[2].text`), so the API can say so.
 */
export class BuildFilesError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "BuildFilesError";
  }
}

/** The one library of a build folder: `launch-*.js`, the readable copy when both are there. */
export function findLibrary(files: string[], dir: string): string {
  const libraries = files.filter((f) => /^launch-[^/]*\.js$/.test(basename(f)));
  const readable = libraries.filter(
    (f) => !libraries.includes(twinName(f)) || !/\.min\.js$/.test(f),
  );
  if (readable.length === 1) return readable[0]!;
  throw new BuildFilesError(
    "files",
    readable.length
      ? `${dir} holds ${readable.length} libraries (${readable.join(", ")}); import one build folder at a time`
      : `${dir} holds no launch-*.js library file`,
  );
}

/** How many trailing folders of `file` match the trailing segments of the URL's path. */
function matchingTail(file: string, url: string): number {
  let path: string[];
  try {
    path = new URL(url, "https://relative.invalid/").pathname.split("/").filter(Boolean);
  } catch {
    return 0;
  }
  const folders = file.split("/").slice(0, -1);
  path.pop();
  let n = 0;
  while (n < folders.length && n < path.length && folders.at(-1 - n) === path.at(-1 - n)) n++;
  return n;
}

/**
 * The one rule for which file of a build folder answers a URL (the import, and migrate-check
 * answering the original's requests): a file named `name`, the copy whose trailing folders
 * match most of the URL's path, then the shortest path; undefined when none has the name.
 * `files` are paths relative to the folder, with `/`.
 */
export function folderFileFor(files: string[], url: string, name: string): string | undefined {
  const candidates = files.filter((f) => f === name || f.endsWith(`/${name}`)).sort();
  candidates.sort((a, b) => matchingTail(b, url) - matchingTail(a, url) || a.length - b.length);
  return candidates[0];
}

/**
 * Looks a file up among the folder's `files` by name and trailing folders; `read` gives its
 * text, `fieldOf` the field that names it (the path itself on disk).
 */
function folderSource(
  files: string[],
  read: (file: string) => string,
  fieldOf: (file: string) => string = (file) => file,
): FileSource {
  // Sorted, so ties between candidates fall the same way whatever order the files came in.
  const sorted = [...files].sort();
  return {
    find(url, names) {
      for (const name of names) {
        const file = folderFileFor(sorted, url, name);
        if (file)
          return Promise.resolve({ name, text: read(file), from: file, field: fieldOf(file) });
      }
      return Promise.resolve(undefined);
    },
    hostedFolder(packageId) {
      const folder = `/hostedLibFiles/${packageId}/`;
      return sorted.flatMap((file) => {
        const at = `/${file}`.indexOf(folder);
        if (at < 0) return [];
        const name = file.slice(at + folder.length - 1);
        return [{ name, text: read(file), from: file, field: fieldOf(file) }];
      });
    },
  };
}

function fetchSource(timeoutMs: number, failures: string[]): FileSource {
  return {
    async find(url) {
      // A self-hosted build's path is relative to a site the import does not know.
      if (isRelativePath(url)) {
        failures.push(
          `${url}: ${relativeKind(url)} names no host to download it from; import the build folder that holds it`,
        );
        return undefined;
      }
      try {
        const absolute = url.startsWith("//") ? `https:${url}` : url;
        return {
          name: "",
          text: await fetchText(absolute, { timeoutMs, maxBytes: MAX_FILE_BYTES }),
          from: url,
          field: url,
        };
      } catch (error) {
        failures.push(describeFetch(url, error));
        return undefined;
      }
    },
  };
}

/** Tries each source in turn. */
function firstOf(sources: FileSource[]): FileSource {
  return {
    async find(url, names) {
      for (const source of sources) {
        const found = await source.find(url, names);
        if (found) return found;
      }
      return undefined;
    },
    hostedFolder: (packageId) => sources.flatMap((s) => s.hostedFolder?.(packageId) ?? []),
  };
}

/**
 * The code an `RC…-source.js` file hands to `_satellite.__registerScript(url, code)`: the
 * call's second argument, read as a string literal without running the file.
 */
export function registeredCode(text: string): string | undefined {
  let program;
  try {
    program = parseScript(text, "The file");
  } catch {
    return undefined;
  }
  const call = findNode(
    program,
    (node) => node.type === "CallExpression" && isSatelliteMember(node.callee, "__registerScript"),
  );
  const code = (call?.arguments as ScriptNode[] | undefined)?.[1];
  if (!code) return undefined;
  try {
    const value = literalValue(code, text);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

async function carryExternalCode(doc: PropertyDocument, report: ImportReport, source: FileSource) {
  for (const rule of doc.rules)
    for (const [i, action] of rule.actions.entries()) {
      const settings = action.settings;
      const url = settings?.source;
      if (action.modulePath !== CUSTOM_CODE_ACTION || settings?.isExternal !== true) continue;
      if (typeof url !== "string" || !namesFile(url)) continue;
      const name = basename(url.replace(/[?#].*$/, ""));
      const what = `external custom code of rule "${rule.name}" › action ${i + 1}`;
      const found = await source.find(url, [name, twinName(name)]);
      const code = found && registeredCode(found.text);
      const left = isUrl(url)
        ? "left at its URL"
        : `${relativeKind(url)} is found only in the build folder that holds the file`;
      if (code === undefined)
        report.warnings.push(
          found
            ? `file ${url} (${what}) does not call _satellite.__registerScript; ${left}`
            : `missing file: ${url} (${what}); ${left}`,
        );
      else settings.source = code;
    }
}

/**
 * Adds a found file to the extension's hosted files. A file of a type no tag loads (an HTML
 * page, XML, no extension) stops the import, naming it: served from the library's folder it
 * could open as a page on the server's origin (docs/server.md, "Trust boundaries").
 */
function carryHosted(extension: PropertyExtension, name: string, file: FoundFile) {
  const fix = isUrl(file.from)
    ? "the extension cannot be carried with it"
    : "remove it from the folder to import the rest";
  // A path the library's folder cannot serve (`.cache/a.js`) is refused, never dropped.
  const pathProblem = hostedPathProblem(name);
  if (pathProblem)
    throw new BuildFilesError(
      file.field,
      `${file.from}: extension "${extension.name}" carries ${name}, and a hosted file's path must be one the library's folder can serve (${pathProblem}); ${fix}`,
    );
  if (servedFileType(name) === undefined)
    throw new BuildFilesError(
      file.field,
      `${file.from}: extension "${extension.name}" carries ${name}, and a hosted file must be of a type a tag loads (${SERVED_FILE_TYPE_LIST}); ${fix}`,
    );
  extension.hostedFiles = { ...extension.hostedFiles, [name]: file.text };
}

const FILE_NAME_LITERAL = /["']([A-Za-z0-9_][\w.-]*\.js)["']/g;

/**
 * An extension that computes the names it passes to `getHostedLibFileUrl` (Analytics picks
 * `AppMeasurement.js` from a table) cannot be read for them. Its code's own file-name literals
 * are the candidates: each one the folder (or a fetch) has is carried; if none is, the report
 * says to add the files by hand, since the rebuild would still load them from `base`.
 */
async function carryComputedNames(
  extension: PropertyExtension,
  base: string,
  scripts: string[],
  report: ImportReport,
  source: FileSource,
) {
  const literal = new Set(hostedFileNames(scripts));
  const candidates = new Set<string>();
  for (const script of scripts)
    for (const match of script.matchAll(FILE_NAME_LITERAL))
      if (!literal.has(match[1]!)) candidates.add(match[1]!);
  const carried: string[] = [];
  for (const name of candidates) {
    if (extension.hostedFiles?.[name] !== undefined) continue;
    const found = await source.find(base + name, [name, twinName(name)]);
    if (!found) continue;
    carryHosted(extension, found.name || name, found);
    carried.push(found.name || name);
  }
  report.warnings.push(
    carried.length
      ? `extension "${extension.name}" calls getHostedLibFileUrl with a computed name; carried the files its code names that ${base} has: ${carried.join(", ")}`
      : `extension "${extension.name}" calls getHostedLibFileUrl with a computed name; add the files it loads to its hostedFiles`,
  );
}

async function carryHostedFiles(doc: PropertyDocument, report: ImportReport, source: FileSource) {
  for (const extension of doc.extensions) {
    const base = extension.hostedLibFilesBaseUrl;
    if (!extension.opaqueModules || base === undefined) continue;
    const scripts = Object.values(extension.opaqueModules).map((m) => m.script);
    // The folder Launch hosted the extension's files in is named after its package id.
    const packageId = /\/(EP[A-Za-z0-9]+)\/?$/.exec(base)?.[1];
    const bundled = packageId ? (source.hostedFolder?.(packageId) ?? []) : [];
    for (const file of bundled) carryHosted(extension, file.name, file);
    if (!bundled.length && scripts.some((s) => /getHostedLibFileUrl\(\s*[^"'\s)]/.test(s)))
      await carryComputedNames(extension, base, scripts, report, source);
    for (const name of hostedFileNames(scripts)) {
      if (extension.hostedFiles?.[name] !== undefined) continue;
      const found = await source.find(base + name, [name, twinName(name)]);
      if (!found) {
        report.warnings.push(
          `missing file: ${base}${name} (extension "${extension.name}" loads it through getHostedLibFileUrl)`,
        );
        continue;
      }
      carryHosted(extension, found.name || name, found);
    }
  }
}

interface Imported {
  document: PropertyDocument;
  report: ImportReport;
}

/** Carries the files an imported container refers to, from the folder, else by fetching. */
async function carryFiles(
  { document, report }: Imported,
  folder: FileSource | undefined,
  options: ImportFilesOptions,
): Promise<Imported> {
  const failures: string[] = [];
  const source = firstOf([
    ...(folder ? [folder] : []),
    ...(options.fetch ? [fetchSource(options.fetchTimeoutMs ?? 15_000, failures)] : []),
  ]);
  await carryExternalCode(document, report, source);
  await carryHostedFiles(document, report, source);
  report.warnings.push(...failures.map((f) => `fetch failed: ${f}`));
  report.warnings = report.warnings.filter((w) => !w.startsWith("validation: "));
  for (const problem of validateProperty(document))
    report.warnings.push(`validation: ${problem.path}: ${problem.message}`);
  return { document, report };
}

/**
 * Imports a build folder held in memory (as a browser sends one): the library is found
 * among `files` as in a folder on disk. A library that is not one is refused naming its
 * `files[i].text`.
 */
export async function importFiles(
  files: BuildFile[],
  options: ImportFilesOptions = {},
): Promise<Imported> {
  const paths = files.map((f) => f.path);
  const index = paths.indexOf(findLibrary(paths, "the build folder"));
  const byPath = new Map(files.map((f) => [f.path, f.text]));
  return carryFiles(
    readLibrary(files[index]!, index),
    folderSource(
      paths,
      (path) => byPath.get(path)!,
      (path) => `files[${paths.indexOf(path)}].path`,
    ),
    options,
  );
}

/** importLaunch of the library among the files; a file that is no library names its field. */
function readLibrary(library: BuildFile, index: number): Imported {
  try {
    return importLaunch(library.text);
  } catch (error) {
    // Structural problems of the container (ValidationErrors) name their own fields.
    if (error instanceof Error && error.constructor === Error)
      throw new BuildFilesError(`files[${index}].text`, `${library.path}: ${error.message}`);
    throw error;
  }
}

/**
 * Imports a Launch library file or build folder, carrying the files its container refers to.
 * Validation runs again afterwards, so the report's `validation:` lines say what still points
 * at Adobe.
 */
export default async function importFolder(
  path: string,
  options: ImportFilesOptions = {},
): Promise<Imported> {
  if (!statSync(path).isDirectory())
    return carryFiles(importLaunch(readSmall(path)), undefined, options);
  const files = listFiles(path);
  const library = readSmall(join(path, findLibrary(files, path)));
  return carryFiles(
    importLaunch(library),
    folderSource(files, (file) => readSmall(join(path, file))),
    options,
  );
}
