import {
  SETTINGS_RESOURCE_ID,
  type LibraryBuild,
  type LibraryResourceKind,
  type LibraryState,
  type PropertyDocument,
  type PropertyDocumentSettings,
  type PropertySummary,
  type ResourceKind,
  type ResourceRef,
  type ResourceRevision,
  type ResourceRevisionInfo,
  type RevisionInfo,
} from "@liftoff/schema";
import libraryEtag from "../publishing/libraryEtag.ts";
import type { LibraryEncodings } from "../publishing/libraryEncodings.ts";
import { assembleDocument, type ResourceEntry } from "./propertyResources.ts";
import type { Row, SqlClient, Step } from "../../db/SqlClient.ts";

/** One resource as of some property revision (the latest, or an earlier one). */
export interface StoredResource extends ResourceEntry {
  position: number;
  revision: number;
  /** This revision deleted it (`body` is what it was before). */
  deleted: boolean;
  updatedAt: string;
  updatedBy: string;
  /** The property revision that made this resource revision. */
  changedIn: number;
}

/** A property as of one revision: every resource it ever had, in document order. */
export interface PropertySnapshot {
  id: string;
  revision: number;
  updatedAt: string;
  updatedBy: string;
  resources: StoredResource[];
}

/** The document of a snapshot: its resources that are not deleted. */
export const documentOf = (snapshot: PropertySnapshot): PropertyDocument =>
  assembleDocument(snapshot.resources.filter((r) => !r.deleted));

/** The current (or one earlier) revision of a property, as a whole document. */
export interface PropertyRecord {
  id: string;
  revision: number;
  updatedAt: string;
  updatedBy: string;
  document: PropertyDocument;
}

/** A new revision of one resource, written as part of one property revision. */
export interface ResourceWrite extends ResourceEntry {
  position: number;
  /** The revision this one follows; 0 for a new resource. */
  from: number;
  deleted: boolean;
}

/** One library resource as stored: pinned once the library left development. */
export interface StoredLibraryResource {
  kind: LibraryResourceKind;
  id: string;
  pinned?: { revision: number; deleted: boolean; name: string };
}

/** A library as stored; the API's LibraryInfo adds names and head revisions. */
export interface LibraryRecord {
  id: string;
  name: string;
  state: LibraryState;
  environmentId?: string;
  createdAt: string;
  createdBy: string;
  /** Who last submitted it, and when (kept until the next submit). */
  submittedBy?: string;
  submittedAt?: string;
  builds: LibraryBuild[];
  publishedAt?: string;
  resources: StoredLibraryResource[];
  /**
   * The resources its last staging or production build contained (`rule:RL…` → revision).
   * The published library's manifest is what production serves: the base of later builds.
   */
  resolved?: Record<string, number>;
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
  cacheControl: string;
  /** Its brotli and gzip copies (features/publishing/libraryEncodings.ts), written with it. */
  encodings: LibraryEncodings;
}

const text = (v: unknown) => String(v);
// The property's revision inside a change's transaction (after revisionSteps moved it).
const CURRENT_REVISION = "(SELECT revision FROM properties WHERE id = ?)";
// Resources per statement when a property is created: 11 parameters each, well under both
// databases' limits on parameters per statement.
const CREATE_BATCH = 200;
const STAGING = "('submitted', 'approved')";

const toResource = (r: Row): StoredResource => ({
  kind: text(r.kind) as ResourceKind,
  id: text(r.resource_id),
  name: text(r.name),
  body: JSON.parse(text(r.body)) as unknown,
  position: Number(r.position),
  revision: Number(r.revision),
  deleted: Number(r.deleted) === 1,
  updatedAt: text(r.created_at),
  updatedBy: text(r.author),
  changedIn: Number(r.property_revision),
});

const toRevisionInfo = (r: Row): ResourceRevisionInfo => ({
  revision: Number(r.revision),
  propertyRevision: Number(r.property_revision),
  createdAt: text(r.created_at),
  author: text(r.author),
  summary: text(r.summary),
  deleted: Number(r.deleted) === 1,
});

