import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parsePropertyDocument } from "@liftoff/builder";
import { runBuilderCommand, type BuilderCommand } from "./builderCommands.ts";
import { splitDocument } from "../features/authoring/propertyResources.ts";
import { SqliteStore } from "../store/SqliteStore.ts";

const fixtures = join(import.meta.dirname, "../../../../packages/builder/test/fixtures");
const PROPERTY = join(fixtures, "property.json");
const LIBRARY = join(fixtures, "launch-EN4f2b1c0d9e8a7b6c5d4e3f2a1b0c9d8e-production.min.js");
const dir = mkdtempSync(join(tmpdir(), "liftoff-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(command: BuilderCommand, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBuilderCommand(command, argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}

describe("liftoff validate", () => {
  it("passes a valid property", async () => {
    const result = await run("validate", PROPERTY);
    expect(result).toEqual({
      code: 0,
      out: [`${PROPERTY}: 3 rules, 3 data elements, no problems`],
      err: [],
    });
  });

  it("prints each problem with its path and exits 1", async () => {
    const doc = JSON.parse(readFileSync(PROPERTY, "utf8"));
    doc.rules[1].events[0].settings = {};
    doc.dataElements[1].settings.value = "%nobody%";
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify(doc));
    expect(await run("validate", file)).toEqual({
      code: 1,
      out: [
        'rules[1].events[0].settings.identifier: is required  (rule "Signup" › event 1)',
        'warning: dataElements[1].settings.value: %nobody% names no data element and no _satellite.setVar variable: the page gets the text "%nobody%"  (data element "section")',
      ],
      err: [`1 problem(s) in ${file}`],
    });
  });

  it("prints disabled items' problems and warnings as advice, exiting 0", async () => {
    const doc = JSON.parse(readFileSync(PROPERTY, "utf8"));
    doc.rules[2].actions = [
      {
        id: "RL3-a0",
        modulePath: "core/src/lib/actions/customCode.js",
        settings: { language: "javascript" },
      },
    ];
    const file = join(dir, "disabled.json");
    writeFileSync(file, JSON.stringify(doc));
    expect(await run("validate", file)).toEqual({
      code: 0,
      out: [
        'disabled, not built: rules[2].actions[0].settings.source: is required  (rule "Disabled" › action 1)',
        `${file}: 3 rules, 3 data elements, no problems`,
      ],
      err: [],
    });
  });

  it("reports structural problems the same way", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, JSON.stringify({ formatVersion: 1 }));
    const result = await run("validate", file);
    expect(result.code).toBe(1);
    expect(result.out).toContain("company: is required");
  });

  it("reads a TypeScript module exporting the document", async () => {
    const file = join(dir, "property.ts");
    writeFileSync(file, `export default ${readFileSync(PROPERTY, "utf8")};\n`);
    expect((await run("validate", file)).code).toBe(0);
  });

  it("says what to do with a built library or a module that does not load", async () => {
    const library = join(dir, "launch-EN0123-development.js");
    writeFileSync(library, "window._satellite = {};\n");
    const asLibrary = await run("validate", library);
    expect(asLibrary.code).toBe(1);
    expect(asLibrary.err.join("\n")).toContain(
      `${library} is a built Launch library, not a property file: run \`liftoff import ${library} --out property.json\``,
    );
    const script = join(dir, "page.js");
    writeFileSync(script, "window.x = 1;\n");
    const asScript = await run("validate", script);
    expect(asScript.code).toBe(1);
    expect(asScript.err.join("\n")).toContain(
      `${script}: cannot load it as a module exporting a property document: window is not defined`,
    );
  });
});

