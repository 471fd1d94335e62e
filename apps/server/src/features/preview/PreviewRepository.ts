import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import type { Row, SqlClient, Step } from "../../db/SqlClient.ts";

/** A stored trace record and its place in the session's sequence (1, 2, …). */
export interface StoredTrace {
  seq: number;
  trace: PreviewTrace;
}

/** Caps a new session must fit in: active sessions of its creator and of its property. */
export interface SessionCaps {
  perUser: number;
  perProperty: number;
}

const ACTIVE = "ended_at IS NULL AND expires_at > ?";
const SESSION_COLUMNS = `id, property_id, library_id, label, environment_id, link, created_by,
  created_at, expires_at, ended_at, revision`;

const text = (v: unknown) => String(v);

const toSession = (r: Row): PreviewSession => ({
  id: text(r.id),
  propertyId: text(r.property_id),
  ...(r.library_id != null ? { libraryId: text(r.library_id) } : {}),
  label: text(r.label),
  environmentId: text(r.environment_id),
  link: text(r.link),
  createdBy: text(r.created_by),
  createdAt: text(r.created_at),
  expiresAt: text(r.expires_at),
  ...(r.ended_at != null ? { endedAt: text(r.ended_at) } : {}),
  ...(r.revision != null ? { revision: Number(r.revision) } : {}),
});

/**
 * Preview sessions and their trace records (docs/preview.md), shared by every node on the
 * store. Times are ISO-8601 strings the caller's clock gives, so expiry follows that clock.
 * Deciding what is due (expiry, forgetting) is the caller's; this is the SQL.
 */
