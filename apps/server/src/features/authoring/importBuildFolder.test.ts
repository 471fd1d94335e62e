import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ImportResult, PropertyDocument } from "@liftoff/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { IMPORT_BODY_LIMIT } from "./propertyRoutes.ts";
import { buildAllChanged, editorWithProperty, type Client } from "../../main/testSupport.ts";

const BUILD = join(
  import.meta.dirname,
  "../../../../../packages/builder/test/fixtures/launch-build/BL5a17c0de",
);
const LIBRARY = "launch-EN00000000000000000000000000000abc.js";
const RC = "RC00000000000000000000000000000ext-source.min.js";
const HOSTED = "hostedLibFiles/EPacmesurvey/lib.js";
const read = (path: string) => readFileSync(join(BUILD, path), "utf8");
const file = (path: string) => ({ path, text: read(path) });
const EXTERNAL_CODE = 'window.__fired.push("external code on " + event.$type + ", 100%");';

const survey = (doc: PropertyDocument) => doc.extensions.find((e) => e.name === "acme-survey")!;

let app: LiftoffApp;
let editor: Client;
beforeEach(async () => {
  ({ app, editor } = await editorWithProperty());
});
afterEach(async () => {
  await app.close();
});

const importFiles = (body: unknown) => editor.call("POST", "/api/properties/import", body);

describe("POST /api/properties/import with a build folder's files", () => {
  it("carries the hosted file and the external code, and a build publishes the hosted file", async () => {
    const res = await importFiles({ files: [file(RC), file(HOSTED), file(LIBRARY)] });
    expect(res.statusCode, res.body).toBe(201);
    const { property, report } = res.json<ImportResult>();
    const document = property.document;
    expect(survey(document).hostedFiles).toEqual({ "lib.js": read(HOSTED) });
    expect(document.rules[1]!.actions[0]!.settings!.source).toBe(EXTERNAL_CODE);
    expect(report.warnings.filter((w) => /missing|validation/.test(w))).toEqual([]);

    const id = document.property.id;
    const development = document.environments.find((e) => e.stage === "development")!.id;
    await buildAllChanged(editor, id, development);
    const hosted = await app.inject({
      url: `/libs/${id}/${development}/hosted/acme-survey/lib.js`,
    });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.body).toBe(read(HOSTED));
  });

  it("lists the files the folder lacks as report warnings", async () => {
    const res = await importFiles({ files: [file(LIBRARY)] });
    expect(res.statusCode, res.body).toBe(201);
    const { report } = res.json<ImportResult>();
    const missing = report.warnings.filter((w) => w.startsWith("missing file: "));
    expect(missing).toEqual([
      expect.stringContaining(`/${RC} (external custom code of rule "Ready" › action 1)`),
      expect.stringContaining(`EPacmesurvey/lib.js (extension "acme-survey" loads it`),
    ]);
  });

  it("takes a body over the server's 1 MB default", async () => {
    const big = { path: "notes/readme.txt", text: "x".repeat(2 * 1024 * 1024) };
    const res = await importFiles({ files: [file(LIBRARY), big] });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("answers a body over the import limit with the server's 413 problem", async () => {
    const huge = { path: "huge.txt", text: "x".repeat(IMPORT_BODY_LIMIT) };
    const res = await importFiles({ files: [file(LIBRARY), huge] });
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });
});

describe("POST /api/properties/import refuses a bad build folder, naming the field", () => {
  const library = () => file(LIBRARY);
  const cases: Array<[string, unknown, string]> = [
    ["no library", { files: [file(RC)] }, "files"],
    ["two libraries", { files: [library(), { ...library(), path: `other/${LIBRARY}` }] }, "files"],
    ["no files", { files: [] }, "files"],
    ["files not an array", { files: "launch.js" }, "files"],
    [
      "more than 10,000 files",
      { files: Array.from({ length: 10_001 }, (_, i) => ({ path: `f${i}.txt`, text: "" })) },
      "files",
    ],
    [
      "a path with ..",
      { files: [library(), { path: "../etc/passwd", text: "" }] },
      "files[1].path",
    ],
    [
      "an absolute path",
      { files: [library(), { path: "/etc/passwd", text: "" }] },
      "files[1].path",
    ],
    ["a backslash path", { files: [library(), { path: "a\\b.js", text: "" }] }, "files[1].path"],
    ["a repeated path", { files: [library(), library()] }, "files[1].path"],
    ["text not a string", { files: [library(), { path: "a.js", text: 42 }] }, "files[1].text"],
    ["a file not an object", { files: [library(), "a.js"] }, "files[1]"],
    [
      "a member of no file",
      { files: [library(), { path: "a.js", text: "", size: 1 }] },
      "files[1].size",
    ],
    ["a member beside files", { files: [library()], name: "Shop" }, "name"],
    [
      "a library that is not one",
      { files: [{ path: LIBRARY, text: "window.notLaunch = 1;" }] },
      "files[0].text",
    ],
  ];
  it.each(cases)("%s", async (_name, body, field) => {
    const res = await importFiles(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const problem = res.json<{ errors: Array<{ path: string; message: string }> }>();
    expect(problem.errors.map((e) => e.path)).toEqual([field]);
  });

  it("still imports a property document and a library sent as text", async () => {
    const text = await importFiles(read(LIBRARY));
    expect(text.statusCode, text.body).toBe(201);
    const { document } = text.json<ImportResult>().property;
    const again = await importFiles({
      ...document,
      property: { ...document.property, id: "PRagain" },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
