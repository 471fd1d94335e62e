import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { latestVersion } from "../store/migrations.ts";
import { PostgresStore } from "../store/PostgresStore.ts";
import { SqliteStore } from "../store/SqliteStore.ts";
import useTestPostgres from "../db/testPostgres.ts";

const CLI = new URL("./cli.ts", import.meta.url).href;
const PASSWORDS = new URL("../features/auth/passwords.ts", import.meta.url).href;
// The child resolves tsx and the workspace packages from the repository.
const REPO = fileURLToPath(new URL("../../../..", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "liftoff-startup-"));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cluster = useTestPostgres();

// Root may write any file; run as nobody then, so a read-only file is read-only.
const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

// A script file, not `-e`: the SQLite writer's worker threads inherit the child's flags, and
// `--input-type=module` would turn their CommonJS code into a module.
const SERVE = join(root, "serve.mjs");
writeFileSync(
  SERVE,
  `const { main } = await import(${JSON.stringify(CLI)});
// What loading the modules started (the sign-in's decoy password hash) kept the process alive
// for a while, by chance; once it settles, only the start-up itself can keep the process
// alive until its refusal is printed.
await (await import(${JSON.stringify(PASSWORDS)})).decoyHash;
process.exitCode = await main(["serve", "--port", "0", ...JSON.parse(process.argv[2])]);
`,
);

/** `liftoff serve` in a child process of its own: its stderr and exit code. */
function serve(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ["--conditions=liftoff:source", "--import", "tsx", SERVE, JSON.stringify(args)],
    {
      encoding: "utf8",
      timeout: 60_000,
      cwd: REPO,
      env: { ...process.env, HOME: root },
      ...asUser,
    },
  );
  return { code: run.status, stderr: run.stderr.trim(), stdout: run.stdout };
}

/** A data folder for the test, readable by the child whoever it runs as. */
function folder(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  return dir;
}

function expectOneLine(result: ReturnType<typeof serve>, ...parts: (string | RegExp)[]) {
  expect(result.code).toBe(1);
  expect(result.stdout).not.toContain("listening");
  const lines = result.stderr.split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^liftoff serve: /);
  for (const part of parts) expect(lines[0]).toMatch(part);
  expect(lines[0]).not.toMatch(/\n\s+at /);
}

describe("liftoff serve start-up errors name the database and the fix", () => {
  it("a file that is not a database", () => {
    const dir = folder("garbage");
    writeFileSync(join(dir, "liftoff.db"), "this is not a database, just some text\n".repeat(50));
    expectOneLine(
      serve("--data", dir),
      `${join(dir, "liftoff.db")} is not a usable SQLite database`,
      "--data DIR",
    );
  });

  it("a read-only database", () => {
    const dir = folder("readonly");
    const file = join(dir, "liftoff.db");
    new Database(file).exec("CREATE TABLE t (x)");
    chmodSync(file, 0o444);
    chmodSync(dir, 0o555);
    expectOneLine(serve("--data", dir), `${file} is read-only`, "write the file and its folder");
  });

  it("a data folder that cannot be created", () => {
    const parent = folder("locked");
    chmodSync(parent, 0o555);
    const dir = join(parent, "data");
    expectOneLine(serve("--data", dir), `cannot create the data folder ${dir}`, "--data DIR");
  });

  it("an unreachable PostgreSQL, without printing the password", () => {
    const result = serve("--db", "postgres://liftoff:s3cret@127.0.0.1:1/liftoff");
    expectOneLine(
      result,
      "cannot reach PostgreSQL at postgres://liftoff:***@127.0.0.1:1/liftoff",
      "--db sqlite",
    );
    expect(result.stderr).not.toContain("s3cret");
  });

  it("a PostgreSQL URL that is not one", () => {
    expectOneLine(
      serve("--db", "postgres://liftoff:s3cret@[nohost/liftoff"),
      "is not a valid PostgreSQL URL",
    );
  });

  describe("a database another node has migrated further: refused, nothing migrated", () => {
    const newer = latestVersion + 1;
    const refusal = [
      `schema version ${newer}`,
      `versions up to ${latestVersion}`,
      "upgrade this node",
    ];

    it("SQLite, 8 times of 8", { timeout: 180_000 }, async () => {
      const dir = folder("newer");
      const file = join(dir, "liftoff.db");
      const store = new SqliteStore(file);
      await store.migrate(1);
      await store.close();
      const db = new Database(file);
      db.prepare("INSERT INTO schema_migrations VALUES (?, 'from a newer release', ?)").run(
        newer,
        new Date().toISOString(),
      );
      db.close();
      // The child may run as another user (asUser): it opens the file to read and write.
      chmodSync(dir, 0o777);
      chmodSync(file, 0o666);
      // Every time, not most times: the refusal once depended on a race (the writer threads'
      // close was awaited with nothing keeping the process alive; exit code 13, no line).
      for (let run = 1; run <= 8; run++) {
        const result = serve("--data", dir);
        expect(result.code, `run ${run} of 8: ${result.stderr}`).toBe(1);
        expectOneLine(result, ...refusal);
      }
      const after = new Database(file, { readonly: true });
      const versions = after.prepare("SELECT version FROM schema_migrations ORDER BY 1").all();
      after.close();
      expect(versions).toEqual([{ version: 1 }, { version: newer }]);
    });

    it("PostgreSQL", async () => {
      const name = cluster.schema("newer");
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = cluster.url().replace(/\/[^/]*$/, `/${name}`);
      const store = new PostgresStore(url, { max: 1 });
      await store.migrate(1);
      await store.close();
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        await db.query("INSERT INTO schema_migrations VALUES ($1, 'from a newer release', now())", [
          newer,
        ]);
        expectOneLine(serve("--db", url), ...refusal);
        const { rows } = await db.query("SELECT version FROM schema_migrations ORDER BY 1");
        expect(rows).toEqual([{ version: 1 }, { version: newer }]);
      } finally {
        await db.end();
      }
    });
  });
});
