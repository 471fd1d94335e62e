import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PropertyDocument } from "@liftoff/schema";
import assembleCorpus from "../test/migrate-corpus/assembleCorpus.ts";
import buildLibrary from "./buildLibrary.ts";
import importFolder, { importFiles, registeredCode, type BuildFile } from "./importFolder.ts";
import validateProperty from "./validateProperty.ts";

const FOLDER = join(import.meta.dirname, "../test/fixtures/launch-build");
const BUILD = join(FOLDER, "BL5a17c0de");
const LIBRARY = "launch-EN00000000000000000000000000000abc.js";
const RC = "RC00000000000000000000000000000ext-source.min.js";
const RC_URL = `https://assets.adobedtm.com/0a1b2c3d4e5f/5a17c0de/${LIBRARY}/${RC}`;
const LIB_URL = "https://assets.adobedtm.com/extensions/EPacmesurvey/lib.js";
const PROD = "EN00000000000000000000000000000abc";
const EXTERNAL_CODE = 'window.__fired.push("external code on " + event.$type + ", 100%");';

const externalAction = (doc: PropertyDocument) => doc.rules[1]!.actions[0]!;
const survey = (doc: PropertyDocument) => doc.extensions.find((e) => e.name === "acme-survey")!;

const scratch: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "liftoff-import-"));
  scratch.push(dir);
  return dir;
};
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("importFolder: a downloaded Launch build", () => {
  it("carries the hosted file and the external custom code, so nothing points at Adobe", async () => {
    const { document, report } = await importFolder(FOLDER);
    expect(survey(document).hostedFiles).toEqual({
      "lib.js": readFileSync(join(BUILD, "hostedLibFiles/EPacmesurvey/lib.js"), "utf8"),
    });
    expect(externalAction(document).settings).toEqual({
      source: EXTERNAL_CODE,
      language: "javascript",
      isExternal: true,
    });
    expect(report.warnings.filter((w) => /missing|validation/.test(w))).toEqual([]);
    expect(validateProperty(document)).toEqual([]);
  });

  it("builds publish both files in the library's folder, and the container points there", async () => {
    const { document } = await importFolder(FOLDER);
    const built = await buildLibrary(document, {
      environmentId: PROD,
      buildDate: "2026-01-05T10:00:00Z",
    });
    const files = Object.fromEntries(built.files.map((f) => [f.path, f.text]));
    const lib = survey(document).hostedFiles!["lib.js"];
    expect(files).toEqual({
      "hosted/acme-survey/lib.js": lib,
      "hosted/acme-survey/lib.min.js": lib,
      [`hosted/core/${externalAction(document).id}-source.js`]: `_satellite.__registerScript(document.currentScript.src,${JSON.stringify(EXTERNAL_CODE)});\n`,
    });
    expect(built.code).not.toContain("adobedtm.com");
    expect(built.code).toContain('+"hosted/acme-survey/"');
    expect(built.code).toContain(`+"hosted/core/${externalAction(document).id}-source.js"`);
  });

  it("lists a file the folder lacks, by URL and by what needs it, and validation stops the build", async () => {
    const dir = tempDir();
    cpSync(FOLDER, dir, { recursive: true });
    rmSync(join(dir, "BL5a17c0de", RC));
    rmSync(join(dir, "BL5a17c0de", "hostedLibFiles"), { recursive: true });
    const { document, report } = await importFolder(dir);
    expect(report.warnings).toContain(
      `missing file: ${RC_URL} (external custom code of rule "Ready" › action 1); left at its URL`,
    );
    expect(report.warnings).toContain(
      `missing file: ${LIB_URL} (extension "acme-survey" loads it through getHostedLibFileUrl)`,
    );
    const problems = validateProperty(document).map((p) => p.path);
    expect(problems).toEqual([
      "rules[1].actions[0].settings.source",
      'extensions[1].hostedFiles["lib.js"]',
    ]);
    await expect(buildLibrary(document, { environmentId: PROD })).rejects.toThrow(
      /still loaded from https:\/\/assets\.adobedtm\.com/,
    );
  });

  // Real extensions often name their files through constants (Adobe Analytics'
  // MANAGED_LIB_PATHS.APP_MEASUREMENT), which no literal scan finds: every file Launch hosted
  // for the extension, in the folder named after its package id, comes along.
  it("carries every file of the extension's hostedLibFiles folder, whatever names its code computes", async () => {
    const dir = tempDir();
    cpSync(FOLDER, dir, { recursive: true });
    const hosted = join(dir, "BL5a17c0de/hostedLibFiles/EPacmesurvey");
    writeFileSync(join(hosted, "Module_Extra.min.js"), "window.__extra = 1;\n");
    writeFileSync(join(dir, "BL5a17c0de/hostedLibFiles/EPother.js"), "not this one\n");
    const { document, report } = await importFolder(dir);
    expect(Object.keys(survey(document).hostedFiles!).sort()).toEqual([
      "Module_Extra.min.js",
      "lib.js",
    ]);
    expect(survey(document).hostedFiles!["Module_Extra.min.js"]).toBe("window.__extra = 1;\n");
    expect(report.warnings.filter((w) => /computed name|missing/.test(w))).toEqual([]);
  });

  // Launch serves files an extension keeps in subfolders of its hosted folder; they are
  // carried at their paths and served there (hosted/<extension>/lang/en.js), never dropped.
  it("carries a file in a subfolder of the extension's hostedLibFiles folder at its path", async () => {
    const dir = tempDir();
    cpSync(FOLDER, dir, { recursive: true });
    const hosted = join(dir, "BL5a17c0de/hostedLibFiles/EPacmesurvey");
    mkdirSync(join(hosted, "lang/de"), { recursive: true });
    writeFileSync(join(hosted, "lang/en.js"), "window.__lang = 'en';\n");
    writeFileSync(join(hosted, "lang/de/at.js"), "window.__lang = 'de-AT';\n");
    const { document } = await importFolder(dir);
    expect(Object.keys(survey(document).hostedFiles!).sort()).toEqual([
      "lang/de/at.js",
      "lang/en.js",
      "lib.js",
    ]);
    const built = await buildLibrary(document, { environmentId: PROD });
    const paths = built.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "hosted/acme-survey/lang/en.js",
        "hosted/acme-survey/lang/en.min.js",
      ]),
    );
    expect(validateProperty(document)).toEqual([]);
  });

  it("refuses a subfolder's file whose path cannot be served, naming it", async () => {
    const dir = tempDir();
    cpSync(FOLDER, dir, { recursive: true });
    const hosted = join(dir, "BL5a17c0de/hostedLibFiles/EPacmesurvey");
    mkdirSync(join(hosted, ".cache"));
    writeFileSync(join(hosted, ".cache/a.js"), "1");
    await expect(importFolder(dir)).rejects.toThrow(
      "BL5a17c0de/hostedLibFiles/EPacmesurvey/.cache/a.js: extension \"acme-survey\" carries .cache/a.js, and a hosted file's path must be one the library's folder can serve (expected a path of 1 to 8 file names separated by /, each of 1 to 100 letters, digits, _ . and - and not starting with .); remove it from the folder to import the rest",
    );
  });

  it("refuses a hosted file a browser would open as a page, naming it", async () => {
    const dir = tempDir();
    cpSync(FOLDER, dir, { recursive: true });
    writeFileSync(join(dir, "BL5a17c0de/hostedLibFiles/EPacmesurvey/y.html"), "<script>1</script>");
    await expect(importFolder(dir)).rejects.toThrow(
      'BL5a17c0de/hostedLibFiles/EPacmesurvey/y.html: extension "acme-survey" carries y.html, and a hosted file must be of a type a tag loads (.js, .mjs, .cjs, .json, .map, .css, .txt or .svg); remove it from the folder to import the rest',
    );
  });

  it("refuses a folder with no library, naming it", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "notes.txt"), "");
    await expect(importFolder(dir)).rejects.toThrow(`${dir} holds no launch-*.js library file`);
  });
});

