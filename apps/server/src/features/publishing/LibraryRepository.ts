import type { Row, SqlClient } from "../../db/SqlClient.ts";
import libraryEtag from "./libraryEtag.ts";
import { encodeLibraryBody, type LibraryEncodings } from "./libraryEncodings.ts";

/** A built library file, published by the builder and served at a stable URL. */
export interface LibraryFile {
  propertyId: string;
  environmentId: string;
  fileName: string;
  contentType: string;
  body: Buffer;
  /** Strong validator: a hash of the body. */
  etag: string;
  publishedAt: Date;
  /** How browsers may cache it: `no-cache` (development) or a max-age the property sets. */
  cacheControl: string;
  /**
   * The body compressed once at publish (brotli, gzip), served by `Accept-Encoding`; null
   * where compressing did not make it smaller or the copies are not made yet.
   */
  encodings: LibraryEncodings;
}

/** What a publish stores; the repository derives the ETag, the time and the encodings. */
export type NewLibraryFile = Omit<
  LibraryFile,
  "etag" | "publishedAt" | "cacheControl" | "encodings"
> & { cacheControl?: string };

export interface LibraryRepository {
  put(file: NewLibraryFile): Promise<LibraryFile>;
  get(
    propertyId: string,
    environmentId: string,
    fileName: string,
  ): Promise<LibraryFile | undefined>;
}

/** Hosts allowed to serve libraries (Launch's dynamic host resolution allow list). */
export interface HostRepository {
  list(): Promise<string[]>;
  add(host: string): Promise<void>;
  remove(host: string): Promise<void>;
}

/**
 * Served library files on either database (the `libraries` table). `encoded_from` is the ETag
 * of the body `body_br` and `body_gzip` were made from: a writer that replaces the body
 * without them (saveLibrary, until its copies land) leaves stale copies that are then never
 * served.
 */
export class SqlLibraries implements LibraryRepository {
  constructor(private readonly sql: SqlClient) {}

  async put(file: NewLibraryFile): Promise<LibraryFile> {
    const { propertyId, environmentId, fileName, contentType, body } = file;
    const stored: LibraryFile = {
      propertyId,
      environmentId,
      fileName,
      contentType,
      body,
      cacheControl: file.cacheControl ?? "no-cache",
      etag: libraryEtag(body),
      publishedAt: new Date(),
      encodings: await encodeLibraryBody(body),
    };
    await this.sql.all(
      `INSERT INTO libraries (property_id, environment_id, file_name, content_type, body,
       etag, published_at, cache_control, body_br, body_gzip, encoded_from)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (property_id, environment_id, file_name) DO UPDATE SET
       content_type = excluded.content_type, body = excluded.body, etag = excluded.etag,
       published_at = excluded.published_at, cache_control = excluded.cache_control,
       body_br = excluded.body_br, body_gzip = excluded.body_gzip,
       encoded_from = excluded.encoded_from`,
      [
        stored.propertyId,
        stored.environmentId,
        stored.fileName,
        stored.contentType,
        stored.body,
        stored.etag,
        stored.publishedAt.toISOString(),
        stored.cacheControl,
        stored.encodings.br,
        stored.encodings.gzip,
        stored.etag,
      ],
    );
    return stored;
  }

  async get(
    propertyId: string,
    environmentId: string,
    fileName: string,
  ): Promise<LibraryFile | undefined> {
    const [row]: Array<Row | undefined> = await this.sql.all(
      "SELECT * FROM libraries WHERE property_id = ? AND environment_id = ? AND file_name = ?",
      [propertyId, environmentId, fileName],
    );
    if (!row) return undefined;
    const etag = String(row.etag);
    const current = row.encoded_from === etag;
    return {
      propertyId,
      environmentId,
      fileName,
      contentType: String(row.content_type),
      body: row.body as Buffer,
      etag,
      publishedAt: new Date(String(row.published_at)),
      cacheControl: String(row.cache_control),
      encodings: {
        br: current ? ((row.body_br as Buffer | null) ?? null) : null,
        gzip: current ? ((row.body_gzip as Buffer | null) ?? null) : null,
      },
    };
  }
}

/** The allowed library hosts on either database (the `allowed_hosts` table). */
export class SqlHosts implements HostRepository {
  constructor(private readonly sql: SqlClient) {}

  async list(): Promise<string[]> {
    return (await this.sql.all("SELECT host FROM allowed_hosts ORDER BY host")).map((r) =>
      String(r.host),
    );
  }

  async add(host: string): Promise<void> {
    await this.sql.all("INSERT INTO allowed_hosts VALUES (?) ON CONFLICT DO NOTHING", [host]);
  }

  async remove(host: string): Promise<void> {
    await this.sql.all("DELETE FROM allowed_hosts WHERE host = ?", [host]);
  }
}
