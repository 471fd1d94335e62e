import type { AuditEntry } from "@liftoff/schema";
import type { SqlClient } from "../../db/SqlClient.ts";

const text = (v: unknown) => String(v);

export type NewAuditEntry = Omit<AuditEntry, "id" | "at"> & { at?: string };

export interface AuditFilter {
  propertyId?: string;
  /** Entries with an id below this one (paging backwards). */
  before?: number;
  /** Newest first; default 100, at most 1000. */
  limit?: number;
}

/** The audit log: who did what, when, to which property; append-only. */
export class AuditRepository {
  constructor(private readonly sql: SqlClient) {}

  async append(entry: NewAuditEntry): Promise<void> {
    await this.sql.transaction([
      {
        sql: `INSERT INTO audit_log (at, user_name, action, property_id, target, revision, detail)
              VALUES (?, ?, ?, ?, ?, ?, ?)`,
        params: [
          entry.at ?? new Date().toISOString(),
          entry.user,
          entry.action,
          entry.propertyId ?? null,
          entry.target ?? null,
          entry.revision ?? null,
          entry.detail === undefined ? null : JSON.stringify(entry.detail),
        ],
      },
    ]);
  }

  async list(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.propertyId !== undefined) {
      where.push("property_id = ?");
      params.push(filter.propertyId);
    }
    if (filter.before !== undefined) {
      where.push("id < ?");
      params.push(filter.before);
    }
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const rows = await this.sql.all(
      `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY id DESC LIMIT ${limit}`,
      params,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: text(r.at),
      user: text(r.user_name),
      action: text(r.action),
      ...(r.property_id != null ? { propertyId: text(r.property_id) } : {}),
      ...(r.target != null ? { target: text(r.target) } : {}),
      ...(r.revision != null ? { revision: Number(r.revision) } : {}),
      ...(r.detail != null ? { detail: JSON.parse(text(r.detail)) as unknown } : {}),
    }));
  }
}
