import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import createApp, { type LiftoffApp } from "../main/createApp.ts";

let app: LiftoffApp;
let secret: string;

beforeAll(() => {
  // The studio folder sits beside a file that must never be served through it.
  const parent = mkdtempSync(join(tmpdir(), "static-"));
  secret = "not for the web";
  writeFileSync(join(parent, "secret.txt"), secret);
  const dir = join(parent, "studio");
  mkdirSync(dir);
  writeFileSync(join(dir, "index.html"), "<div id=root></div>");
  writeFileSync(join(dir, "a%b.txt"), "percent");
  app = createApp({ studioDir: dir });
});
afterAll(() => app.close());

const problemOf = async (url: string) => {
  const res = await app.inject({ url });
  return { res, body: res.json<Record<string, unknown>>() };
};

describe("the studio's files", () => {
  it("decodes a path once: /studio/a%25b.txt is the file a%b.txt, /studio/a%25b a 404 problem", async () => {
    const file = await app.inject({ url: "/studio/a%25b.txt" });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe("percent");
    const { res, body } = await problemOf("/studio/a%25b.js");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(body).toMatchObject({ status: 404, type: "urn:liftoff:errors:EXEG-0209-404" });
    // A path without an extension is a client-side route: the studio's page.
    expect((await app.inject({ url: "/studio/a%25b" })).body).toBe("<div id=root></div>");
  });

  it.each([
    "/studio/..%2fsecret.txt",
    "/studio/..%2Fsecret.txt",
    "/studio/%2e%2e%2fsecret.txt",
    "/studio/%2E%2E/secret.txt",
    "/studio/..%5csecret.txt",
    "/studio/..%252fsecret.txt",
    "/studio/%252e%252e%252fsecret.txt",
    "/studio/....//secret.txt",
    "/studio/..%2f..%2f..%2fetc%2fpasswd",
    "/studio/secret.txt%00.html",
  ])("never serves a file outside the folder: %s", async (url) => {
    const res = await app.inject({ url });
    expect(res.body).not.toContain(secret);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode !== 200) {
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json()).toMatchObject({ status: res.statusCode, requestId: expect.any(String) });
    }
  });
});