const toLibrary = (r: Row): LibraryRecord => ({
  id: text(r.id),
  name: text(r.name),
  state: text(r.state) as LibraryState,
  ...(r.environment_id ? { environmentId: text(r.environment_id) } : {}),
  createdAt: text(r.created_at),
  createdBy: text(r.created_by),
  ...(r.submitted_by ? { submittedBy: text(r.submitted_by) } : {}),
  ...(r.submitted_at ? { submittedAt: text(r.submitted_at) } : {}),
  builds: JSON.parse(text(r.builds)) as LibraryBuild[],
  ...(r.published_at ? { publishedAt: text(r.published_at) } : {}),
  resources: JSON.parse(text(r.resources)) as StoredLibraryResource[],
  ...(r.resolved ? { resolved: JSON.parse(text(r.resolved)) as Record<string, number> } : {}),
});

// The working state: each resource at the revision `resources` says is its latest, read in
// one statement with the property's revision so the two agree (a save cannot land between).
const HEAD_SQL = `
  SELECT p.revision AS head, rr.kind, rr.resource_id, rr.revision, rr.property_revision,
         rr.created_at, rr.author, rr.name, rr.deleted, rr.body, r.position
  FROM properties p
  JOIN resources r ON r.property_id = p.id
  JOIN resource_revisions rr ON rr.property_id = r.property_id AND rr.kind = r.kind
    AND rr.resource_id = r.resource_id AND rr.revision = r.revision
  WHERE p.id = ?
  ORDER BY r.position`;

// Each resource at its newest revision made no later than property revision `?`. The newest
// revisions are grouped first: as a correlated subquery per row, a planner without table
// statistics walks every revision of the property for each resource (quadratic: 3.4 s at
// 6,000 resources on SQLite, against 25 ms grouped).
const SNAPSHOT_SQL = `
  SELECT rr.kind, rr.resource_id, rr.revision, rr.property_revision, rr.created_at, rr.author,
         rr.name, rr.deleted, rr.body, r.position
  FROM (SELECT kind, resource_id, MAX(revision) AS revision FROM resource_revisions
        WHERE property_id = ? AND property_revision <= ? GROUP BY kind, resource_id) newest
  JOIN resource_revisions rr ON rr.property_id = ? AND rr.kind = newest.kind
    AND rr.resource_id = newest.resource_id AND rr.revision = newest.revision
  JOIN resources r ON r.property_id = rr.property_id AND r.kind = rr.kind
    AND r.resource_id = rr.resource_id
  ORDER BY r.position`;

/**
 * Properties as resources with revisions, the property-wide history of changes, libraries
 * and what each environment serves. Resource bodies are JSON text, not JSONB: JSONB
 * reorders keys, and a revision must read back exactly as it was saved (exports, diffs and
 * rebuilt libraries depend on it).
 */
export class AuthoringRepository {
  constructor(private readonly sql: SqlClient) {}

  async listProperties(): Promise<PropertySummary[]> {
    // The platform is fixed when a property is created, so the settings' first revision says
    // it: one read by primary key per property.
    const rows = await this.sql.all(
      `SELECT p.id, p.name, p.revision, c.created_at, c.author, s.body AS first_settings
       FROM properties p
       JOIN property_changes c ON c.property_id = p.id AND c.revision = p.revision
       LEFT JOIN resource_revisions s ON s.property_id = p.id AND s.kind = 'settings'
         AND s.resource_id = ? AND s.revision = 1
       ORDER BY p.name, p.id`,
      [SETTINGS_RESOURCE_ID],
    );
    return rows.map((r) => ({
      id: text(r.id),
      name: text(r.name),
      ...(r.first_settings != null && platformIn(text(r.first_settings)) === "edge"
        ? { platform: "edge" as const }
        : {}),
      revision: Number(r.revision),
      updatedAt: text(r.created_at),
      updatedBy: text(r.author),
    }));
  }

