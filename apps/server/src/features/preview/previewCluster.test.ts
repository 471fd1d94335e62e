import * as realBuilder from "@liftoff/builder";
import type { PreviewSession } from "@liftoff/schema";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuilderApi } from "../authoring/BuilderApi.ts";
import { LIBRARY_FILE } from "../publishing/Publisher.ts";
import {
  ADMIN_PASSWORD,
  fixtureDocument,
  signIn,
  type Client,
  useTwoApiNodes,
} from "../../main/testSupport.ts";
import type { LiftoffApp } from "../../main/createApp.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { trace, watch } from "./previewTestSupport.ts";

const cluster = useTestPostgres();

/** The real builder for everything but preview builds, which answer code naming the session. */
const builder: Partial<BuilderApi> = {
  ...(realBuilder as unknown as BuilderApi),
  buildLibrary: (document, options) => {
    if (!options.preview) return realBuilder.buildLibrary(document, options);
    const code = `window.__preview = ${JSON.stringify({ session: options.preview.sessionId })};`;
    return Promise.resolve({ code, bytes: code.length, gzipBytes: code.length, durationMs: 1 });
  },
};

/**
 * Two nodes on one PostgreSQL (docs/preview.md, "Several nodes"): a session started through
 * one is served, reported to, watched and ended through either. The nodes share only the
 * database (notices go through its LISTEN/NOTIFY); nothing of a session is in a node's memory.
 */
describe("preview across two nodes on one PostgreSQL", () => {
  const nodes = useTwoApiNodes(cluster, "preview", { builder });
  let a: LiftoffApp;
  let b: LiftoffApp;
  let adminA: Client;
  let adminB: Client;

  beforeAll(async () => {
    [a, b] = [nodes.a(), nodes.b()];
    adminA = await signIn(a, "admin", ADMIN_PASSWORD);
    adminB = await signIn(b, "admin", ADMIN_PASSWORD);
    expect(
      (await adminA.call("POST", "/api/properties/import", fixtureDocument())).statusCode,
    ).toBe(201);
  }, 60_000);

  it("starts on A, builds on B, takes reports on B that A's stream shows, ends on B for A", async () => {
    const published = "/* published production library */";
    await a.store.libraries.put({
      propertyId: "PRfixture",
      environmentId: "PRfixtureprod",
      fileName: LIBRARY_FILE,
      contentType: "text/javascript; charset=utf-8",
      body: Buffer.from(published),
    });
    const started = await adminA.call("POST", "/api/properties/PRfixture/previews", {
      url: "https://example.test/quote",
    });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json<PreviewSession>();
    const script = (app: LiftoffApp) =>
      app.inject({ url: `/libs/PRfixture/PRfixtureprod/preview-${session.id}.js` });

    const built = await script(b);
    expect(built.statusCode).toBe(200);
    expect(built.body).toBe(`window.__preview = ${JSON.stringify({ session: session.id })};`);
    expect((await adminB.call("GET", `/api/previews/${session.id}`)).json()).toMatchObject({
      id: session.id,
      createdBy: "admin",
    });

    const origin = await a.listen({ port: 0, host: "127.0.0.1" });
    const stream = watch(origin, session.id, adminA);
    try {
      expect(await stream.opened).toBe(200);
      const [first, kept] = await stream.received(2);
      expect(first!.event).toBe("session");
      expect(kept).toEqual({ event: "traces", data: [] });

      const report = await b.inject({
        method: "POST",
        url: `/preview/${session.id}/trace`,
        headers: { "content-type": "text/plain;charset=UTF-8" },
        payload: JSON.stringify([trace(1), trace(2)]),
      });
      expect(report.statusCode, report.body).toBe(204);
      expect((await stream.received(3))[2]).toEqual({
        event: "traces",
        data: [trace(1), trace(2)],
      });

      const ended = await adminB.call("DELETE", `/api/previews/${session.id}`);
      expect(ended.statusCode).toBe(200);
      const endedAt = ended.json<PreviewSession>().endedAt;
      expect(endedAt).toBeDefined();
      const last = (await stream.received(4))[3]!;
      expect(last).toEqual({ event: "session", data: ended.json() });
    } finally {
      stream.close();
    }

    const left = await script(a);
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain('sessionStorage.removeItem("liftoff_preview")');
    expect(left.body.endsWith(published)).toBe(true);
    const late = await a.inject({
      method: "POST",
      url: `/preview/${session.id}/trace`,
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify([trace(3)]),
    });
    expect(late.statusCode).toBe(410);
  }, 30_000);
});
