/**
 * The builder's CLI commands (`liftoff validate | build | import | export`), working on
 * property files in a repository rather than on the server's database:
 *
 *   liftoff validate <property>                          problems (exit 1 if any), then advice
 *   liftoff build <property> --env <stage|id> --out <file> [--build-date ISO] [--minify|--no-minify]
 *   liftoff import <launch-*.js|container.json|build folder> [--fetch] [--out property.json]
 *   liftoff export <property> --env <stage|id> [--out container.json]
 *
 * A property is a JSON file, or a TypeScript/JavaScript module whose default export or
 * `propertyDocument` export is the document (bundled with esbuild, so plain Node runs it).
 * Each command returns its exit code; output goes through `io` so tests can read it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  BuildRefusedError,
  buildLibrary,
  exportLaunch,
  importFolder,
  propertyWarnings,
  parsePropertyDocument,
  validateDisabledItems,
  validateProperty,
} from "@liftoff/builder";
import { ValidationErrors, type PropertyDocument, type PropertyProblem } from "@liftoff/schema";
import { build as esbuild } from "esbuild";
import { PostgresStore } from "../store/PostgresStore.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import type { Store } from "../store/Store.ts";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

export const BUILDER_COMMANDS = ["validate", "build", "import", "export"] as const;
export type BuilderCommand = (typeof BUILDER_COMMANDS)[number];

export const BUILDER_USAGE = `  validate <property>
        check a property file (JSON, or a .ts/.js module exporting the document); exit 1 on problems
  build <property> --env <stage|environmentId> --out <file> [--build-date ISO]
        [--minify|--no-minify]
        build the library for one environment; prints bytes, gzip -9 bytes and build time.
        buildDate is now unless --build-date fixes it; development builds are unminified,
        staging and production minified, unless --minify or --no-minify says otherwise
  import <launch-*.js|container.json|build folder> [--fetch] [--out property.json]
        read a Launch library file, container JSON or downloaded build folder; prints what
        mapped, what stayed opaque and which files (external custom code, hosted files) are
        missing; --fetch downloads those from their URLs
  export <property|propertyId> --env <stage|environmentId> [--out file]
         [--data DIR] [--db sqlite|postgres://…] [--revision N] [--format launch|property]
        write Launch container JSON for one environment (stdout without --out); a property id
        reads the property from the server's store (latest revision unless --revision)`;

/** A command-line mistake: the message names the argument. */
export class UsageError extends Error {}

interface Args {
  positional: string[];
  flags: Record<string, string | true>;
}

const BOOLEAN_FLAGS = ["minify", "no-minify", "fetch"];

function parseArgs(command: string, argv: string[], allowed: string[]): Args {
  const args: Args = { positional: [], flags: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      args.positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (!allowed.includes(name)) throw new UsageError(`${command} does not take ${arg}`);
    if (BOOLEAN_FLAGS.includes(name)) args.flags[name] = true;
    else {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--"))
        throw new UsageError(`${arg} needs a value`);
      args.flags[name] = value;
    }
  }
  return args;
}

