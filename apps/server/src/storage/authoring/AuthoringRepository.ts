import type {
  LibraryBuild,
  LibraryInfo,
  LibraryState,
  PropertyDocument,
  PropertySummary,
  RevisionInfo,
} from "@liftoff/schema";
import libraryEtag from "../libraryEtag.ts";
import type { Row, SqlClient, Step } from "./SqlClient.ts";

/** The current (or one earlier) revision of a property, with its whole document. */
export interface PropertyRecord {
  id: string;
  revision: number;
  updatedAt: string;
  updatedBy: string;
  document: PropertyDocument;
}

/** What an environment serves now: the library that was last written there. */
export interface EnvironmentPointer {
  environmentId: string;
  libraryId: string;
  builtAt: string;
}

/** A library file to write together with a library's new state (one transaction). */
export interface BuiltFile {
  environmentId: string;
  fileName: string;
  contentType: string;
  body: Buffer;
}

export type SaveResult =
  { ok: true; record: PropertyRecord } | { ok: false; currentRevision: number | undefined };

const text = (v: unknown) => String(v);

const toRecord = (r: Row): PropertyRecord => ({
  id: text(r.id),
  revision: Number(r.revision),
  updatedAt: text(r.created_at),
  updatedBy: text(r.author),
  document: JSON.parse(text(r.document)) as PropertyDocument,
});

const toLibrary = (r: Row): LibraryInfo => ({
  id: text(r.id),
  name: text(r.name),
  revision: Number(r.revision),
  state: text(r.state) as LibraryState,
  environmentId: text(r.environment_id),
  createdAt: text(r.created_at),
  createdBy: text(r.created_by),
  builds: JSON.parse(text(r.builds)) as LibraryBuild[],
  ...(r.published_at ? { publishedAt: text(r.published_at) } : {}),
});

/**
 * Properties, their revisions (every saved document, kept forever), libraries and what each
 * environment serves. Documents are stored as JSON text, not JSONB: JSONB reorders keys, and
 * a revision must come back exactly as it was saved (exports and diffs show it).
 */
export class AuthoringRepository {
  constructor(private readonly sql: SqlClient) {}

  async listProperties(): Promise<PropertySummary[]> {
    const rows = await this.sql.all(
      `SELECT p.id, p.name, p.revision, r.created_at, r.author FROM properties p
       JOIN property_revisions r ON r.property_id = p.id AND r.revision = p.revision
       ORDER BY p.name, p.id`,
    );
    return rows.map((r) => ({
      id: text(r.id),
      name: text(r.name),
      revision: Number(r.revision),
      updatedAt: text(r.created_at),
      updatedBy: text(r.author),
    }));
  }

  async getProperty(id: string): Promise<PropertyRecord | undefined> {
    const [row] = await this.sql.all(
      `SELECT p.id, p.revision, r.created_at, r.author, r.document FROM properties p
       JOIN property_revisions r ON r.property_id = p.id AND r.revision = p.revision
       WHERE p.id = ?`,
      [id],
    );
    return row && toRecord(row);
  }

  async getRevision(id: string, revision: number): Promise<PropertyRecord | undefined> {
    const [row] = await this.sql.all(
      `SELECT property_id AS id, revision, created_at, author, document FROM property_revisions
       WHERE property_id = ? AND revision = ?`,
      [id, revision],
    );
    return row && toRecord(row);
  }

  /** Newest first. */
  async listRevisions(id: string): Promise<RevisionInfo[]> {
    const rows = await this.sql.all(
      `SELECT revision, created_at, author, summary FROM property_revisions
       WHERE property_id = ? ORDER BY revision DESC`,
      [id],
    );
    return rows.map((r) => ({
      revision: Number(r.revision),
      createdAt: text(r.created_at),
      author: text(r.author),
      summary: text(r.summary),
    }));
  }

  private revisionStep(
    document: PropertyDocument,
    revision: number,
    author: string,
    summary: string,
    at: string,
  ): Step {
    return {
      sql: `INSERT INTO property_revisions (property_id, revision, created_at, author, summary, document)
            VALUES (?, ?, ?, ?, ?, ?)`,
      params: [document.property.id, revision, at, author, summary, JSON.stringify(document)],
    };
  }

