import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EnvironmentInfo } from "@liftoff/schema";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../main/createApp.ts";
import { ADMIN_PASSWORD, apiApp, editorWithProperty, signIn } from "../main/testSupport.ts";

/**
 * `createApp({ publicOrigin })` (`liftoff serve --public-origin`): on the public origin's host
 * only the surfaces pages use answer; the studio, its API and the landing page are 404 there
 * (docs/server.md, "Trust boundaries"; docs/deployment.md).
 */
const PUBLIC = "https://tags.example.test";
const LIBRARY = "/libs/PRfixture/PRfixturedev/launch.min.js";

const studioDir = mkdtempSync(join(tmpdir(), "liftoff-studio-"));
writeFileSync(join(studioDir, "index.html"), "<!doctype html><title>studio</title>");
afterAll(() => rmSync(studioDir, { recursive: true, force: true }));

let app: LiftoffApp;
afterEach(async () => {
  await app.close();
});

async function publicApp(): Promise<LiftoffApp> {
  app = apiApp({ publicOrigin: PUBLIC, studioDir });
  await app.ready();
  await app.store.libraries.put({
    propertyId: "PRfixture",
    environmentId: "PRfixturedev",
    fileName: "launch.min.js",
    contentType: "text/javascript; charset=utf-8",
    body: Buffer.from("window._satellite={};"),
    cacheControl: "no-cache",
  });
  return app;
}

const on = (host: string, url: string, method: "GET" | "POST" = "GET") =>
  app.inject({ method, url, headers: { host } });

describe("a separate public origin", () => {
  it("answers the studio, the API and the landing page with 404 on the public host", async () => {
    await publicApp();
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    for (const host of [
      "tags.example.test",
      "TAGS.example.test:443",
      // The fully qualified spelling, and Hosts no URL can hold: never the studio.
      "tags.example.test.",
      "tags.example.test.:443",
      "tags.example.test:443.",
    ])
      for (const url of ["/api/session", "/studio/", "/studio", "/", "/api/properties"]) {
        const res = await app.inject({ url, headers: { host, cookie: admin.cookie } });
        expect(res.statusCode, `${host}${url}`).toBe(404);
        expect(res.headers["content-type"]).toContain("application/problem+json");
        expect(res.json()).toMatchObject({ type: "urn:liftoff:errors:EXEG-0209-404" });
      }
    const signInThere = await app.inject({
      method: "POST",
      url: "/api/session",
      headers: { host: "tags.example.test", "content-type": "application/json" },
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect(signInThere.statusCode).toBe(404);
  });

  it("serves what pages use on the public host: libraries, edge, identity, preview traces, health", async () => {
    await publicApp();
    const host = "tags.example.test";
    const library = await on(host, LIBRARY);
    expect(library.statusCode).toBe(200);
    expect(library.body).toBe("window._satellite={};");
    expect((await on(host, "/libs/allowed-hosts.json")).statusCode).toBe(200);
    expect((await on(host, "/healthz")).statusCode).toBe(200);
    expect((await on(host, "/readyz")).statusCode).toBe(200);
    expect((await on(host, "/optOutStatus")).statusCode).toBe(200);
    expect((await on(host, "/dest5.html")).statusCode).toBe(200);
    // Routes that answer there refuse bad input with their own problems, never the host's 404.
    const edge = await on(host, "/ee/v1/interact", "POST");
    expect(edge.json()).toMatchObject({ type: "https://ns.adobe.com/aep/errors/EXEG-0003-400" });
    const trace = await on(host, `/preview/${"0".repeat(32)}/trace`, "POST");
    expect(trace.json()).toMatchObject({ type: "urn:liftoff:errors:preview:unknown-session" });
  });

  it("keeps the studio on every other host, which serves libraries too", async () => {
    await publicApp();
    const host = "studio.example.test";
    expect((await on(host, "/api/session")).statusCode).toBe(401);
    expect((await on(host, "/studio/")).statusCode).toBe(200);
    expect((await on(host, LIBRARY)).statusCode).toBe(200);
    // Another port of the same host name is another origin.
    expect((await on("tags.example.test:8080", "/api/session")).statusCode).toBe(401);
  });

  it("gives embed codes and library URLs on the public origin", async () => {
    const made = await editorWithProperty();
    const { editor } = made;
    app = made.app;
    const plain = (await editor.call("GET", "/api/properties/PRfixture/environments")).json<
      EnvironmentInfo[]
    >();
    expect(plain[0]!.libraryUrl).toBe(
      `http://localhost/libs/PRfixture/${plain[0]!.id}/launch.min.js`,
    );
    await app.close();

    app = apiApp({ publicOrigin: PUBLIC });
    const admin = await signIn(app, "admin", ADMIN_PASSWORD);
    const { fixtureDocument } = await import("../main/testSupport.ts");
    expect((await admin.call("POST", "/api/properties/import", fixtureDocument())).statusCode).toBe(
      201,
    );
    const environments = (await admin.call("GET", "/api/properties/PRfixture/environments")).json<
      EnvironmentInfo[]
    >();
    for (const env of environments) {
      const url = `${PUBLIC}/libs/PRfixture/${env.id}/launch.min.js`;
      expect(env.libraryUrl).toBe(url);
      expect(env.embedCode).toBe(`<script src="${url}" async></script>`);
    }
  });
});
