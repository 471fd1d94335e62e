import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import type { LibraryInfo } from "@liftoff/schema";
import type Database from "better-sqlite3";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { LiftoffApp } from "../../main/createApp.ts";
import { ADMIN_PASSWORD, apiApp, fixtureDocument, signIn } from "../../main/testSupport.ts";
import useTestPostgres from "../../db/testPostgres.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import type { Store } from "../../store/Store.ts";

/**
 * Published libraries and the files they carry are compressed once at publish and served by
 * Accept-Encoding (docs/server.md, Library delivery), on both stores.
 */

const cluster = useTestPostgres();
const stores: Array<[string, () => Store]> = [
  ["SQLite", () => new SqliteStore(":memory:")],
  [
    "PostgreSQL",
    () => new PostgresStore(cluster.url(), { schema: cluster.schema("delivery"), max: 2 }),
  ],
];

const P = "/api/properties/PRfixture";
const PROD_URL = "/libs/PRfixture/PRfixtureprod/launch.min.js";
const DEV_URL = "/libs/PRfixture/PRfixturedev/launch.min.js";
const HOSTED = "hosted/core/big.js";

/** Undoes a body's content coding, as a browser does. */
const decoded = (body: Buffer, coding: string | undefined): Buffer =>
  coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body;

/** Writes straight to the `libraries` table, as another writer of it (or older code) would. */
function rawSql(store: Store): (sql: string, params: unknown[]) => Promise<void> {
  if (store instanceof SqliteStore) {
    const db = (store as unknown as { db: Database.Database }).db;
    return (sql, params) => {
      db.prepare(sql).run(...params);
      return Promise.resolve();
    };
  }
  const pool = (store as unknown as { pool: pg.Pool }).pool;
  return async (sql, params) => {
    let n = 0;
    await pool.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
  };
}