  /** Saves revision 1 of a new property; `ok: false` when the id is taken. */
  async createProperty(
    document: PropertyDocument,
    author: string,
    summary: string,
  ): Promise<SaveResult> {
    const at = new Date().toISOString();
    const ok = await this.sql.transaction([
      {
        sql: "INSERT INTO properties (id, name, revision) VALUES (?, ?, 1) ON CONFLICT (id) DO NOTHING",
        params: [document.property.id, document.property.name],
        expect: 1,
      },
      this.revisionStep(document, 1, author, summary, at),
    ]);
    if (!ok)
      return {
        ok: false,
        currentRevision: (await this.getProperty(document.property.id))?.revision,
      };
    return {
      ok: true,
      record: { id: document.property.id, revision: 1, updatedAt: at, updatedBy: author, document },
    };
  }

  /**
   * Saves the next revision only if the property is still at `expected` (optimistic lock):
   * the conditional UPDATE changes no row when someone saved in between.
   */
  async saveProperty(
    expected: number,
    document: PropertyDocument,
    author: string,
    summary: string,
  ): Promise<SaveResult> {
    const id = document.property.id;
    const at = new Date().toISOString();
    const ok = await this.sql.transaction([
      {
        sql: "UPDATE properties SET revision = ?, name = ? WHERE id = ? AND revision = ?",
        params: [expected + 1, document.property.name, id, expected],
        expect: 1,
      },
      this.revisionStep(document, expected + 1, author, summary, at),
    ]);
    if (!ok) return { ok: false, currentRevision: (await this.getProperty(id))?.revision };
    return {
      ok: true,
      record: { id, revision: expected + 1, updatedAt: at, updatedBy: author, document },
    };
  }

  async listLibraries(propertyId: string): Promise<LibraryInfo[]> {
    const rows = await this.sql.all(
      "SELECT * FROM property_libraries WHERE property_id = ? ORDER BY created_at DESC, id DESC",
      [propertyId],
    );
    return rows.map(toLibrary);
  }

  async getLibrary(propertyId: string, id: string): Promise<LibraryInfo | undefined> {
    const [row] = await this.sql.all(
      "SELECT * FROM property_libraries WHERE property_id = ? AND id = ?",
      [propertyId, id],
    );
    return row && toLibrary(row);
  }

  async createLibrary(propertyId: string, library: LibraryInfo): Promise<void> {
    await this.sql.transaction([
      {
        sql: `INSERT INTO property_libraries (id, property_id, name, revision, state, environment_id,
              created_at, created_by, builds, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        params: [
          library.id,
          propertyId,
          library.name,
          library.revision,
          library.state,
          library.environmentId,
          library.createdAt,
          library.createdBy,
          JSON.stringify(library.builds),
          library.publishedAt ?? null,
        ],
      },
    ]);
  }

  /**
   * Moves a library from `from` to its new state and writes its built files in one
   * transaction: either the environment serves the new file and the library says so, or
   * nothing changed. `false` when the library was no longer in state `from` (a concurrent
   * transition won).
   */
  async transition(
    propertyId: string,
    library: LibraryInfo,
    from: LibraryState,
    files: BuiltFile[] = [],
  ): Promise<boolean> {
    const at = new Date().toISOString();
    const steps: Step[] = [
      {
        sql: `UPDATE property_libraries SET state = ?, builds = ?, published_at = ?
              WHERE property_id = ? AND id = ? AND state = ?`,
        params: [
          library.state,
          JSON.stringify(library.builds),
          library.publishedAt ?? null,
          propertyId,
          library.id,
          from,
        ],
        expect: 1,
      },
    ];
    for (const file of files) {
      steps.push(
        {
          // The same row layout as the library file repository (Store.libraries), which serves it.
          sql: `INSERT INTO libraries (property_id, environment_id, file_name, content_type, body, etag, published_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (property_id, environment_id, file_name) DO UPDATE SET
                content_type = excluded.content_type, body = excluded.body, etag = excluded.etag,
                published_at = excluded.published_at`,
          params: [
            propertyId,
            file.environmentId,
            file.fileName,
            file.contentType,
            file.body,
            libraryEtag(file.body),
            at,
          ],
        },
        {
          sql: `INSERT INTO environment_libraries (property_id, environment_id, library_id, built_at)
                VALUES (?, ?, ?, ?) ON CONFLICT (property_id, environment_id) DO UPDATE SET
                library_id = excluded.library_id, built_at = excluded.built_at`,
          params: [propertyId, file.environmentId, library.id, at],
        },
      );
    }
    return this.sql.transaction(steps);
  }

  async environmentPointers(propertyId: string): Promise<EnvironmentPointer[]> {
    const rows = await this.sql.all(
      "SELECT environment_id, library_id, built_at FROM environment_libraries WHERE property_id = ?",
      [propertyId],
    );
    return rows.map((r) => ({
      environmentId: text(r.environment_id),
      libraryId: text(r.library_id),
      builtAt: text(r.built_at),
    }));
  }
}