function onePath(command: string, args: Args, what: string): string {
  if (args.positional.length !== 1)
    throw new UsageError(
      args.positional.length
        ? `takes one ${what}, got ${args.positional.length} arguments`
        : `needs a ${what} file`,
    );
  return resolve(args.positional[0]!);
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/**
 * Bundles a TS/JS module (workspace packages included: they are TypeScript sources) to one
 * ESM file and imports it, so the bundled CLI needs no TypeScript loader.
 */
async function importModule(file: string): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-property-"));
  try {
    const outfile = join(dir, "property.mjs");
    await esbuild({
      entryPoints: [file],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "silent",
    });
    return (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads a property file; structural problems throw ValidationErrors naming each field. */
export async function loadProperty(file: string): Promise<PropertyDocument> {
  if (extname(file) === ".json") {
    const text = readText(file);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
    }
    return parsePropertyDocument(value);
  }
  if (![".ts", ".mts", ".js", ".mjs"].includes(extname(file)))
    throw new UsageError(`${file}: expected a .json property file or a .ts/.js module`);
  readText(file);
  // A built library is not a module exporting a document; running it in Node says only
  // "window is not defined".
  if (/^launch-[^/]*\.js$/.test(basename(file)))
    throw new UsageError(
      `${file} is a built Launch library, not a property file: run \`liftoff import ${file} --out property.json\`, then use property.json`,
    );
  let module: Record<string, unknown>;
  try {
    module = await importModule(file);
  } catch (error) {
    throw new UsageError(
      `${file}: cannot load it as a module exporting a property document: ${(error as Error).message.split("\n")[0]}`,
    );
  }
  const value = module.default ?? module.propertyDocument;
  if (value === undefined)
    throw new UsageError(
      `${file} exports neither a default nor a "propertyDocument" property document`,
    );
  return parsePropertyDocument(value);
}

/** `--env production` or `--env EN…`: an environment id, or a stage with one environment. */
export function pickEnvironment(doc: PropertyDocument, env: string | true | undefined): string {
  if (typeof env !== "string") throw new UsageError("--env <stage|environmentId> is required");
  if (doc.environments.some((e) => e.id === env)) return env;
  const staged = doc.environments.filter((e) => e.stage === env);
  if (staged.length === 1) return staged[0]!.id;
  const ids = doc.environments.map((e) => `${e.id} (${e.stage})`).join(", ");
  if (staged.length > 1)
    throw new UsageError(`--env ${env}: several ${env} environments, name one of: ${ids}`);
  throw new UsageError(`--env ${env}: no such environment or stage; the property has ${ids}`);
}

function write(file: string, text: string): string {
  const path = resolve(file);
  writeFileSync(path, text);
  return path;
}

async function validate(argv: string[], io: CliIo): Promise<number> {
  const file = onePath("validate", parseArgs("validate", argv, []), "property");
  let doc: PropertyDocument;
  try {
    doc = await loadProperty(file);
  } catch (error) {
    if (!(error instanceof ValidationErrors)) throw error;
    error.errors.forEach((e) => io.out(`${e.field}: ${e.problem}`));
    io.err(`${error.errors.length} problem(s) in ${file}`);
    return 1;
  }
  const line = (p: PropertyProblem, label = "") =>
    io.out(`${label}${p.path}: ${p.message}${p.where ? `  (${p.where})` : ""}`);
  const problems = validateProperty(doc);
  problems.forEach((p) => line(p));
  // Advice that never fails the command: disabled items are not built, and warnings are advice.
  validateDisabledItems(doc).forEach((p) => line(p, "disabled, not built: "));
  propertyWarnings(doc).forEach((p) => line(p, "warning: "));
  if (problems.length) {
    io.err(`${problems.length} problem(s) in ${file}`);
    return 1;
  }
  io.out(
    `${file}: ${doc.rules.length} rules, ${doc.dataElements.length} data elements, no problems`,
  );
  return 0;
}

async function buildCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs("build", argv, ["env", "out", "build-date", "minify", "no-minify"]);
  const file = onePath("build", args, "property");
  if (typeof args.flags.out !== "string") throw new UsageError("--out <file> is required");
  const doc = await loadProperty(file);
  const environmentId = pickEnvironment(doc, args.flags.env);
  if (args.flags.minify && args.flags["no-minify"])
    throw new UsageError("--minify and --no-minify contradict each other; give one");
  const options: Parameters<typeof buildLibrary>[1] = { environmentId };
  // Without either flag the environment decides: development unminified, as Launch builds it.
  if (args.flags.minify || args.flags["no-minify"]) options.minify = !args.flags["no-minify"];
  if (typeof args.flags["build-date"] === "string") options.buildDate = args.flags["build-date"];
  try {
    const lib = await buildLibrary(doc, options);
    const out = write(args.flags.out, lib.code);
    io.out(
      `built ${out} for ${environmentId}: ${lib.bytes} bytes, ${lib.gzipBytes} bytes gzip -9, ${lib.durationMs} ms, ${lib.modules.length} modules`,
    );
    // The files the property carries go beside the library, where its container looks.
    for (const carried of lib.files) {
      const path = join(dirname(out), carried.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, carried.text);
    }
    if (lib.files.length)
      io.out(`wrote ${lib.files.length} files under ${join(dirname(out), "hosted")}`);
    return 0;
  } catch (error) {
    if (!(error instanceof BuildRefusedError)) throw error;
    io.err(error.message);
    return 1;
  }
}

async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs("import", argv, ["out", "fetch"]);
  const file = onePath("import", args, "Launch library, container JSON or build folder");
  if (!existsSync(file)) throw new UsageError(`cannot read ${file}: ENOENT`);
  let imported;
  try {
    imported = await importFolder(file, { fetch: args.flags.fetch === true });
  } catch (error) {
    if (error instanceof ValidationErrors) throw error;
    throw new UsageError((error as Error).message);
  }
  const { document, report } = imported;
  const lines = [
    ...report.mapped.map((m) => `mapped  ${m.from} → ${m.to}`),
    ...report.opaque.map(
      (o) => `opaque  ${o.extension} (${o.modules.length} modules kept as scripts)`,
    ),
    ...report.warnings.map((w) => `warning ${w}`),
    `${document.rules.length} rules, ${document.dataElements.length} data elements, ${document.extensions.length} extensions`,
  ];
  const json = `${JSON.stringify(document, null, 2)}\n`;
  if (typeof args.flags.out === "string") {
    lines.forEach((l) => io.out(l));
    io.out(`wrote ${write(args.flags.out, json)}`);
  } else {
    // The document is the output (pipe it to a file); the report goes to stderr.
    lines.forEach((l) => io.err(l));
    io.out(json.trimEnd());
  }
  return 0;
}

