import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../main/testApp.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { Store } from "../../store/Store.ts";
import { latestVersion } from "../../store/migrations.ts";
import libraryEtag from "./libraryEtag.ts";

// Migration 13: files a release before it published (a version-12 database) get their brotli
// and gzip copies on upgrade and are served compressed at once; a tiny file keeps none.

/** `?` placeholders as PostgreSQL numbers them. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

type Migratable = Store & { migrate(upTo?: number): Promise<number> };

const LIBRARY = Buffer.from(
  `window._satellite={rules:${JSON.stringify(
    Array.from({ length: 300 }, (_, i) => ({ id: `RL${i}`, name: `Rule ${i}`, events: [] })),
  )}};`,
);
const TINY = Buffer.from("a();");
const URL = "/libs/PRold/ENold/launch.min.js";

/** Rows as versions 3 to 12 wrote them: no copies. */
const OLD_ROWS = [
  ["launch.min.js", LIBRARY],
  ["hosted/core/tiny.js", TINY],
] as const;
const INSERT = `INSERT INTO libraries (property_id, environment_id, file_name, content_type,
  body, etag, published_at, cache_control) VALUES ('PRold', 'ENold', ?, 'text/javascript', ?, ?,
  '2026-11-01T00:00:00.000Z', 'public, max-age=3600')`;

async function upgradeAndServe(
  store: Migratable,
  run: (sql: string, params: unknown[]) => unknown,
) {
  expect(await store.migrate(12)).toBe(12);
  for (const [fileName, body] of OLD_ROWS) await run(INSERT, [fileName, body, libraryEtag(body)]);
  expect(await store.migrate()).toBe(latestVersion);

  const app = testApp({ store, bootstrap: false });
  try {
    const identity = await app.inject({ url: URL });
    expect(identity.rawPayload.equals(LIBRARY)).toBe(true);
    expect(identity.headers.etag).toBe(libraryEtag(LIBRARY));
    for (const [coding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await app.inject({ url: URL, headers: { "accept-encoding": coding } });
      expect(res.headers["content-encoding"]).toBe(coding);
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.headers.etag).toBe(`${libraryEtag(LIBRARY).slice(0, -1)}-${coding}"`);
      expect(res.rawPayload.length).toBeLessThan(LIBRARY.length / 4);
      expect(decode(res.rawPayload).equals(LIBRARY)).toBe(true);
    }
    const tiny = await app.inject({
      url: "/libs/PRold/ENold/hosted/core/tiny.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect([tiny.body, tiny.headers["content-encoding"]]).toEqual(["a();", undefined]);
    const stored = (await store.libraries.get("PRold", "ENold", "hosted/core/tiny.js"))!;
    expect(stored.encodings).toEqual({ br: null, gzip: null });
  } finally {
    await app.close();
  }
}

describe("migration 13: served files keep compressed copies", () => {
  let close: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const done of close) await done();
    close = [];
  });

  it("SQLite: compresses the files older releases published", async () => {
    const store = new SqliteStore(":memory:");
    close.push(() => store.close());
    const db = (store as unknown as { db: Database.Database }).db;
    await upgradeAndServe(store, (sql, params) => db.prepare(sql).run(...params));
  });

  const cluster = useTestPostgres();
  it("PostgreSQL: compresses the files older releases published", async () => {
    const store = new PostgresStore(cluster.url(), { schema: cluster.schema("v13"), max: 2 });
    close.push(() => store.close());
    const pool = (store as unknown as { pool: pg.Pool }).pool;
    await upgradeAndServe(store, (sql, params) => pool.query(numbered(sql), params));
  });
});
