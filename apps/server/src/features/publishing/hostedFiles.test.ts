import { join } from "node:path";
import { importFolder } from "@liftoff/builder";
import type { PreviewSession, PropertyDocument } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import {
  ADMIN_PASSWORD,
  apiApp,
  buildAllChanged,
  clientWith,
  signIn,
  type Client,
} from "../../main/testSupport.ts";
import type { LiftoffApp } from "../../main/createApp.ts";

/**
 * Editors' files never run as pages on the server's origin (docs/server.md, "Trust
 * boundaries"): hosted files only of the types a tag loads, refused at save and at import,
 * and every file under /libs/ served so that no browser renders it as a document.
 */
const FOLDER = join(
  import.meta.dirname,
  "../../../../../packages/builder/test/fixtures/launch-build",
);
const SANDBOX = "sandbox; default-src 'none'";

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

/** The fixture build folder, its extension carrying a script, a stylesheet and an image. */
async function importedBuild(): Promise<{ editor: Client; document: PropertyDocument }> {
  app = apiApp();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  const editor = await clientWith(app, admin, "editor");
  const { document } = await importFolder(FOLDER);
  const survey = document.extensions.find((e) => e.name === "acme-survey")!;
  survey.hostedFiles = {
    ...survey.hostedFiles,
    "style.css": ".acme{color:red}",
    // Launch serves a file an extension keeps in a subfolder of its hosted folder.
    "lang/en.js": "window.acmeLang = 'en';",
    "icon.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  };
  const imported = await editor.call("POST", "/api/properties/import", document);
  expect(imported.statusCode, imported.body).toBe(201);
  return { editor, document };
}

const problemOf = (body: string) =>
  JSON.parse(body) as { status: number; errors: Array<{ path: string; message: string }> };

describe("an editor's hosted file cannot become a page on the server's origin", () => {
  it("refuses the PUT of an extension carrying y.html, naming the file", async () => {
    const { editor, document } = await importedBuild();
    const id = document.property.id;
    const res = await editor.call("PUT", `/api/properties/${id}/extensions/x`, {
      extension: { hostedFiles: { "y.html": "<script>fetch('/api/session')</script>" } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(problemOf(res.body).errors).toEqual([
      {
        path: 'extension.hostedFiles["y.html"]',
        message: expect.stringContaining("expected a file a tag loads (.js, .mjs") as unknown,
      },
    ]);
    // A name longer than a URL segment the router takes could be saved but never served.
    const long = `${"y".repeat(98)}.js`;
    const tooLong = await editor.call("PUT", `/api/properties/${id}/extensions/x`, {
      extension: { hostedFiles: { [long]: "1" } },
    });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(problemOf(tooLong.body).errors[0]).toEqual({
      path: `extension.hostedFiles[${JSON.stringify(long)}]`,
      message: "expected a file name of 1 to 100 letters, digits, _ . and -",
    });
    // Nothing was saved: a preview of the property has no such file to serve.
    const started = await editor.call("POST", `/api/properties/${id}/previews`, {
      url: "https://www.acme.test/",
    });
    const session = started.json<PreviewSession>();
    const development = document.environments.find((e) => e.stage === "development")!.id;
    const page = await app.inject({
      url: `/libs/${id}/${development}/preview-${session.id}/hosted/x/y.html`,
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toContain("application/problem+json");
  });

  it("refuses an import carrying an .html hosted file: a property document and a build folder", async () => {
    const { editor, document } = await importedBuild();
    const survey = document.extensions.findIndex((e) => e.name === "acme-survey");
    const copy = structuredClone(document);
    copy.property.id = "PRcopy";
    copy.extensions[survey]!.hostedFiles = { "y.html": "<script>1</script>" };
    const asDocument = await editor.call("POST", "/api/properties/import", copy);
    expect(asDocument.statusCode, asDocument.body).toBe(400);
    expect(problemOf(asDocument.body).errors.map((e) => e.path)).toEqual([
      `extensions[${survey}].hostedFiles["y.html"]`,
    ]);

    const { readFileSync } = await import("node:fs");
    const read = (path: string) => ({
      path,
      text: readFileSync(join(FOLDER, "BL5a17c0de", path), "utf8"),
    });
    const asFolder = await editor.call("POST", "/api/properties/import", {
      files: [
        read("launch-EN00000000000000000000000000000abc.js"),
        read("hostedLibFiles/EPacmesurvey/lib.js"),
        { path: "hostedLibFiles/EPacmesurvey/y.html", text: "<script>1</script>" },
      ],
    });
    expect(asFolder.statusCode, asFolder.body).toBe(400);
    expect(problemOf(asFolder.body).errors).toEqual([
      {
        path: "files[2].path",
        message: expect.stringContaining('extension "acme-survey" carries y.html') as unknown,
      },
    ]);
  });

  it("serves hosted files with nosniff and a sandbox policy, on the development and the preview path", async () => {
    const { editor, document } = await importedBuild();
    const id = document.property.id;
    const development = document.environments.find((e) => e.stage === "development")!.id;
    await buildAllChanged(editor, id, development);
    const started = await editor.call("POST", `/api/properties/${id}/previews`, {
      url: "https://www.acme.test/",
    });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json<PreviewSession>();

    const base = `/libs/${id}/${development}`;
    const types = {
      "lib.js": "text/javascript; charset=utf-8",
      "style.css": "text/css; charset=utf-8",
      "icon.svg": "image/svg+xml; charset=utf-8",
      "lang/en.js": "text/javascript; charset=utf-8",
    };
    for (const folder of [`${base}/hosted`, `${base}/preview-${session.id}/hosted`])
      for (const [name, type] of Object.entries(types)) {
        const res = await app.inject({ url: `${folder}/acme-survey/${name}` });
        expect(res.statusCode, `${folder} ${name}`).toBe(200);
        expect(res.headers["content-type"], name).toBe(type);
        expect(res.headers["x-content-type-options"], name).toBe("nosniff");
        expect(res.headers["content-security-policy"], name).toBe(SANDBOX);
      }
    // A subfolder's path never climbs out of the extension's folder: URL parsing resolves
    // `..` and `.` segments, even encoded, before the router; behind an encoded `/` they reach
    // the route and are refused, as is an empty segment.
    for (const folder of [`${base}/hosted`, `${base}/preview-${session.id}/hosted`])
      for (const path of ["lang%2F..%2Flib.js", "lang%2F.%2Fen.js", "lang//en.js"]) {
        const res = await app.inject({ url: `${folder}/acme-survey/${path}` });
        expect(res.statusCode, `${folder} ${path}`).toBe(400);
        expect(res.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe("fileName");
      }
    // The library and the preview build too, and a revalidation's 304.
    for (const url of [`${base}/launch.min.js`, `${base}/preview-${session.id}.js`]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe("text/javascript; charset=utf-8");
      expect(res.headers["content-security-policy"], url).toBe(SANDBOX);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
    }
    const library = await app.inject({ url: `${base}/launch.min.js` });
    const again = await app.inject({
      url: `${base}/launch.min.js`,
      headers: { "if-none-match": String(library.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers["content-security-policy"]).toBe(SANDBOX);
  });

  it("sends the same headers with the router's own refusals under /libs/", async () => {
    app = apiApp();
    for (const [url, status] of [
      ["/libs/a/b/c/d/e/f/g", 404], // no route has that many segments
      [`/libs/a/b/hosted/${"x".repeat(101)}/y.js`, 414], // a segment over 100 characters
      ["/libs/a/b/%E0%A4%A.js", 400], // not a URL
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["content-security-policy"], url).toBe(SANDBOX);
    }
  });

  it("never serves a stored file of another type, such as one published before this check", async () => {
    app = apiApp();
    await app.ready();
    await app.store.libraries.put({
      propertyId: "PRold",
      environmentId: "ENold",
      fileName: "hosted/x/y.html",
      contentType: "text/html; charset=utf-8",
      body: Buffer.from("<script>fetch('/api/session')</script>"),
      cacheControl: "no-cache",
    });
    const res = await app.inject({ url: "/libs/PRold/ENold/hosted/x/y.html" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json<{ detail: string }>().detail).toContain("y.html");
    expect(res.headers["content-security-policy"]).toBe(SANDBOX);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
