import type { SqlClient } from "../../db/SqlClient.ts";

/**
 * Failed sign-ins by limiter key (features/auth/LoginLimiter.ts decides the keys and the rules), kept
 * in the store so that the nodes of a cluster count them together. Times are epoch ms.
 */
export class LoginFailureRepository {
  constructor(private readonly sql: SqlClient) {}

  /** The newest `limit` failures under `key` after `since`, oldest first. */
  async recent(key: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.sql.all(
      `SELECT at FROM login_failures WHERE limiter_key = ? AND at > ?
       ORDER BY at DESC, id DESC LIMIT ${Math.max(1, Math.floor(limit))}`,
      [key, since],
    );
    return rows.map((r) => Number(r.at)).reverse();
  }

  /**
   * Records one failure under each key, and deletes up to `pruneLimit` failures at or before
   * `expired` in the same transaction: each write removes more old rows than it adds, so the
   * table holds about one window of failures without a separate sweeper.
   */
  async record(keys: string[], at: number, expired: number, pruneLimit = 100): Promise<void> {
    await this.sql.transaction([
      {
        sql: `DELETE FROM login_failures WHERE id IN
              (SELECT id FROM login_failures WHERE at <= ? ORDER BY at LIMIT ${pruneLimit})`,
        params: [expired],
      },
      ...keys.map((key) => ({
        sql: "INSERT INTO login_failures (limiter_key, at) VALUES (?, ?)",
        params: [key, at],
      })),
    ]);
  }

  async clear(key: string): Promise<void> {
    await this.sql.transaction([
      { sql: "DELETE FROM login_failures WHERE limiter_key = ?", params: [key] },
    ]);
  }

  /** Rows kept (tests and operators check the pruning). */
  async size(): Promise<number> {
    const rows = await this.sql.all("SELECT COUNT(*) AS n FROM login_failures");
    return Number(rows[0]?.n ?? 0);
  }
}
