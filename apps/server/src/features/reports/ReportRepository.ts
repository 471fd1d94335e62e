import type Database from "better-sqlite3";
import type pg from "pg";
import type { BreakdownQuery, ReportQuery, ReportTable } from "../../store/Store.ts";
import breakdownSql from "./breakdownSql.ts";
import { propertyRollup } from "./propertyRollups.ts";
import type { ReportRollups } from "./ReportRollups.ts";
import reportSql, { type ReportSql, type ReportValue } from "./reportSql.ts";

/** Reports over the stored events (docs/server.md, Reports). */
export interface ReportRepository {
  /**
   * Runs one of the reports in `reportDefinitions.ts`, or the property's own report the
   * query carries (`propertyReportSql.ts`); unknown names reject.
   */
  report(query: ReportQuery): Promise<ReportTable>;
  /** A breakdown by field paths of the stored events (`breakdownSql.ts`). */
  breakdown(query: BreakdownQuery): Promise<ReportTable>;
}

/** Reports on SQLite: every report reads the events (one node, a small database). */
export class SqliteReports implements ReportRepository {
  constructor(private readonly db: Database.Database) {}

  private run(build: () => ReportSql): Promise<ReportTable> {
    // better-sqlite3 throws synchronously; callers of the contract expect a rejection.
    try {
      const sql = build();
      const rows = this.db
        .prepare(sql.text)
        .raw()
        .all(...sql.params) as ReportValue[][];
      return Promise.resolve(sql.finish(rows));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  report(query: ReportQuery): Promise<ReportTable> {
    return this.run(() => reportSql(query, "sqlite"));
  }

  breakdown(query: BreakdownQuery): Promise<ReportTable> {
    return this.run(() => breakdownSql(query, "sqlite"));
  }
}

/** Reports on PostgreSQL: from the rollups where the range has them, else the events. */
export class PostgresReports implements ReportRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly rollups: ReportRollups,
  ) {}

  private async run(sql: ReportSql): Promise<ReportTable> {
    const { rows } = await this.pool.query<ReportValue[]>({
      text: sql.text,
      values: sql.params,
      rowMode: "array",
    });
    return sql.finish(rows);
  }

  async report(query: ReportQuery): Promise<ReportTable> {
    // A property's own report reads its own rollups (kept to its property); the raw query
    // answers the ranges no period of which is rolled up yet.
    const target =
      query.propertyReport && query.propertyId !== undefined
        ? propertyRollup(query.propertyId, query.propertyReport)
        : undefined;
    return (await this.rollups.report(query, target)) ?? this.run(reportSql(query, "postgres"));
  }

  breakdown(query: BreakdownQuery): Promise<ReportTable> {
    return this.run(breakdownSql(query, "postgres"));
  }
}