for (const [name, open] of stores)
  describe(`library delivery on ${name}`, { timeout: 60_000 }, () => {
    const opened: Array<{ app: LiftoffApp; store: Store }> = [];
    afterEach(async () => {
      for (const { app, store } of opened.splice(0)) {
        await app.close();
        await store.close();
      }
    });

    /** The fixture property, with a large hosted file, taken to production by the admin. */
    async function published() {
      const store = open();
      const app = apiApp({ store });
      opened.push({ app, store });
      const admin = await signIn(app, "admin", ADMIN_PASSWORD);
      const document = fixtureDocument();
      // A carried file big enough to compress, beside the library.
      document.extensions[0]!.hostedFiles = {
        "big.js": `window.big=${JSON.stringify(Array.from({ length: 400 }, (_, i) => `item ${i}`))};`,
      };
      const imported = await admin.call("POST", "/api/properties/import", document);
      expect(imported.statusCode, imported.body).toBe(201);
      const created = await admin.call("POST", `${P}/libraries`, {
        name: "Everything",
        environmentId: "PRfixturedev",
        addAllChanged: true,
      });
      const id = created.json<LibraryInfo>().id;
      for (const step of ["build", "submit", "approve", "publish"]) {
        const res = await admin.call("POST", `${P}/libraries/${id}/${step}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      return { app, store };
    }

    it("serves each coding the client accepts, decoding to exactly the published bytes", async () => {
      const { app } = await published();
      for (const url of [PROD_URL, DEV_URL, PROD_URL.replace("launch.min.js", HOSTED)]) {
        const identity = await app.inject({ url });
        expect(identity.statusCode, url).toBe(200);
        expect(identity.headers["content-encoding"]).toBeUndefined();
        expect(identity.headers.vary).toBe("Accept-Encoding");
        const plain = identity.rawPayload;
        expect(plain.length).toBeGreaterThan(1000);
        expect(Number(identity.headers["content-length"])).toBe(plain.length);
        const etags = new Set([identity.headers.etag]);
        for (const [accept, coding] of [
          ["gzip, deflate, br, zstd", "br"],
          ["gzip, deflate", "gzip"],
          ["br;q=0.2, gzip;q=0.9", "gzip"],
          ["br;q=0, gzip;q=0", undefined],
          ["*", "br"],
          ["identity", undefined],
        ] as const) {
          const res = await app.inject({ url, headers: { "accept-encoding": accept } });
          expect(res.statusCode).toBe(200);
          expect([accept, res.headers["content-encoding"]]).toEqual([accept, coding]);
          expect(res.headers.vary).toBe("Accept-Encoding");
          expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
          expect(decoded(res.rawPayload, coding).equals(plain)).toBe(true);
          if (coding) expect(res.rawPayload.length).toBeLessThan(plain.length / 2);
          expect(res.headers["content-type"]).toBe(identity.headers["content-type"]);
          expect(res.headers["cache-control"]).toBe(identity.headers["cache-control"]);
          etags.add(res.headers.etag);
        }
        // One validator per representation: identity, br, gzip.
        expect(etags.size).toBe(3);
        // Published files are compressed as small as brotli goes; development builds, made
        // on every build step, at the fast effort.
        const br = await app.inject({ url, headers: { "accept-encoding": "br" } });
        const quality = url === DEV_URL ? 5 : constants.BROTLI_MAX_QUALITY;
        const expected = brotliCompressSync(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        });
        expect([url, br.rawPayload.equals(expected)]).toEqual([url, true]);
      }
    });

    it("answers If-None-Match per representation, 304s with Vary, and HEAD with the coded length", async () => {
      const { app } = await published();
      const get = (accept: string | undefined, ifNoneMatch?: string, method = "GET" as const) =>
        app.inject({
          method,
          url: PROD_URL,
          headers: {
            ...(accept === undefined ? {} : { "accept-encoding": accept }),
            ...(ifNoneMatch === undefined ? {} : { "if-none-match": ifNoneMatch }),
          },
        });
      const tags: Record<string, string> = {};
      for (const accept of ["br", "gzip", "identity"])
        tags[accept] = String((await get(accept)).headers.etag);
      expect(tags.br).toMatch(/-br"$/);
      expect(tags.gzip).toMatch(/-gzip"$/);
      for (const accept of ["br", "gzip", "identity"]) {
        const cached = await get(accept, tags[accept]);
        expect([accept, cached.statusCode]).toEqual([accept, 304]);
        expect(cached.rawPayload.length).toBe(0);
        expect(cached.headers.vary).toBe("Accept-Encoding");
        expect(cached.headers.etag).toBe(tags[accept]);
        expect(cached.headers["content-encoding"]).toBeUndefined();
        // A weakened tag (a proxy that recompressed) still matches: weak comparison.
        expect((await get(accept, `W/${tags[accept]}`)).statusCode).toBe(304);
      }
      // A cache holding every copy lists their tags; the 304 names the one to use.
      const all = `${tags.identity}, ${tags.gzip}, ${tags.br}`;
      const many = await get("gzip, br", all);
      expect([many.statusCode, many.headers.etag]).toEqual([304, tags.br]);
      // The gzip copy's tag does not validate a brotli answer: that one comes in full.
      const other = await get("br", tags.gzip);
      expect([other.statusCode, other.headers["content-encoding"], other.headers.etag]).toEqual([
        200,
        "br",
        tags.br,
      ]);
      // Ranges are not served: a Range request gets the whole coded representation.
      const ranged = await app.inject({
        url: PROD_URL,
        headers: { "accept-encoding": "br", range: "bytes=0-99" },
      });
      expect([ranged.statusCode, ranged.headers["accept-ranges"]]).toEqual([200, undefined]);
      expect(brotliDecompressSync(ranged.rawPayload).length).toBeGreaterThan(100);
      const head = await get("br", undefined, "HEAD" as "GET");
      const full = await get("br");
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      expect(head.headers["content-encoding"]).toBe("br");
      expect(head.headers.vary).toBe("Accept-Encoding");
      expect(head.headers.etag).toBe(tags.br);
      expect(head.headers["content-length"]).toBe(String(full.rawPayload.length));
    });

    it("keeps no copy of a file compressing would not shrink, and never serves another body's copy", async () => {
      const { app, store } = await published();
      const tiny = await store.libraries.put({
        propertyId: "PRfixture",
        environmentId: "PRfixtureprod",
        fileName: "hosted/core/tiny.js",
        contentType: "text/javascript; charset=utf-8",
        body: Buffer.from("a();"),
      });
      expect(tiny.encodings).toEqual({ br: null, gzip: null });
      const res = await app.inject({
        url: "/libs/PRfixture/PRfixtureprod/hosted/core/tiny.js",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect([res.body, res.headers["content-encoding"], res.headers.etag]).toEqual([
        "a();",
        undefined,
        tiny.etag,
      ]);
      expect(res.headers.vary).toBe("Accept-Encoding");

      // A writer that replaces the body but not its copies (no writer of the product does:
      // saveLibrary and put write both at once): the old copies are not served.
      const before = (await store.libraries.get("PRfixture", "PRfixtureprod", "launch.min.js"))!;
      expect(before.encodings.br).not.toBeNull();
      const body = Buffer.from(`${before.body.toString()}\n/* republished */`);
      await rawSql(store)(
        `UPDATE libraries SET body = ?, etag = '"replaced"'
         WHERE property_id = 'PRfixture' AND environment_id = 'PRfixtureprod'
         AND file_name = 'launch.min.js'`,
        [body],
      );
      const replaced = await app.inject({ url: PROD_URL, headers: { "accept-encoding": "br" } });
      expect(replaced.headers["content-encoding"]).toBeUndefined();
      expect(replaced.rawPayload.equals(body)).toBe(true);
    });
  });