  /** The property as of `revision` (default: the latest), or undefined. */
  async snapshot(id: string, revision?: number): Promise<PropertySnapshot | undefined> {
    let at = revision;
    let rows: Row[];
    if (at === undefined) {
      rows = await this.sql.all(HEAD_SQL, [id]);
      if (rows.length === 0) return undefined;
      at = Number(rows[0]!.head);
    } else rows = await this.sql.all(SNAPSHOT_SQL, [id, at, id]);
    return this.snapshotOf(id, at, rows);
  }

  private async snapshotOf(
    id: string,
    at: number,
    rows: Row[],
  ): Promise<PropertySnapshot | undefined> {
    const [head] = await this.sql.all(
      "SELECT created_at, author FROM property_changes WHERE property_id = ? AND revision = ?",
      [id, at],
    );
    if (!head) return undefined;
    return {
      id,
      revision: at,
      updatedAt: text(head.created_at),
      updatedBy: text(head.author),
      resources: rows.map(toResource),
    };
  }

  /**
   * The part of the working state one item's change needs: the settings, environments and
   * extensions (what every item's checks read), and the item itself when it exists (deleted
   * or not). Read in one statement with the property's revision, as `snapshot` is.
   */
  async itemSnapshot(id: string, ref: ResourceRef): Promise<PropertySnapshot | undefined> {
    // Two indexed reads in one statement (an OR across them would read every resource).
    const part = (where: string) =>
      HEAD_SQL.replace("WHERE p.id = ?", where).replace(/ORDER BY.*$/s, "");
    const rows = await this.sql.all(
      `${part("WHERE p.id = ? AND r.kind IN ('settings', 'environment', 'extension')")}
       UNION ALL
       ${part("WHERE p.id = ? AND r.kind = ? AND r.resource_id = ?")}
       ORDER BY position`,
      [id, id, ref.kind, ref.id],
    );
    if (rows.length === 0) return undefined;
    return this.snapshotOf(id, Number(rows[0]!.head), rows);
  }

  /** The data elements of the working state named `names` (deleted ones left out). */
  async dataElementsNamed(id: string, names: string[]): Promise<StoredResource[]> {
    const out: StoredResource[] = [];
    for (let i = 0; i < names.length; i += 100) {
      const chunk = names.slice(i, i + 100);
      const rows = await this.sql.all(
        HEAD_SQL.replace(
          "WHERE p.id = ?",
          `WHERE p.id = ? AND r.kind = 'dataElement' AND r.deleted = 0
             AND r.name IN (${chunk.map(() => "?").join(", ")})`,
        ),
        [id, ...chunk],
      );
      out.push(...rows.map(toResource));
    }
    return out;
  }

  /** Whether another live rule (or data element) of the property has the name. */
  async nameTaken(id: string, ref: ResourceRef, name: string): Promise<boolean> {
    const rows = await this.sql.all(
      `SELECT 1 FROM resources WHERE property_id = ? AND kind = ? AND name = ? AND deleted = 0
       AND resource_id <> ? LIMIT 1`,
      [id, ref.kind, name, ref.id],
    );
    return rows.length > 0;
  }

  /** The index in its document list of the live resource of `kind` at `position`. */
  async indexAt(id: string, kind: ResourceKind, position: number): Promise<number> {
    const [row] = await this.sql.all(
      `SELECT COUNT(*) AS n FROM resources WHERE property_id = ? AND kind = ? AND deleted = 0
       AND position < ?`,
      [id, kind, position],
    );
    return Number(row?.n ?? 0);
  }

  /** Where one resource stands now (its `resources` row), without its body. */
  async resource(id: string, ref: ResourceRef): Promise<Omit<StoredResource, "body"> | undefined> {
    const [row] = await this.sql.all(
      `SELECT kind, resource_id, position, revision, name, deleted, updated_at, updated_by,
       changed_in FROM resources WHERE property_id = ? AND kind = ? AND resource_id = ?`,
      [id, ref.kind, ref.id],
    );
    if (!row) return undefined;
    return {
      kind: text(row.kind) as ResourceKind,
      id: text(row.resource_id),
      name: text(row.name),
      position: Number(row.position),
      revision: Number(row.revision),
      deleted: Number(row.deleted) === 1,
      updatedAt: text(row.updated_at),
      updatedBy: text(row.updated_by),
      changedIn: Number(row.changed_in),
    };
  }

