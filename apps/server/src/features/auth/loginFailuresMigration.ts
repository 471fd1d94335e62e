import type { Migration } from "../../db/migrate.ts";

// Version 5. The sign-in limiter's failures (features/auth/LoginLimiter.ts) live in the database so
// that every node behind a load balancer counts the same failures. A row is one failure
// under one key (an address, an account, or the pair); times are epoch milliseconds, the
// unit the limiter computes in, so both databases compare them the same way.
const table = (id: string) => `
CREATE TABLE login_failures (id ${id}, limiter_key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX login_failures_key_at ON login_failures (limiter_key, at);
CREATE INDEX login_failures_at ON login_failures (at);`;

export const loginFailuresMigration: Migration = {
  version: 5,
  name: "sign-in failures shared by every node",
  sqlite: table("INTEGER PRIMARY KEY"),
  postgres: table("BIGSERIAL PRIMARY KEY"),
};