describe("liftoff build", () => {
  it("writes the library and prints its sizes", async () => {
    const out = join(dir, "launch.min.js");
    const result = await run(
      "build",
      PROPERTY,
      "--env",
      "production",
      "--out",
      out,
      "--build-date",
      "2025-03-26T00:00:00Z",
    );
    expect(result.code).toBe(0);
    // 11: the fixture's Web SDK instance leaves click collection on (alloy's default), so the
    // library carries its module.
    expect(result.out[0]).toMatch(
      new RegExp(
        `^built ${out} for EN0000000000000000000000000000prod: \\d+ bytes, \\d+ bytes gzip -9, [\\d.]+ ms, 11 modules$`,
      ),
    );
    expect(readFileSync(out, "utf8")).toContain('"buildDate":"2025-03-26T00:00:00Z"');
  });

  it("dates the build now and minifies by the environment unless told", async () => {
    const buildInfo = async (...flags: string[]) => {
      const out = join(dir, "info.js");
      expect((await run("build", PROPERTY, "--out", out, ...flags)).code).toBe(0);
      const match = /"buildInfo":(\{[^}]*\})/.exec(readFileSync(out, "utf8"));
      return JSON.parse(match![1]!) as { buildDate: string; minified: boolean };
    };
    const started = Date.now();
    const development = await buildInfo("--env", "development");
    expect(Date.parse(development.buildDate)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(development.buildDate)).toBeLessThanOrEqual(Date.now());
    expect(development.minified).toBe(false);
    expect((await buildInfo("--env", "development", "--minify")).minified).toBe(true);
    expect((await buildInfo("--env", "staging")).minified).toBe(true);
    expect((await buildInfo("--env", "production", "--no-minify")).minified).toBe(false);
    expect(
      (await run("build", PROPERTY, "--env", "staging", "--out", "x.js", "--minify", "--no-minify"))
        .err,
    ).toEqual(["liftoff build: --minify and --no-minify contradict each other; give one"]);
  });

  it("names the argument that is wrong", async () => {
    expect((await run("build", PROPERTY, "--out", "x.js")).err).toEqual([
      "liftoff build: --env <stage|environmentId> is required",
    ]);
    expect((await run("build", PROPERTY, "--env", "production")).err).toEqual([
      "liftoff build: --out <file> is required",
    ]);
    expect((await run("build", "--env", "production", "--out", "x.js")).err).toEqual([
      "liftoff build: needs a property file",
    ]);
    expect((await run("build", PROPERTY, "--env")).err).toEqual([
      "liftoff build: --env needs a value",
    ]);
    expect((await run("build", PROPERTY, "--fast")).err).toEqual([
      "liftoff build: build does not take --fast",
    ]);
    expect((await run("build", PROPERTY, "--env", "qa", "--out", "x.js")).err[0]).toMatch(
      /^liftoff build: --env qa: no such environment or stage; the property has EN00000000000000000000000000000dev \(development\)/,
    );
    const date = await run(
      "build",
      PROPERTY,
      "--env",
      "production",
      "--out",
      join(dir, "x.js"),
      "--build-date",
      "today",
    );
    expect(date).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/^liftoff build: buildDate: expected an ISO date-time/)],
    });
    expect(
      (await run("build", join(dir, "missing.json"), "--env", "production", "--out", "x.js")).err,
    ).toEqual([`liftoff build: cannot read ${join(dir, "missing.json")}: ENOENT`]);
  });
});

describe("liftoff import and export", () => {
  it("imports a Launch library file and prints the report", async () => {
    const out = join(dir, "imported.json");
    const result = await run("import", LIBRARY, "--out", out);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([
      "mapped  core → core",
      "mapped  adobe-mcid → identity",
      "mapped  adobe-mcid/src/lib/sharedModules/mcidInstance.js → identity/src/lib/sharedModules/mcidInstance.js",
      "opaque  acme-pixel (2 modules kept as scripts)",
      "warning environments: the container carried no development, staging environment; added with new ids",
      "2 rules, 3 data elements, 3 extensions",
      `wrote ${out}`,
    ]);
    expect(JSON.parse(readFileSync(out, "utf8")).property.name).toBe("Acme Insurance - Marketing");
  });

  it("writes the document to stdout and the report to stderr without --out", async () => {
    const result = await run("import", LIBRARY);
    expect(JSON.parse(result.out.join("\n")).rules).toHaveLength(2);
    expect(result.err[0]).toBe("mapped  core → core");
  });

  it("exports Launch container JSON for an environment", async () => {
    const out = join(dir, "container.json");
    const result = await run("export", PROPERTY, "--env", "development", "--out", out);
    expect(result).toEqual({
      code: 0,
      out: [`wrote ${out} for EN00000000000000000000000000000dev`],
      err: [],
    });
    const json = JSON.parse(readFileSync(out, "utf8"));
    expect(json.environment).toEqual({
      id: "EN00000000000000000000000000000dev",
      stage: "development",
    });
    expect(json.extensions["web-sdk"].settings.instances[0].edgeConfigId).toBe("ds-dev");
  });

  it("exports a property from the server's store by id, at the latest or a given revision", async () => {
    const data = join(dir, "data");
    const doc = parsePropertyDocument(JSON.parse(readFileSync(PROPERTY, "utf8")));
    const store = new SqliteStore(join(data, "liftoff.db"));
    await store.migrate();
    await store.authoring.createProperty(
      doc.property.id,
      doc.property.name,
      splitDocument(doc),
      "test",
      "created",
    );
    const renamed = { ...doc, property: { ...doc.property, name: "Renamed" } };
    const settings = splitDocument(renamed)[0]!;
    await store.authoring.saveChange(
      doc.property.id,
      [{ ...settings, position: 0, from: 1, deleted: false }],
      "test",
      "renamed",
    );
    await store.close();
    const id = doc.property.id;

    const latest = await run("export", id, "--data", data, "--format", "property");
    expect(latest.code).toBe(0);
    expect(JSON.parse(latest.out[0]!).property.name).toBe("Renamed");
    const first = await run(
      "export",
      id,
      "--data",
      data,
      "--revision",
      "1",
      "--format",
      "property",
    );
    expect(JSON.parse(first.out[0]!).property.name).toBe(doc.property.name);
    const launch = await run("export", id, "--data", data, "--env", "development");
    expect(JSON.parse(launch.out[0]!).environment.stage).toBe("development");

    expect((await run("export", "PRnone", "--data", data)).err[0]).toMatch(
      new RegExp(`no property PRnone in the store \\(it has: ${id}\\)`),
    );
    expect((await run("export", id, "--data", join(dir, "nowhere"))).err[0]).toMatch(
      /no database at .*nowhere\/liftoff\.db/,
    );
    expect((await run("export", id, "--data", data, "--revision", "x")).err[0]).toMatch(
      /--revision x: expected a revision number/,
    );
    expect((await run("export", id, "--data", data, "--format", "yaml")).err[0]).toMatch(
      /--format yaml: expected launch or property/,
    );
  });

  it("prints a command's usage for --help", async () => {
    const result = await run("export", "--help");
    expect(result.code).toBe(0);
    expect(result.out[0]).toMatch(
      /^Usage: liftoff export <property\|propertyId> --env <stage\|environmentId> \[--out file\]/,
    );
  });
});