/** The fixture folder as a browser sends it: every file, its path relative to `dir`. */
function filesOf(dir: string, paths: string[]): BuildFile[] {
  return paths.map((path) => ({ path, text: readFileSync(join(dir, path), "utf8") }));
}

const FOLDER_FILES = [
  `BL5a17c0de/${LIBRARY}`,
  `BL5a17c0de/${RC}`,
  "BL5a17c0de/hostedLibFiles/EPacmesurvey/lib.js",
];

describe("importFiles: the same build held in memory", () => {
  it("gives the document and report the folder gives", async () => {
    const fromFolder = await importFolder(FOLDER);
    const fromFiles = await importFiles(filesOf(FOLDER, [...FOLDER_FILES].reverse()));
    expect(fromFiles).toEqual(fromFolder);
    expect(externalAction(fromFiles.document).settings!.source).toBe(EXTERNAL_CODE);
    expect(survey(fromFiles.document).hostedFiles!["lib.js"]).toContain("window.acmeSurvey");
  });

  it("lists the files it lacks as the folder form does", async () => {
    const dir = tempDir();
    cpSync(FOLDER, dir, { recursive: true });
    rmSync(join(dir, "BL5a17c0de", RC));
    const fromFolder = await importFolder(dir);
    const fromFiles = await importFiles(filesOf(dir, [FOLDER_FILES[0]!, FOLDER_FILES[2]!]));
    expect(fromFiles).toEqual(fromFolder);
    expect(fromFiles.report.warnings).toContain(
      `missing file: ${RC_URL} (external custom code of rule "Ready" › action 1); left at its URL`,
    );
  });

  it("picks the readable library when both copies are there", async () => {
    const files = filesOf(FOLDER, FOLDER_FILES);
    const minified = { ...files[0]!, path: files[0]!.path.replace(/\.js$/, ".min.js") };
    minified.text = "not a library";
    const { document } = await importFiles([minified, ...files]);
    expect(survey(document).hostedFiles!["lib.js"]).toContain("window.acmeSurvey");
  });

  it("refuses no library or two, and a library that is not one, naming the field", async () => {
    const files = filesOf(FOLDER, FOLDER_FILES);
    await expect(importFiles(files.slice(1))).rejects.toMatchObject({
      field: "files",
      message: "the build folder holds no launch-*.js library file",
    });
    const other = { path: "other/launch-ENother.js", text: files[0]!.text };
    await expect(importFiles([...files, other])).rejects.toMatchObject({
      field: "files",
      message: expect.stringContaining("holds 2 libraries") as unknown,
    });
    const page = { path: "BL5a17c0de/hostedLibFiles/EPacmesurvey/y.xml", text: "<x/>" };
    await expect(importFiles([...files, page])).rejects.toMatchObject({
      field: "files[3].path",
      message: expect.stringContaining('extension "acme-survey" carries y.xml') as unknown,
    });
    const broken = [files[1]!, { path: LIBRARY, text: "window.x = 1;" }];
    await expect(importFiles(broken)).rejects.toMatchObject({
      field: "files[1].text",
      message: expect.stringContaining(`${LIBRARY}: No window._satellite.container`) as unknown,
    });
  });
});