  /** The property's revision, or undefined when there is no such property. */
  async headRevision(id: string): Promise<number | undefined> {
    const [row] = await this.sql.all("SELECT revision FROM properties WHERE id = ?", [id]);
    return row ? Number(row.revision) : undefined;
  }

  async getProperty(id: string, revision?: number): Promise<PropertyRecord | undefined> {
    const snapshot = await this.snapshot(id, revision);
    if (!snapshot) return undefined;
    const { resources: _resources, ...meta } = snapshot;
    return { ...meta, document: documentOf(snapshot) };
  }

  getRevision(id: string, revision: number): Promise<PropertyRecord | undefined> {
    return this.getProperty(id, revision);
  }

  /** The property-wide history, newest first, with the resources each change touched. */
  async listRevisions(id: string): Promise<RevisionInfo[]> {
    const changes = await this.sql.all(
      `SELECT revision, created_at, author, summary FROM property_changes
       WHERE property_id = ? ORDER BY revision DESC`,
      [id],
    );
    const touched = await this.sql.all(
      `SELECT property_revision, kind, resource_id, name, revision FROM resource_revisions
       WHERE property_id = ? ORDER BY property_revision, kind, resource_id`,
      [id],
    );
    const byChange = new Map<number, RevisionInfo["resources"]>();
    for (const r of touched) {
      const n = Number(r.property_revision);
      const list = byChange.get(n) ?? [];
      list.push({
        kind: text(r.kind) as ResourceKind,
        id: text(r.resource_id),
        name: text(r.name),
        revision: Number(r.revision),
      });
      byChange.set(n, list);
    }
    return changes.map((r) => ({
      revision: Number(r.revision),
      createdAt: text(r.created_at),
      author: text(r.author),
      summary: text(r.summary),
      resources: byChange.get(Number(r.revision)) ?? [],
    }));
  }

  /**
   * The property's own settings in its working state (the settings resource at its latest
   * revision), read alone: for callers that need them and not the whole property (a report
   * reads the property's mapping on every request).
   */
  async workingSettings(propertyId: string): Promise<PropertyDocumentSettings | undefined> {
    const [row] = await this.sql.all(
      `SELECT body FROM resource_revisions WHERE property_id = ? AND kind = 'settings'
       AND resource_id = ? ORDER BY revision DESC LIMIT 1`,
      [propertyId, SETTINGS_RESOURCE_ID],
    );
    if (!row) return undefined;
    return (JSON.parse(text(row.body)) as { property: { settings: PropertyDocumentSettings } })
      .property.settings;
  }

  /** One resource's revisions, newest first. */
  async resourceHistory(propertyId: string, ref: ResourceRef): Promise<ResourceRevisionInfo[]> {
    const rows = await this.sql.all(
      `SELECT revision, property_revision, created_at, author, summary, deleted
       FROM resource_revisions WHERE property_id = ? AND kind = ? AND resource_id = ?
       ORDER BY revision DESC`,
      [propertyId, ref.kind, ref.id],
    );
    return rows.map(toRevisionInfo);
  }

  async resourceRevision(
    propertyId: string,
    ref: ResourceRef,
    revision: number,
  ): Promise<ResourceRevision | undefined> {
    const [row] = await this.sql.all(
      `SELECT * FROM resource_revisions
       WHERE property_id = ? AND kind = ? AND resource_id = ? AND revision = ?`,
      [propertyId, ref.kind, ref.id, revision],
    );
    if (!row) return undefined;
    return {
      ...toRevisionInfo(row),
      kind: ref.kind,
      id: ref.id,
      name: text(row.name),
      body: JSON.parse(text(row.body)) as unknown,
    };
  }