describe("liftoff import of a build folder, and its files in builds", () => {
  const BUILD_FOLDER = join(fixtures, "launch-build");
  const BUILD = join(BUILD_FOLDER, "BL5a17c0de");
  const LIBRARY_FILE = join(BUILD, "launch-EN00000000000000000000000000000abc.js");
  const RC = "RC00000000000000000000000000000ext-source.min.js";

  it("carries the folder's files; build writes them beside the library", async () => {
    const property = join(dir, "carried.json");
    const imported = await run("import", BUILD_FOLDER, "--out", property);
    expect(imported.code).toBe(0);
    expect(imported.out.filter((l) => /missing|validation/.test(l))).toEqual([]);
    const out = join(dir, "carried", "launch.min.js");
    mkdirSync(join(dir, "carried"));
    const built = await run("build", property, "--env", "production", "--out", out);
    expect(built.err).toEqual([]);
    expect(built.out[1]).toBe(`wrote 3 files under ${join(dir, "carried", "hosted")}`);
    expect(readFileSync(join(dir, "carried/hosted/acme-survey/lib.min.js"), "utf8")).toBe(
      readFileSync(join(BUILD, "hostedLibFiles/EPacmesurvey/lib.js"), "utf8"),
    );
  });

  it("lists a file a lone library file leaves at Adobe", async () => {
    const result = await run("import", LIBRARY_FILE, "--out", join(dir, "lone.json"));
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      'warning missing file: https://assets.adobedtm.com/extensions/EPacmesurvey/lib.js (extension "acme-survey" loads it through getHostedLibFileUrl)',
    );
  });

  it("--fetch downloads them from their URLs", async () => {
    const served: string[] = [];
    const server = createServer((request, response) => {
      served.push(request.url!);
      if (request.url === `/${RC}`) return response.end(readFileSync(join(BUILD, RC)));
      if (request.url === "/lib.js")
        return response.end(readFileSync(join(BUILD, "hostedLibFiles/EPacmesurvey/lib.js")));
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const text = readFileSync(LIBRARY_FILE, "utf8")
        .replace(/https:\/\/assets\.adobedtm\.com\/0a1b2c3d4e5f\/[^"]*\//, `${origin}/`)
        .replace("https://assets.adobedtm.com/extensions/EPacmesurvey/", `${origin}/`);
      const file = join(dir, "launch-fetched.js");
      writeFileSync(file, text);
      const property = join(dir, "fetched.json");
      const result = await run("import", file, "--fetch", "--out", property);
      expect(result.out.filter((l) => /missing|fetch failed/.test(l))).toEqual([]);
      expect(served.sort()).toEqual([`/${RC}`, "/lib.js"]);
      const doc = JSON.parse(readFileSync(property, "utf8"));
      expect(doc.extensions[1].hostedFiles["lib.js"]).toContain("window.acmeSurvey");
    } finally {
      server.close();
    }
  });
});
