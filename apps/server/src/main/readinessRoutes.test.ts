import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import createApp from "./createApp.ts";
import { latestVersion } from "../store/migrations.ts";
import { PostgresStore } from "../store/PostgresStore.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import useTestPostgres from "../db/testPostgres.ts";

const dir = mkdtempSync(join(tmpdir(), "liftoff-ready-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cluster = useTestPostgres();

function expectNotReady(
  response: Awaited<ReturnType<ReturnType<typeof createApp>["inject"]>>,
  detail: string | RegExp,
) {
  expect(response.statusCode).toBe(503);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.headers["cache-control"]).toBe("no-store");
  const body = response.json<{ title: string; detail: string; requestId: string }>();
  expect(body.title).toBe("Not ready");
  expect(body.detail).toMatch(detail);
  expect(body.requestId).toBe(response.headers["x-request-id"]);
}

describe("GET /readyz", () => {
  it("ready: the database answers and its schema is this node's, never cached, no session", async () => {
    const app = createApp();
    try {
      const response = await app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual({
        status: "ready",
        schemaVersion: latestVersion,
        expected: latestVersion,
      });
    } finally {
      await app.close();
    }
  });

  it("not ready: a schema behind the code, then an unreachable (closed) database", async () => {
    const file = join(dir, "behind.db");
    const store = new SqliteStore(file);
    const app = createApp({ store, bootstrap: false });
    try {
      await app.ready();
      const db = new Database(file);
      db.prepare("DELETE FROM schema_migrations WHERE version = ?").run(latestVersion);
      db.close();
      expectNotReady(
        await app.inject({ method: "GET", url: "/readyz" }),
        `schema version ${latestVersion - 1}, this node expects ${latestVersion}`,
      );
      await store.close();
      expectNotReady(
        await app.inject({ method: "GET", url: "/readyz" }),
        /^database unreachable: .*not open/,
      );
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("not ready: a PostgreSQL that does not answer within the timeout", async () => {
    const schema = cluster.schema("ready");
    const store = new PostgresStore(cluster.url(), { schema, max: 2 });
    const app = createApp({ store, bootstrap: false, readyTimeoutMs: 300 });
    const blocker = new pg.Client({
      connectionString: cluster.url(),
      options: `-c search_path=${schema}`,
    });
    await blocker.connect();
    try {
      await app.ready();
      // Another session holds the table: the readiness query waits behind its lock.
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE");
      expectNotReady(
        await app.inject({ method: "GET", url: "/readyz" }),
        "database unreachable: no answer within 300 ms",
      );
      await blocker.query("ROLLBACK");
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
    } finally {
      await blocker.end();
      await app.close();
      await store.close();
    }
  });
});
