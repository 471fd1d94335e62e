import type { BreakdownDefinition, SavedReport } from "@liftoff/schema";
import type { Row, SqlClient } from "../../db/SqlClient.ts";

const text = (v: unknown) => String(v);

/** What a rename or redefinition changes; `updatedBy` and `updatedAt` always. */
export interface SavedReportUpdate {
  name?: string;
  definition?: BreakdownDefinition;
  updatedBy: string;
  updatedAt: string;
}

/** `taken`: another report of the property has the name; `missing`: no such report. */
export type SavedReportWrite = "ok" | "taken" | "missing";

// PostgreSQL returns JSONB parsed; SQLite returns the text it was given.
const definitionOf = (value: unknown) =>
  (typeof value === "string" ? JSON.parse(value) : value) as BreakdownDefinition;

const reportOf = (r: Row): SavedReport => ({
  id: text(r.id),
  propertyId: text(r.property_id),
  name: text(r.name),
  definition: definitionOf(r.definition),
  createdBy: text(r.created_by),
  createdAt: text(r.created_at),
  updatedBy: text(r.updated_by),
  updatedAt: text(r.updated_at),
});

/**
 * Saved reports of each property (migration 11). It stores what it is given: the routes
 * (features/reports/savedReportRoutes.ts) validate every definition before it gets here.
 */
export class SavedReportRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The property's saved reports, by name. */
  async list(propertyId: string): Promise<SavedReport[]> {
    const rows = await this.sql.all(
      "SELECT * FROM saved_reports WHERE property_id = ? ORDER BY name, id",
      [propertyId],
    );
    return rows.map(reportOf);
  }

  async get(propertyId: string, id: string): Promise<SavedReport | undefined> {
    const rows = await this.sql.all(
      "SELECT * FROM saved_reports WHERE property_id = ? AND id = ?",
      [propertyId, id],
    );
    return rows[0] ? reportOf(rows[0]) : undefined;
  }

  /** False when the property already has a report of that name (nothing written). */
  create(report: SavedReport): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `INSERT INTO saved_reports (id, property_id, name, definition, created_by, created_at,
                updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        params: [
          report.id,
          report.propertyId,
          report.name,
          JSON.stringify(report.definition),
          report.createdBy,
          report.createdAt,
          report.updatedBy,
          report.updatedAt,
        ],
        uniqueIsMismatch: true,
      },
    ]);
  }

  async update(
    propertyId: string,
    id: string,
    change: SavedReportUpdate,
  ): Promise<SavedReportWrite> {
    const sets = ["updated_by = ?", "updated_at = ?"];
    const params: unknown[] = [change.updatedBy, change.updatedAt];
    if (change.name !== undefined) {
      sets.push("name = ?");
      params.push(change.name);
    }
    if (change.definition !== undefined) {
      sets.push("definition = ?");
      params.push(JSON.stringify(change.definition));
    }
    const written = await this.sql.transaction([
      {
        sql: `UPDATE saved_reports SET ${sets.join(", ")} WHERE property_id = ? AND id = ?`,
        params: [...params, propertyId, id],
        expect: 1,
        uniqueIsMismatch: true,
      },
    ]);
    if (written) return "ok";
    // A mismatch is either no row or a name another report holds: the row tells which.
    return (await this.get(propertyId, id)) ? "taken" : "missing";
  }

  /** False when there was no such report. */
  remove(propertyId: string, id: string): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: "DELETE FROM saved_reports WHERE property_id = ? AND id = ?",
        params: [propertyId, id],
        expect: 1,
      },
    ]);
  }
}