  /** The bodies of chosen resource revisions (`rule:RL…` → revision), for library builds. */
  async resourceBodies(
    propertyId: string,
    wanted: Array<ResourceRef & { revision: number }>,
  ): Promise<Map<string, { body: unknown; deleted: boolean }>> {
    const out = new Map<string, { body: unknown; deleted: boolean }>();
    // Chunked so no statement carries more than a few hundred parameters.
    for (let i = 0; i < wanted.length; i += 100) {
      const chunk = wanted.slice(i, i + 100);
      const rows = await this.sql.all(
        `SELECT kind, resource_id, revision, deleted, body FROM resource_revisions
         WHERE property_id = ? AND (${chunk.map(() => "(kind = ? AND resource_id = ? AND revision = ?)").join(" OR ")})`,
        [propertyId, ...chunk.flatMap((w) => [w.kind, w.id, w.revision])],
      );
      for (const r of rows)
        out.set(`${text(r.kind)}:${text(r.resource_id)}@${Number(r.revision)}`, {
          body: JSON.parse(text(r.body)) as unknown,
          deleted: Number(r.deleted) === 1,
        });
    }
    return out;
  }

  /** The property's revision counter moves up by one, and the change is recorded under it. */
  private revisionSteps(
    propertyId: string,
    author: string,
    summary: string,
    at: string,
    name: string | undefined,
  ): Step[] {
    return [
      {
        sql: "UPDATE properties SET revision = revision + 1, name = COALESCE(?, name) WHERE id = ?",
        params: [name ?? null, propertyId],
        expect: 1,
      },
      {
        sql: `INSERT INTO property_changes (property_id, revision, created_at, author, summary)
              VALUES (?, ${CURRENT_REVISION}, ?, ?, ?)`,
        params: [propertyId, propertyId, at, author, summary],
      },
    ];
  }

  /**
   * Revision 1 of every resource of a new property, many rows per statement with their
   * positions given: a statement per resource (each finding the next position) made an
   * import of thousands of resources quadratic.
   */
  private createSteps(
    propertyId: string,
    entries: ResourceEntry[],
    author: string,
    summary: string,
    at: string,
  ): Step[] {
    const steps: Step[] = [];
    for (let start = 0; start < entries.length; start += CREATE_BATCH) {
      const batch = entries.slice(start, start + CREATE_BATCH);
      const rows = (columns: number) =>
        batch.map(() => `(${Array.from({ length: columns }, () => "?").join(", ")})`).join(", ");
      steps.push(
        {
          sql: `INSERT INTO resources (property_id, kind, resource_id, position, revision, name,
                deleted, updated_at, updated_by, changed_in) VALUES ${rows(10)}`,
          params: batch.flatMap((e, i) => [
            propertyId,
            e.kind,
            e.id,
            start + i,
            1,
            e.name,
            0,
            at,
            author,
            1,
          ]),
          expect: batch.length,
        },
        {
          sql: `INSERT INTO resource_revisions (property_id, kind, resource_id, revision,
                property_revision, created_at, author, summary, name, deleted, body)
                VALUES ${rows(11)}`,
          params: batch.flatMap((e) => [
            propertyId,
            e.kind,
            e.id,
            1,
            1,
            at,
            author,
            summary,
            e.name,
            0,
            JSON.stringify(e.body),
          ]),
        },
      );
    }
    return steps;
  }

