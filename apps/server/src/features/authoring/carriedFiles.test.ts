import { join } from "node:path";
import type { PreviewSession } from "@liftoff/schema";
import { importFolder } from "@liftoff/builder";
import { afterEach, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import {
  ADMIN_PASSWORD,
  apiApp,
  buildAllChanged,
  clientWith,
  signIn,
} from "../../main/testSupport.ts";

const FOLDER = join(
  import.meta.dirname,
  "../../../../../packages/builder/test/fixtures/launch-build",
);

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

/** The fixture build folder imported by an editor: its property, development environment and RC file. */
async function importedBuild() {
  app = apiApp();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  const editor = await clientWith(app, admin, "editor");
  const { document } = await importFolder(FOLDER);
  const id = document.property.id;
  const development = document.environments.find((e) => e.stage === "development")!.id;
  const rc = `${document.rules[1]!.actions[0]!.id}-source.js`;
  expect((await editor.call("POST", "/api/properties/import", document)).statusCode).toBe(201);
  return { editor, document, id, development, rc };
}

it("a build publishes the files an imported property carries, served beside its library", async () => {
  const { editor, document, id, development, rc } = await importedBuild();
  await buildAllChanged(editor, id, development);

  const base = `/libs/${id}/${development}`;
  const library = await app.inject({ url: `${base}/launch.min.js` });
  expect(library.body).toContain('+"hosted/acme-survey/"');
  expect(library.body).not.toContain("EPacmesurvey");
  const hostedFile = document.extensions.find((e) => e.name === "acme-survey")!.hostedFiles![
    "lib.js"
  ];
  for (const name of ["lib.js", "lib.min.js"]) {
    const res = await app.inject({ url: `${base}/hosted/acme-survey/${name}` });
    expect(res.statusCode, name).toBe(200);
    expect(res.body).toBe(hostedFile);
    expect(res.headers["content-type"]).toContain("text/javascript");
    expect(res.headers["cache-control"]).toBe("no-cache");
  }
  const code = await app.inject({ url: `${base}/hosted/core/${rc}` });
  expect(code.body).toBe(
    `_satellite.__registerScript(document.currentScript.src,${JSON.stringify(document.rules[1]!.actions[0]!.settings!.source)});\n`,
  );
  expect((await app.inject({ url: `${base}/hosted/acme-survey/other.js` })).statusCode).toBe(404);
  const bad = await app.inject({ url: `${base}/hosted/acme%20survey/lib.js` });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ errors: [{ path: "extension" }] });
});

it("a preview reads the files of the state it previews, before any build publishes them", async () => {
  const { editor, document, id, development, rc } = await importedBuild();
  const started = await editor.call("POST", `/api/properties/${id}/previews`, {
    url: "https://www.acme.test/",
  });
  expect(started.statusCode, started.body).toBe(201);
  const session = started.json<PreviewSession>();

  const base = `/libs/${id}/${development}`;
  // Nothing is published yet: the environment has no hosted files of its own.
  expect((await app.inject({ url: `${base}/hosted/acme-survey/lib.js` })).statusCode).toBe(404);
  const script = await app.inject({ url: `${base}/preview-${session.id}.js` });
  expect(script.statusCode, script.body).toBe(200);
  expect(script.body).toContain(`+"preview-${session.id}/hosted/acme-survey/"`);
  expect(script.body).toContain(`+"preview-${session.id}/hosted/core/${rc}"`);

  const folder = `${base}/preview-${session.id}/hosted`;
  const hosted = await app.inject({ url: `${folder}/acme-survey/lib.js` });
  expect(hosted.statusCode).toBe(200);
  expect(hosted.body).toBe(
    document.extensions.find((e) => e.name === "acme-survey")!.hostedFiles!["lib.js"],
  );
  expect(hosted.headers["cache-control"]).toBe("no-store");
  expect(hosted.headers["content-type"]).toContain("text/javascript");
  const code = await app.inject({ url: `${folder}/core/${rc}` });
  expect(code.statusCode).toBe(200);
  expect(code.body).toContain("_satellite.__registerScript(document.currentScript.src,");
  expect((await app.inject({ url: `${folder}/acme-survey/other.js` })).statusCode).toBe(404);
  const bad = await app.inject({ url: `${base}/preview-xyz/hosted/acme-survey/lib.js` });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ errors: [{ path: "previewFolder" }] });

  // An ended session's files are gone with it.
  expect((await editor.call("DELETE", `/api/previews/${session.id}`)).statusCode).toBe(200);
  expect((await app.inject({ url: `${folder}/acme-survey/lib.js` })).statusCode).toBe(404);
});