/** A property file path, or else a property id to read from the server's store. */
async function exportSource(args: Args): Promise<PropertyDocument> {
  if (args.positional.length !== 1)
    throw new UsageError(
      args.positional.length
        ? `takes one property, got ${args.positional.length} arguments`
        : "needs a property file or property id",
    );
  const given = args.positional[0]!;
  if (existsSync(resolve(given))) return loadProperty(resolve(given));
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(given))
    throw new UsageError(`${given}: no such file, and not a property id`);
  const revision = args.flags.revision === undefined ? undefined : Number(args.flags.revision);
  if (revision !== undefined && (!Number.isInteger(revision) || revision < 1))
    throw new UsageError(`--revision ${String(args.flags.revision)}: expected a revision number`);
  const store = openStore(args);
  try {
    const record =
      revision === undefined
        ? await store.authoring.getProperty(given)
        : await store.authoring.getRevision(given, revision);
    if (!record) {
      const known = (await store.authoring.listProperties()).map((p) => p.id).join(", ");
      throw new UsageError(
        `no property ${given}${revision === undefined ? "" : ` at revision ${revision}`} in the store (it has: ${known || "none"})`,
      );
    }
    return record.document;
  } finally {
    await store.close();
  }
}

/** The store `liftoff serve` uses with the same --data/--db; never creates a SQLite file. */
function openStore(args: Args): Store {
  const db = typeof args.flags.db === "string" ? args.flags.db : "sqlite";
  if (db.startsWith("postgres://") || db.startsWith("postgresql://")) return new PostgresStore(db);
  if (db !== "sqlite") throw new UsageError(`--db ${db}: expected sqlite or postgres://…`);
  const dir = resolve(typeof args.flags.data === "string" ? args.flags.data : ".data");
  const file = join(dir, "liftoff.db");
  if (!existsSync(file))
    throw new UsageError(`no database at ${file}: start liftoff serve once, or pass --data DIR`);
  return new SqliteStore(file);
}

async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs("export", argv, ["env", "out", "data", "db", "revision", "format"]);
  const format = args.flags.format ?? "launch";
  if (format !== "launch" && format !== "property")
    throw new UsageError(`--format ${String(format)}: expected launch or property`);
  const doc = await exportSource(args);
  try {
    let json: string;
    let what: string;
    if (format === "property") {
      json = `${JSON.stringify(doc, null, 2)}\n`;
      what = `property ${doc.property.id}`;
    } else {
      const environmentId = pickEnvironment(doc, args.flags.env);
      json = `${JSON.stringify(await exportLaunch(doc, environmentId), null, 2)}\n`;
      what = environmentId;
    }
    if (typeof args.flags.out === "string")
      io.out(`wrote ${write(args.flags.out, json)} for ${what}`);
    else io.out(json.trimEnd());
    return 0;
  } catch (error) {
    if (!(error instanceof BuildRefusedError)) throw error;
    io.err(error.message);
    return 1;
  }
}

/** Runs one builder command; UsageError and ValidationErrors become a message and exit 1. */
export async function runBuilderCommand(
  command: BuilderCommand,
  argv: string[],
  io: CliIo = consoleIo,
): Promise<number> {
  if (argv.includes("--help")) {
    const lines = BUILDER_USAGE.split("\n");
    const at = lines.findIndex((l) => l.trimStart().startsWith(`${command} `));
    io.out(`Usage: liftoff${lines[at]!.replace(/^ +/, " ")}\n${lines[at + 1]}`);
    return 0;
  }
  try {
    if (command === "validate") return await validate(argv, io);
    if (command === "build") return await buildCommand(argv, io);
    if (command === "import") return await importCommand(argv, io);
    return await exportCommand(argv, io);
  } catch (error) {
    if (error instanceof UsageError) io.err(`liftoff ${command}: ${error.message}`);
    else if (error instanceof ValidationErrors)
      io.err(
        `liftoff ${command}: the input has problems:\n${error.errors.map((e) => `  ${e.message}`).join("\n")}`,
      );
    else if (error instanceof Error && /^(environmentId|buildDate): /.test(error.message))
      io.err(`liftoff ${command}: ${error.message}`);
    else throw error;
    return 1;
  }
}
