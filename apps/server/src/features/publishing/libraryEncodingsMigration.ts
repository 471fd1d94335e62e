import type { Migration } from "../../db/migrate.ts";
import { encodeLibraryBody } from "./libraryEncodings.ts";

/**
 * Version 13: served files keep brotli and gzip copies of their body, made once at publish
 * (docs/server.md, *Library delivery*). `encoded_from` is the ETag of the body the copies
 * were made from: a copy is served only while it matches the stored body. Files published
 * by older releases get their copies here, one file at a time (a file's body, then its
 * copies, so memory holds one file, not the table), so an upgraded database serves them
 * compressed at once. SQL cannot compress: the transform does, with the encoder a publish
 * uses (its output is a standard brotli or gzip stream of the body whatever its settings, so
 * the migration means the same thing if those change), at its `fast` effort: the migration
 * holds every other node's start (migrate.ts), and each file's next publish makes its
 * smallest copies.
 */
export const libraryEncodingsMigration: Migration = {
  version: 13,
  name: "served files keep brotli and gzip copies made at publish",
  sqlite: `
ALTER TABLE libraries ADD COLUMN body_br BLOB;
ALTER TABLE libraries ADD COLUMN body_gzip BLOB;
ALTER TABLE libraries ADD COLUMN encoded_from TEXT;`,
  postgres: `
ALTER TABLE libraries ADD COLUMN body_br BYTEA, ADD COLUMN body_gzip BYTEA,
  ADD COLUMN encoded_from TEXT;`,
  async transform(db) {
    const keys = await db.all(
      "SELECT property_id, environment_id, file_name FROM libraries ORDER BY 1, 2, 3",
    );
    for (const key of keys) {
      const where = [key.property_id, key.environment_id, key.file_name];
      const [row] = await db.all(
        `SELECT body, etag FROM libraries
         WHERE property_id = ? AND environment_id = ? AND file_name = ?`,
        where,
      );
      if (!row) continue;
      const encodings = await encodeLibraryBody(row.body as Buffer, "fast");
      await db.run(
        `UPDATE libraries SET body_br = ?, body_gzip = ?, encoded_from = ?
         WHERE property_id = ? AND environment_id = ? AND file_name = ?`,
        [encodings.br, encodings.gzip, row.etag, ...where],
      );
    }
  },
};
