import { join } from "node:path";
import type { LibraryInfo } from "@liftoff/schema";
import { importFolder } from "@liftoff/builder";
import { afterEach, expect, it } from "vitest";
import type { LiftoffApp } from "../createApp.ts";
import { ADMIN_PASSWORD, apiApp, clientWith, signIn } from "./testSupport.ts";

const FOLDER = join(import.meta.dirname, "../../../../packages/builder/test/fixtures/launch-build");

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

it("a build publishes the files an imported property carries, served beside its library", async () => {
  app = apiApp();
  const admin = await signIn(app, "admin", ADMIN_PASSWORD);
  const editor = await clientWith(app, admin, "editor");
  const { document } = await importFolder(FOLDER);
  const id = document.property.id;
  const development = document.environments.find((e) => e.stage === "development")!.id;
  const rc = `${document.rules[1]!.actions[0]!.id}-source.js`;
  expect((await editor.call("POST", "/api/properties/import", document)).statusCode).toBe(201);
  const created = await editor.call("POST", `/api/properties/${id}/libraries`, {
    name: "First",
    environmentId: development,
    addAllChanged: true,
  });
  const libraryId = created.json<LibraryInfo>().id;
  const built = await editor.call("POST", `/api/properties/${id}/libraries/${libraryId}/build`);
  expect(built.statusCode, built.body).toBe(200);

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
    expect(res.headers["content-type"]).toContain("application/javascript");
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