export class PreviewRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly dialect: "sqlite" | "postgres",
  ) {}

  /**
   * Stores a new session unless a cap is full (which one is answered). The count and the
   * insert are one transaction; on PostgreSQL it first takes a transaction lock, so two
   * nodes starting sessions at once cannot both take the last place.
   */
  async create(session: PreviewSession, caps: SessionCaps): Promise<"user" | "property" | null> {
    const at = session.createdAt;
    const steps: Step[] = [];
    if (this.dialect === "postgres")
      steps.push({ sql: "SELECT pg_advisory_xact_lock(7708)", params: [] });
    steps.push(
      {
        sql: `INSERT INTO preview_sessions (${SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        params: [
          session.id,
          session.propertyId,
          session.libraryId ?? null,
          session.label,
          session.environmentId,
          session.link,
          session.createdBy,
          at,
          session.expiresAt,
          null,
          null,
        ],
      },
      // Counts include the new row: more than the cap means it did not fit (rolled back).
      {
        sql: `UPDATE preview_sessions SET trace_seq = 0 WHERE id = ?
              AND (SELECT COUNT(*) FROM preview_sessions WHERE created_by = ? AND ${ACTIVE}) <= ?
              AND (SELECT COUNT(*) FROM preview_sessions WHERE property_id = ? AND ${ACTIVE}) <= ?`,
        params: [
          session.id,
          session.createdBy,
          at,
          caps.perUser,
          session.propertyId,
          at,
          caps.perProperty,
        ],
        expect: 1,
      },
    );
    if (await this.sql.transaction(steps)) return null;
    const [mine] = await this.sql.all(
      `SELECT COUNT(*) AS n FROM preview_sessions WHERE created_by = ? AND ${ACTIVE}`,
      [session.createdBy, at],
    );
    return Number(mine?.n ?? 0) >= caps.perUser ? "user" : "property";
  }

  /** The session, unless it ended before `keptSince` (then it is as good as gone). */
  async get(id: string, keptSince: string): Promise<PreviewSession | undefined> {
    const [row] = await this.sql.all(
      `SELECT ${SESSION_COLUMNS} FROM preview_sessions
       WHERE id = ? AND (ended_at IS NULL OR ended_at >= ?)`,
      [id, keptSince],
    );
    return row && toSession(row);
  }

  /** A user's sessions of a property that did not end before `keptSince`, in no order. */
  async list(propertyId: string, user: string, keptSince: string): Promise<PreviewSession[]> {
    const rows = await this.sql.all(
      `SELECT ${SESSION_COLUMNS} FROM preview_sessions
       WHERE property_id = ? AND created_by = ? AND (ended_at IS NULL OR ended_at >= ?)`,
      [propertyId, user, keptSince],
    );
    return rows.map(toSession);
  }

  /** Ends an active session at `at`; false when it had already ended (or is unknown). */
  end(id: string, at: string): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: "UPDATE preview_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
        params: [at, id],
        expect: 1,
      },
    ]);
  }

  /** Ends a session whose expiry is at or before `now`, at its expiry; false when not one. */
  expire(id: string, now: string): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `UPDATE preview_sessions SET ended_at = expires_at
              WHERE id = ? AND ended_at IS NULL AND expires_at <= ?`,
        params: [id, now],
        expect: 1,
      },
    ]);
  }

  /** Ids of active sessions whose expiry is at or before `now`. */
  async due(now: string): Promise<string[]> {
    const rows = await this.sql.all(
      "SELECT id FROM preview_sessions WHERE ended_at IS NULL AND expires_at <= ?",
      [now],
    );
    return rows.map((r) => text(r.id));
  }

  /** Deletes sessions that ended before `keptSince`, with their traces. */
  async forgetEnded(keptSince: string): Promise<void> {
    await this.sql.transaction([
      {
        sql: `DELETE FROM preview_traces WHERE session_id IN
              (SELECT id FROM preview_sessions WHERE ended_at < ?)`,
        params: [keptSince],
      },
      { sql: "DELETE FROM preview_sessions WHERE ended_at < ?", params: [keptSince] },
    ]);
  }

  /** Records the revision pages now get; true when it changed. */
  setRevision(id: string, revision: number): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `UPDATE preview_sessions SET revision = ?
              WHERE id = ? AND (revision IS NULL OR revision <> ?)`,
        params: [revision, id, revision],
        expect: 1,
      },
    ]);
  }

  /**
   * Appends records to an active session (false, and nothing kept, when it is not active at
   * `now`) and deletes those beyond the last `keep`. Raising `trace_seq` first locks the
   * session's row, so concurrent reports to two nodes get distinct, ordered sequences; the
   * trim deletes only what this report pushed out.
   */
  async addTraces(id: string, traces: PreviewTrace[], keep: number, now: string): Promise<boolean> {
    const n = traces.length;
    const values = traces.map((_, i) => `(${i + 1}, ?)`).join(", ");
    return this.sql.transaction([
      {
        sql: `UPDATE preview_sessions SET trace_seq = trace_seq + ${n} WHERE id = ? AND ${ACTIVE}`,
        params: [id, now],
        expect: 1,
      },
      ...(n === 0
        ? []
        : [
            {
              sql: `INSERT INTO preview_traces (session_id, seq, record)
                    SELECT s.id, s.trace_seq - ${n} + v.column1, v.column2
                    FROM preview_sessions s, (VALUES ${values}) AS v WHERE s.id = ?`,
              params: [...traces.map((t) => JSON.stringify(t)), id],
            },
            {
              // Rows are trimmed on every insert, so the range holds at most this report's n.
              sql: `DELETE FROM preview_traces WHERE session_id = ? AND seq <=
                    (SELECT trace_seq FROM preview_sessions WHERE id = ?) - ${Math.floor(keep)}`,
              params: [id, id],
            },
          ]),
    ]);
  }

  /** The kept records after sequence `after`, oldest first. */
  async traces(id: string, after = 0): Promise<StoredTrace[]> {
    const rows = await this.sql.all(
      "SELECT seq, record FROM preview_traces WHERE session_id = ? AND seq > ? ORDER BY seq",
      [id, after],
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      trace: JSON.parse(String(r.record)) as PreviewTrace,
    }));
  }
}
