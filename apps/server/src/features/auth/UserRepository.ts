import type { Role, UserInfo } from "@liftoff/schema";
import type { Row, SqlClient } from "../../db/SqlClient.ts";

export interface UserRecord extends UserInfo {
  /** `scrypt$N$r$p$salt$hash` (features/auth/passwords.ts). */
  passwordHash: string;
}

/** A session as stored: the token itself is never kept, only its SHA-256. */
export interface SessionRecord {
  tokenHash: string;
  userId: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
}

const text = (v: unknown) => String(v);

const toUser = (r: Row): UserRecord => ({
  id: text(r.id),
  username: text(r.username),
  role: text(r.role) as Role,
  createdAt: text(r.created_at),
  passwordHash: text(r.password_hash),
});

/** Local accounts and their sessions. */
export class UserRepository {
  constructor(private readonly sql: SqlClient) {}

  async count(): Promise<number> {
    const [row] = await this.sql.all("SELECT COUNT(*) AS n FROM users");
    return Number(row?.n ?? 0);
  }

  async list(): Promise<UserRecord[]> {
    return (await this.sql.all("SELECT * FROM users ORDER BY username")).map(toUser);
  }

  async get(id: string): Promise<UserRecord | undefined> {
    const [row] = await this.sql.all("SELECT * FROM users WHERE id = ?", [id]);
    return row && toUser(row);
  }

  async getByName(username: string): Promise<UserRecord | undefined> {
    const [row] = await this.sql.all("SELECT * FROM users WHERE username = ?", [username]);
    return row && toUser(row);
  }

  /** False when the username is taken. */
  create(user: UserRecord): Promise<boolean> {
    return this.sql.transaction([
      {
        sql: `INSERT INTO users (id, username, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (username) DO NOTHING`,
        params: [user.id, user.username, user.role, user.passwordHash, user.createdAt],
        expect: 1,
      },
    ]);
  }

  /** False when there is no such user. A new password ends every session of the user. */
  update(id: string, changes: { role?: Role; passwordHash?: string }): Promise<boolean> {
    const steps = [];
    if (changes.role !== undefined)
      steps.push({
        sql: "UPDATE users SET role = ? WHERE id = ?",
        params: [changes.role, id],
        expect: 1,
      });
    if (changes.passwordHash !== undefined)
      steps.push(
        {
          sql: "UPDATE users SET password_hash = ? WHERE id = ?",
          params: [changes.passwordHash, id],
          expect: 1,
        },
        { sql: "DELETE FROM sessions WHERE user_id = ?", params: [id] },
      );
    if (steps.length === 0) return this.get(id).then(Boolean);
    return this.sql.transaction(steps);
  }

  remove(id: string): Promise<boolean> {
    return this.sql.transaction([
      { sql: "DELETE FROM sessions WHERE user_id = ?", params: [id] },
      { sql: "DELETE FROM users WHERE id = ?", params: [id], expect: 1 },
    ]);
  }

  async createSession(session: SessionRecord): Promise<void> {
    await this.sql.transaction([
      {
        sql: `INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at)
              VALUES (?, ?, ?, ?, ?)`,
        params: [
          session.tokenHash,
          session.userId,
          session.csrfToken,
          session.createdAt,
          session.expiresAt,
        ],
      },
      // Expired sessions are swept on sign-in so the table stays small without a timer.
      { sql: "DELETE FROM sessions WHERE expires_at < ?", params: [session.createdAt] },
    ]);
  }

  /** The session and its user, when the session exists and has not expired. */
  async getSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
    const [row] = await this.sql.all(
      `SELECT s.token_hash, s.user_id, s.csrf_token, s.created_at AS session_created_at, s.expires_at,
              u.id, u.username, u.role, u.password_hash, u.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
      [tokenHash],
    );
    if (!row) return undefined;
    const session: SessionRecord = {
      tokenHash: text(row.token_hash),
      userId: text(row.user_id),
      csrfToken: text(row.csrf_token),
      createdAt: text(row.session_created_at),
      expiresAt: text(row.expires_at),
    };
    if (Date.parse(session.expiresAt) <= now.getTime()) return undefined;
    return { session, user: toUser(row) };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.sql.transaction([
      { sql: "DELETE FROM sessions WHERE token_hash = ?", params: [tokenHash] },
    ]);
  }
}