  /**
   * The statements of one property revision: the property's revision counter moves up by
   * one inside the transaction (concurrent saves queue on its row instead of failing), and
   * every write names the revision its resource must still be at.
   */
  private writeSteps(
    propertyId: string,
    writes: ResourceWrite[],
    author: string,
    summary: string,
    at: string,
    name: string | undefined,
  ): Step[] {
    const steps = this.revisionSteps(propertyId, author, summary, at, name);
    for (const w of writes) {
      const next = w.from + 1;
      const deleted = w.deleted ? 1 : 0;
      steps.push(
        w.from === 0
          ? {
              // A new resource goes after every other, whatever others added meanwhile.
              sql: `INSERT INTO resources (property_id, kind, resource_id, position, revision, name,
                    deleted, updated_at, updated_by, changed_in) VALUES (?, ?, ?,
                    (SELECT COALESCE(MAX(position), -1) + 1 FROM resources WHERE property_id = ?),
                    1, ?, ?, ?, ?, ${CURRENT_REVISION})
                    ON CONFLICT (property_id, kind, resource_id) DO NOTHING`,
              params: [
                propertyId,
                w.kind,
                w.id,
                propertyId,
                w.name,
                deleted,
                at,
                author,
                propertyId,
              ],
              expect: 1,
            }
          : {
              sql: `UPDATE resources SET revision = ?, name = ?, deleted = ?, updated_at = ?,
                    updated_by = ?, changed_in = ${CURRENT_REVISION}
                    WHERE property_id = ? AND kind = ? AND resource_id = ? AND revision = ?`,
              params: [
                next,
                w.name,
                deleted,
                at,
                author,
                propertyId,
                propertyId,
                w.kind,
                w.id,
                w.from,
              ],
              expect: 1,
            },
        {
          sql: `INSERT INTO resource_revisions (property_id, kind, resource_id, revision,
                property_revision, created_at, author, summary, name, deleted, body)
                VALUES (?, ?, ?, ?, ${CURRENT_REVISION}, ?, ?, ?, ?, ?, ?)`,
          params: [
            propertyId,
            w.kind,
            w.id,
            next,
            propertyId,
            at,
            author,
            summary,
            w.name,
            deleted,
            JSON.stringify(w.body),
          ],
        },
      );
    }
    return steps;
  }

  /** Saves revision 1 of a new property from its resources; false when the id is taken. */
  async createProperty(
    propertyId: string,
    name: string,
    entries: ResourceEntry[],
    author: string,
    summary: string,
  ): Promise<boolean> {
    const at = new Date().toISOString();
    return this.sql.transaction([
      {
        sql: "INSERT INTO properties (id, name, revision) VALUES (?, ?, 0) ON CONFLICT (id) DO NOTHING",
        params: [propertyId, name],
        expect: 1,
      },
      ...this.revisionSteps(propertyId, author, summary, at, undefined),
      ...this.createSteps(propertyId, entries, author, summary, at),
    ]);
  }

  /**
   * Saves one property revision made of `writes`. There is no property-wide lock: each
   * write moves its resource only from the revision it names (`from`; 0: it must not exist).
   * Returns the new property revision, or undefined (nothing written) when a resource moved
   * in between; the caller finds out which.
   */
  async saveChange(
    propertyId: string,
    writes: ResourceWrite[],
    author: string,
    summary: string,
  ): Promise<{ revision: number; at: string } | undefined> {
    const at = new Date().toISOString();
    const name = writes.find((w) => w.kind === "settings")?.name;
    const ok = await this.sql.transaction(
      this.writeSteps(propertyId, writes, author, summary, at, name),
    );
    if (!ok) return undefined;
    const first = writes[0]!;
    const [row] = await this.sql.all(
      `SELECT property_revision FROM resource_revisions
       WHERE property_id = ? AND kind = ? AND resource_id = ? AND revision = ?`,
      [propertyId, first.kind, first.id, first.from + 1],
    );
    return { revision: Number(row?.property_revision), at };
  }

  async listLibraries(propertyId: string): Promise<LibraryRecord[]> {
    const rows = await this.sql.all(
      "SELECT * FROM resource_libraries WHERE property_id = ? ORDER BY created_at DESC, id DESC",
      [propertyId],
    );
    return rows.map(toLibrary);
  }

  async getLibrary(propertyId: string, id: string): Promise<LibraryRecord | undefined> {
    const [row] = await this.sql.all(
      "SELECT * FROM resource_libraries WHERE property_id = ? AND id = ?",
      [propertyId, id],
    );
    return row && toLibrary(row);
  }