describe("importFolder with fetch", () => {
  let server: Server;
  let origin = "";
  const requests: string[] = [];
  beforeAll(async () => {
    const rc = readFileSync(join(BUILD, RC), "utf8");
    const lib = readFileSync(join(BUILD, "hostedLibFiles/EPacmesurvey/lib.js"), "utf8");
    server = createServer((request, response) => {
      requests.push(request.url!);
      if (request.url === `/files/${RC}`) return response.end(rc);
      if (request.url === "/ext/lib.js") return response.end(lib);
      if (request.url === "/slow/lib.js") return; // never answers: the timeout must end it
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** The fixture library with its Adobe URLs moved to `base` (a library file on its own). */
  function libraryAt(files: string, ext: string): string {
    const text = readFileSync(join(BUILD, LIBRARY), "utf8")
      .replace(RC_URL, `${origin}${files}/${RC}`)
      .replace("https://assets.adobedtm.com/extensions/EPacmesurvey/", `${origin}${ext}/`);
    const file = join(tempDir(), LIBRARY);
    writeFileSync(file, text);
    return file;
  }

  it("downloads the files the container names from their URLs", async () => {
    const { document, report } = await importFolder(libraryAt("/files", "/ext"), { fetch: true });
    expect(externalAction(document).settings!.source).toBe(EXTERNAL_CODE);
    expect(survey(document).hostedFiles!["lib.js"]).toContain("window.acmeSurvey");
    expect(report.warnings.filter((w) => /missing|fetch/.test(w))).toEqual([]);
    expect(requests).toEqual(expect.arrayContaining([`/files/${RC}`, "/ext/lib.js"]));
  });

  it("reports a file that answers 404 or not at all, naming the URL", async () => {
    const file = libraryAt("/gone", "/slow");
    const { report } = await importFolder(file, { fetch: true, fetchTimeoutMs: 300 });
    expect(report.warnings).toContain(`fetch failed: GET ${origin}/gone/${RC}: HTTP 404`);
    expect(report.warnings).toContain(
      `fetch failed: GET ${origin}/slow/lib.js: no answer within 0.3 s`,
    );
    expect(report.warnings).toContain(
      `missing file: ${origin}/slow/lib.js (extension "acme-survey" loads it through getHostedLibFileUrl)`,
    );
  });

  it("carries the files a computed getHostedLibFileUrl name can be, from the names its code holds", async () => {
    // As Analytics picks AppMeasurement.js from a table: the name is no literal argument.
    const file = libraryAt("/files", "/ext");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        'getHostedLibFileUrl("lib.js")',
        'getHostedLibFileUrl({ main: "lib.js", extra: "extra.js" }.main)',
      ),
    );
    const { document, report } = await importFolder(file, { fetch: true });
    expect(survey(document).hostedFiles!["lib.js"]).toContain("window.acmeSurvey");
    expect(survey(document).hostedFiles!["extra.js"]).toBeUndefined();
    expect(report.warnings).toContain(
      `extension "acme-survey" calls getHostedLibFileUrl with a computed name; carried the files its code names that ${origin}/ext/ has: lib.js`,
    );
    const lib = await buildLibrary(document, { environmentId: document.environments[0]!.id });
    expect(lib.container.extensions["acme-survey"]!.hostedLibFilesBaseUrl).not.toContain(origin);
  });

  it("without fetch, a library file alone leaves its files listed as missing", async () => {
    const { report } = await importFolder(join(BUILD, LIBRARY));
    expect(report.warnings.filter((w) => w.startsWith("missing file: "))).toHaveLength(2);
    expect(report.warnings.some((w) => w.startsWith("validation: "))).toBe(true);
  });
});

// A self-hosted Launch build names its files by site-relative paths ("/launch/…/RC….js",
// "./RC….js", hostedLibFilesBaseUrl "/perf/js/…/hostedLibFiles/EP…/"): they resolve against
// the build folder, as absolute URLs do, or stop the build naming the file.
describe("importFolder: a self-hosted build's site-relative paths", () => {
  const RC_JS = "/launch/7c8d9e0f/3b4c5d6e/RC1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e-source.min.js";
  const RC_GLOBAL = "/launch/7c8d9e0f/3b4c5d6e/RC2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f-source.min.js";
  const RC_HTML = "./RC3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a-source.min.js";
  const WIDGET_BASE =
    "/perf/js/7c8d9e0f/3b4c5d6e/hostedLibFiles/EP4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a/";
  const CODE = {
    js: "new Image().src = 'https://collect.selfhosted.test/rc/js/' + event.$type;",
    global:
      "var selfHostedPromo = 'global';\nnew Image().src = 'https://collect.selfhosted.test/rc/global/' + window.selfHostedPromo;",
    html: '<div id="signup-thanks">Thanks for signing up</div><img src="https://collect.selfhosted.test/rc/html/%signup source%" alt="">',
  };
  let build: { folder: string; library: string };
  beforeAll(() => {
    build = assembleCorpus(tempDir())["self-hosted"];
  });
  const sources = (doc: PropertyDocument) => doc.rules.map((r) => r.actions[0]!.settings?.source);
  const widget = (doc: PropertyDocument) => doc.extensions.find((e) => e.name === "acme-widget")!;

  it("carries each RC file's code, from the copy whose folders match the path best, and the hosted files", async () => {
    const { document, report } = await importFolder(build.folder);
    // previous/ holds a stale copy of the first RC file: the path's folders pick the other.
    expect(sources(document).slice(0, 3)).toEqual([CODE.js, CODE.global, CODE.html]);
    expect(widget(document).hostedFiles).toEqual({
      "widget.js": readFileSync(
        join(build.folder, "hostedLibFiles/EP4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a/widget.js"),
        "utf8",
      ),
    });
    expect(report.warnings.filter((w) => /missing|validation|fetch/.test(w))).toEqual([]);
    expect(validateProperty(document)).toEqual([]);
    const built = await buildLibrary(document, { environmentId: document.environments[0]!.id });
    const published = built.files.filter((f) => f.path.startsWith("hosted/core/"));
    expect(published.map((f) => registeredCode(f.text))).toEqual([CODE.js, CODE.global, CODE.html]);
  });

  it("gives the same document from the files held in memory", async () => {
    const fromFolder = await importFolder(build.folder);
    const paths = [
      basename(build.library),
      "7c8d9e0f/3b4c5d6e/RC1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e-source.min.js",
      "previous/RC1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e-source.min.js",
      "7c8d9e0f/3b4c5d6e/RC2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f-source.min.js",
      "RC3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a-source.min.js",
      "hostedLibFiles/EP4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a/widget.js",
    ];
    expect(await importFiles(filesOf(build.folder, paths))).toEqual(fromFolder);
  });

  it("a folder without a file names the path, and the build is refused naming it", async () => {
    const dir = tempDir();
    cpSync(build.folder, dir, { recursive: true });
    rmSync(join(dir, "RC3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a-source.min.js"));
    const { document, report } = await importFolder(dir);
    expect(report.warnings).toContain(
      `missing file: ${RC_HTML} (external custom code of rule "Signup Form - HTML" › action 1); a relative path is found only in the build folder that holds the file`,
    );
    expect(sources(document)[2]).toBe(RC_HTML);
    await expect(
      buildLibrary(document, { environmentId: document.environments[0]!.id }),
    ).rejects.toThrow(
      `external custom code is loaded from ${RC_HTML}, a relative path of a self-hosted build; import the build folder that holds the file (liftoff import <folder>) so the property carries the code`,
    );
  });

  it("a lone library is refused naming each file, saying to import the build folder", async () => {
    const { document, report } = await importFolder(build.library);
    expect(report.warnings.filter((w) => w.startsWith("missing file: "))).toHaveLength(4);
    const problems = validateProperty(document).map((p) => `${p.path}: ${p.message}`);
    expect(problems).toEqual([
      `rules[0].actions[0].settings.source: external custom code is loaded from ${RC_JS}, a site-relative path of a self-hosted build; import the build folder that holds the file (liftoff import <folder>) so the property carries the code`,
      `rules[1].actions[0].settings.source: external custom code is loaded from ${RC_GLOBAL}, a site-relative path of a self-hosted build; import the build folder that holds the file (liftoff import <folder>) so the property carries the code`,
      `rules[2].actions[0].settings.source: external custom code is loaded from ${RC_HTML}, a relative path of a self-hosted build; import the build folder that holds the file (liftoff import <folder>) so the property carries the code`,
      `extensions[1].hostedFiles["widget.js"]: the extension loads widget.js from ${WIDGET_BASE}, a site-relative folder of a self-hosted build, and the property does not carry it; import the build folder that holds it (liftoff import <folder>)`,
    ]);
  });

  it("with fetch, a site-relative path is not downloaded: it names no host", async () => {
    const { report } = await importFolder(build.library, { fetch: true, fetchTimeoutMs: 300 });
    expect(report.warnings).toContain(
      `fetch failed: ${RC_JS}: a site-relative path names no host to download it from; import the build folder that holds it`,
    );
    expect(report.warnings).toContain(
      `fetch failed: ${WIDGET_BASE}widget.js: a site-relative path names no host to download it from; import the build folder that holds it`,
    );
    expect(report.warnings.filter((w) => w.startsWith("fetch failed: "))).toHaveLength(4);
  });
});