  /**
   * Creates a library; false when its development environment is held by another (a unique
   * index over the libraries in development decides, so two people cannot both win).
   */
  async createLibrary(propertyId: string, library: LibraryRecord): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `INSERT INTO resource_libraries (id, property_id, name, state, environment_id,
              created_at, created_by, builds, published_at, resources, resolved, submitted_by,
              submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        params: [
          library.id,
          propertyId,
          library.name,
          library.state,
          library.environmentId ?? null,
          library.createdAt,
          library.createdBy,
          JSON.stringify(library.builds),
          library.publishedAt ?? null,
          JSON.stringify(library.resources),
          library.resolved ? JSON.stringify(library.resolved) : null,
          library.submittedBy ?? null,
          library.submittedAt ?? null,
        ],
        expect: 1,
        uniqueIsMismatch: true,
      },
    ]);
  }

  /**
   * Moves a library from state `from` to what `library` says (name, environment, resources,
   * state, builds, manifest) and writes its built files in one transaction: either the
   * environment serves the new file and the library says so, or nothing changed. False when
   * the library was no longer in state `from`, or the environment it takes is held.
   */
  async saveLibrary(
    propertyId: string,
    library: LibraryRecord,
    from: LibraryState,
    files: BuiltFile[] = [],
  ): Promise<boolean> {
    const at = new Date().toISOString();
    // Staging holds one library: taking it checks no other is submitted or approved.
    const staging =
      library.state === "submitted" && from !== "submitted"
        ? {
            sql: ` AND NOT EXISTS (SELECT 1 FROM resource_libraries o WHERE o.property_id = ?
                   AND o.state IN ${STAGING} AND o.id <> ?)`,
            params: [propertyId, library.id],
          }
        : { sql: "", params: [] };
    const steps: Step[] = [
      {
        sql: `UPDATE resource_libraries SET name = ?, state = ?, environment_id = ?, builds = ?,
              published_at = ?, resources = ?, resolved = ?, submitted_by = ?, submitted_at = ?
              WHERE property_id = ? AND id = ? AND state = ?${staging.sql}`,
        params: [
          library.name,
          library.state,
          library.environmentId ?? null,
          JSON.stringify(library.builds),
          library.publishedAt ?? null,
          JSON.stringify(library.resources),
          library.resolved ? JSON.stringify(library.resolved) : null,
          library.submittedBy ?? null,
          library.submittedAt ?? null,
          propertyId,
          library.id,
          from,
          ...staging.params,
        ],
        expect: 1,
        uniqueIsMismatch: true,
      },
    ];
    for (const file of files) {
      steps.push(
        {
          // The same row layout as the library file repository (Store.libraries), which serves it.
          sql: `INSERT INTO libraries (property_id, environment_id, file_name, content_type, body,
                etag, published_at, cache_control, body_br, body_gzip, encoded_from)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (property_id, environment_id, file_name) DO UPDATE SET
                content_type = excluded.content_type, body = excluded.body, etag = excluded.etag,
                published_at = excluded.published_at, cache_control = excluded.cache_control,
                body_br = excluded.body_br, body_gzip = excluded.body_gzip,
                encoded_from = excluded.encoded_from`,
          params: [
            propertyId,
            file.environmentId,
            file.fileName,
            file.contentType,
            file.body,
            libraryEtag(file.body),
            at,
            file.cacheControl,
            file.encodings.br,
            file.encodings.gzip,
            libraryEtag(file.body),
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

  /** Deletes a library still in `state`; false when it moved on. */
  async deleteLibrary(propertyId: string, id: string, state: LibraryState): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: "DELETE FROM resource_libraries WHERE property_id = ? AND id = ? AND state = ?",
        params: [propertyId, id, state],
        expect: 1,
      },
    ]);
  }

  /** Changes every stored file's cache time for the staging and production environments. */
  async setCacheControl(
    propertyId: string,
    environmentIds: string[],
    cacheControl: string,
  ): Promise<void> {
    if (environmentIds.length === 0) return;
    await this.sql.transaction([
      {
        sql: `UPDATE libraries SET cache_control = ? WHERE property_id = ?
              AND environment_id IN (${environmentIds.map(() => "?").join(", ")})`,
        params: [cacheControl, propertyId, ...environmentIds],
      },
    ]);
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

/** The platform a settings resource's body names (absent: web). */
function platformIn(body: string): PropertyDocumentSettings["platform"] {
  return (JSON.parse(body) as { property?: { settings?: PropertyDocumentSettings } }).property
    ?.settings?.platform;
}
